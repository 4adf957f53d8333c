package com.camelexchange.sweep;

import com.camelexchange.client.model.Market;
import com.camelexchange.paper.PaperReport;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A point's figures from its backtest's report (orders, fills, fees, P&amp;L, and every fill on the recording's
 * clock) and the recording's prices. All in decimals: the account's value is taken at the end of each minute of
 * recording time from the first trade's minute to the last's (its balances moved by the fills of that minute and
 * before, as the report's equity curve moves them, each coin at its market's last trade of the minute); max drawdown,
 * Sharpe and exposure are of those values, win rate of the fills matched first in, first out.
 */
final class PointFigures {
    /** Enough digits that no figure shown at scale 4 depends on the rounding of the steps before. */
    private static final MathContext MATH = MathContext.DECIMAL128;
    static final int RATIO_SCALE = 4;
    private static final BigDecimal ZERO_RATIO = BigDecimal.ZERO.setScale(RATIO_SCALE);

    private PointFigures() {
    }

    static PointResult of(SweepPoint point, long events, PaperReport report, RecordedPrices prices) {
        if (report == null) {
            BigDecimal zero = BigDecimal.ZERO.setScale(moneyScale(prices, null));
            return new PointResult(point, events, 0, 0, zero, zero, zero, ZERO_RATIO, 0, ZERO_RATIO, ZERO_RATIO);
        }
        String quote = report.quoteCoin();
        int scale = moneyScale(prices, quote);
        Equity equity = equity(report, prices, quote);
        RoundTrips trips = roundTrips(report.fills(), quote);
        return new PointResult(point, events, report.orders(), report.fills().size(),
                report.feesValue().setScale(scale, RoundingMode.HALF_EVEN),
                report.pnl().setScale(scale, RoundingMode.HALF_EVEN),
                maxDrawdown(equity.values).setScale(scale, RoundingMode.HALF_EVEN),
                sharpe(equity.values).setScale(RATIO_SCALE, RoundingMode.HALF_EVEN), trips.count,
                ratio(trips.won, trips.count), ratio(equity.minutesExposed, equity.values.size()));
    }

    /** The report's scale: the price scale of the markets priced in the quote coin, at least 2. */
    private static int moneyScale(RecordedPrices prices, String quote) {
        int scale = 2;
        for (Market market : prices.markets().values()) {
            if (quote == null || market.quoteCoin().equals(quote)) {
                scale = Math.max(scale, market.priceScale());
            }
        }
        return scale;
    }

    private record Equity(List<BigDecimal> values, long minutesExposed) {
    }

    private static Equity equity(PaperReport report, RecordedPrices prices, String quote) {
        Map<String, BigDecimal> balances = new TreeMap<>(report.startingBalances());
        Map<String, BigDecimal> traded = new HashMap<>();
        List<Fill> fills = report.fills();
        List<BigDecimal> values = new ArrayList<>();
        long exposed = 0;
        int next = 0;
        for (long minute = prices.firstMinute(); minute <= prices.lastMinute(); minute++) {
            long end = (minute + 1) * RecordedPrices.MINUTE;
            while (next < fills.size() && fills.get(next).time().toEpochMilli() < end) {
                Fill fill = fills.get(next++);
                String base = prices.market(fill.market()) == null ? fill.market().substring(0,
                        fill.market().indexOf('_')) : prices.market(fill.market()).baseCoin();
                apply(balances, fill, base);
                traded.merge(base, fill.side() == Side.BUY ? fill.amount() : fill.amount().negate(), BigDecimal::add);
            }
            if (traded.values().stream().anyMatch(a -> a.signum() != 0)) {
                exposed++;
            }
            values.add(value(balances, prices, quote, minute));
        }
        return new Equity(values, exposed);
    }

    /** As the report's equity curve moves balances: a buy receives its amount less the fee, a sell the money less it. */
    private static void apply(Map<String, BigDecimal> balances, Fill fill, String base) {
        String quote = fill.market().substring(base.length() + 1);
        BigDecimal money = fill.price().multiply(fill.amount());
        if (fill.side() == Side.BUY) {
            balances.merge(base, fill.amount().subtract(fill.fee()), BigDecimal::add);
            balances.merge(quote, money.negate(), BigDecimal::add);
        } else {
            balances.merge(base, fill.amount().negate(), BigDecimal::add);
            balances.merge(quote, money.subtract(fill.fee()), BigDecimal::add);
        }
    }

    private static BigDecimal value(Map<String, BigDecimal> balances, RecordedPrices prices, String quote,
                                    long minute) {
        BigDecimal total = BigDecimal.ZERO;
        for (Map.Entry<String, BigDecimal> balance : balances.entrySet()) {
            BigDecimal price = balance.getKey().equals(quote) ? BigDecimal.ONE
                    : prices.close(balance.getKey() + "_" + quote, minute);
            if (price != null) {
                total = total.add(balance.getValue().multiply(price));
            }
        }
        return total;
    }

    private static BigDecimal maxDrawdown(List<BigDecimal> values) {
        BigDecimal peak = null;
        BigDecimal worst = BigDecimal.ZERO;
        for (BigDecimal value : values) {
            peak = peak == null || value.compareTo(peak) > 0 ? value : peak;
            worst = worst.max(peak.subtract(value));
        }
        return worst;
    }

    /** Mean over sample standard deviation (n - 1) of the minutes' returns; 0 without two returns or spread. */
    private static BigDecimal sharpe(List<BigDecimal> values) {
        List<BigDecimal> returns = new ArrayList<>();
        for (int i = 1; i < values.size(); i++) {
            if (values.get(i - 1).signum() > 0) {
                returns.add(values.get(i).divide(values.get(i - 1), MATH).subtract(BigDecimal.ONE));
            }
        }
        if (returns.size() < 2) {
            return BigDecimal.ZERO;
        }
        BigDecimal n = BigDecimal.valueOf(returns.size());
        BigDecimal mean = returns.stream().reduce(BigDecimal.ZERO, BigDecimal::add).divide(n, MATH);
        BigDecimal squares = BigDecimal.ZERO;
        for (BigDecimal r : returns) {
            BigDecimal d = r.subtract(mean);
            squares = squares.add(d.multiply(d, MATH));
        }
        BigDecimal variance = squares.divide(n.subtract(BigDecimal.ONE), MATH);
        if (variance.signum() == 0) {
            return BigDecimal.ZERO;
        }
        return mean.divide(variance.sqrt(MATH), MATH);
    }

    private record RoundTrips(long count, long won) {
    }

    /** An open part of a position: signed amount left (buys +, sells -), its price, and its fee per unit in quote. */
    private static final class Lot {
        BigDecimal left;
        final BigDecimal price;
        final BigDecimal feePerUnit;

        Lot(BigDecimal left, BigDecimal price, BigDecimal feePerUnit) {
            this.left = left;
            this.price = price;
            this.feePerUnit = feePerUnit;
        }
    }

    /**
     * Each fill that reduces a market's position closes a round trip, matched first in, first out against the open
     * fills before it; its P&amp;L is the price difference times the amount matched, less the matched share of both
     * sides' fees (valued in the quote coin at the fill's price). What it does not match opens the other way.
     */
    private static RoundTrips roundTrips(List<Fill> fills, String quote) {
        Map<String, Deque<Lot>> open = new TreeMap<>();
        long count = 0;
        long won = 0;
        for (Fill fill : fills) {
            Deque<Lot> lots = open.computeIfAbsent(fill.market(), m -> new ArrayDeque<>());
            BigDecimal feeValue = fill.feeCoin().equals(quote) ? fill.fee() : fill.fee().multiply(fill.price());
            BigDecimal feePerUnit = fill.amount().signum() == 0 ? BigDecimal.ZERO
                    : feeValue.divide(fill.amount(), MATH);
            int sign = fill.side() == Side.BUY ? 1 : -1;
            BigDecimal left = fill.amount();
            BigDecimal pnl = BigDecimal.ZERO;
            boolean closed = false;
            while (left.signum() > 0 && !lots.isEmpty() && lots.peekFirst().left.signum() != sign) {
                Lot lot = lots.peekFirst();
                BigDecimal matched = lot.left.abs().min(left);
                // A long lot closed by a sell gains sell - buy; a short lot closed by a buy gains sell - buy too.
                BigDecimal gain = sign < 0 ? fill.price().subtract(lot.price) : lot.price.subtract(fill.price());
                pnl = pnl.add(gain.multiply(matched)).subtract(lot.feePerUnit.add(feePerUnit).multiply(matched));
                lot.left = lot.left.signum() > 0 ? lot.left.subtract(matched) : lot.left.add(matched);
                left = left.subtract(matched);
                closed = true;
                if (lot.left.signum() == 0) {
                    lots.removeFirst();
                }
            }
            if (left.signum() > 0) {
                lots.addLast(new Lot(sign > 0 ? left : left.negate(), fill.price(), feePerUnit));
            }
            if (closed) {
                count++;
                if (pnl.signum() > 0) {
                    won++;
                }
            }
        }
        return new RoundTrips(count, won);
    }

    private static BigDecimal ratio(long part, long whole) {
        if (whole == 0) {
            return ZERO_RATIO;
        }
        return BigDecimal.valueOf(part).divide(BigDecimal.valueOf(whole), RATIO_SCALE, RoundingMode.HALF_EVEN);
    }
}
