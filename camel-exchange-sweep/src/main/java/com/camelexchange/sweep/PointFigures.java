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
        return of(point, events, new Account(report.orders(), report.startingBalances(), report.fills(),
                report.quoteCoin(), report.feesValue(), report.pnl()), prices);
    }

    /**
     * What a point's figures are made of: the report's orders, starting balances, fills, quote coin, fees and P&amp;L.
     */
    record Account(long orders, Map<String, BigDecimal> starting, List<Fill> fills, String quote, BigDecimal fees,
                   BigDecimal pnl) {
    }

    static PointResult of(SweepPoint point, long events, Account account, RecordedPrices prices) {
        String quote = account.quote();
        int scale = moneyScale(prices, quote);
        Equity equity = equity(account, prices, quote);
        RoundTrips trips = roundTrips(account.fills(), prices);
        return new PointResult(point, events, account.orders(), account.fills().size(),
                account.fees().setScale(scale, RoundingMode.HALF_EVEN),
                account.pnl().setScale(scale, RoundingMode.HALF_EVEN),
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

    private static Equity equity(Account account, RecordedPrices prices, String quote) {
        Map<String, BigDecimal> balances = new TreeMap<>(account.starting());
        List<Fill> fills = account.fills();
        Map<String, BigDecimal> dust = new TreeMap<>();
        List<BigDecimal> values = new ArrayList<>();
        long exposed = 0;
        int next = 0;
        for (long minute = prices.firstMinute(); minute <= prices.lastMinute(); minute++) {
            long end = (minute + 1) * RecordedPrices.MINUTE;
            while (next < fills.size() && fills.get(next).time().toEpochMilli() < end) {
                Fill fill = fills.get(next++);
                String base = base(fill, prices);
                fill.moveBalances(balances, base);
                Market market = prices.market(fill.market());
                dust.putIfAbsent(base, market == null ? BigDecimal.ZERO : market.minAmount());
            }
            if (holds(balances, account.starting(), dust)) {
                exposed++;
            }
            values.add(value(balances, prices, quote, minute));
        }
        return new Equity(values, exposed);
    }

    /**
     * Whether the account holds a position: a traded coin's balance away from its starting one by at least its
     * market's minimum order amount (less is the dust fees leave, which no order could close).
     */
    private static boolean holds(Map<String, BigDecimal> balances, Map<String, BigDecimal> starting,
                                 Map<String, BigDecimal> dust) {
        for (Map.Entry<String, BigDecimal> coin : dust.entrySet()) {
            BigDecimal moved = balances.getOrDefault(coin.getKey(), BigDecimal.ZERO)
                    .subtract(starting.getOrDefault(coin.getKey(), BigDecimal.ZERO)).abs();
            if (moved.signum() > 0 && moved.compareTo(coin.getValue()) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static String base(Fill fill, RecordedPrices prices) {
        Market market = prices.market(fill.market());
        return market != null ? market.baseCoin() : fill.market().substring(0, fill.market().indexOf('_'));
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

    /** An open part of a position: the base coin it holds (+) or owes (-), and the quote coin per unit it cost or brought. */
    private static final class Lot {
        BigDecimal left;
        final BigDecimal perUnit;

        Lot(BigDecimal left, BigDecimal perUnit) {
            this.left = left;
            this.perUnit = perUnit;
        }
    }

    /**
     * Each fill that reduces a market's position closes a round trip, matched first in, first out against the
     * open fills before it, in what the fills moved: a buy's base coin received (its amount less a fee taken in it)
     * at the quote coin it paid (fee in the quote coin included) per unit; a sell's base coin given at the quote
     * coin it brought (less its fee) per unit. The round trip's P&amp;L is the amount matched times the difference of
     * the two per-unit figures, so both sides' fees are in it. What a fill does not match opens the other way.
     */
    private static RoundTrips roundTrips(List<Fill> fills, RecordedPrices prices) {
        Map<String, Deque<Lot>> open = new TreeMap<>();
        long count = 0;
        long won = 0;
        for (Fill fill : fills) {
            Deque<Lot> lots = open.computeIfAbsent(fill.market(), m -> new ArrayDeque<>());
            boolean buy = fill.side() == Side.BUY;
            boolean feeInBase = fill.feeCoin().equals(base(fill, prices));
            BigDecimal money = fill.price().multiply(fill.amount());
            BigDecimal moved = buy ? fill.amount().subtract(feeInBase ? fill.fee() : BigDecimal.ZERO)
                    : fill.amount().add(feeInBase ? fill.fee() : BigDecimal.ZERO);
            BigDecimal quoteMoved = buy ? money.add(feeInBase ? BigDecimal.ZERO : fill.fee())
                    : money.subtract(feeInBase ? BigDecimal.ZERO : fill.fee());
            if (moved.signum() <= 0) {
                continue;
            }
            BigDecimal perUnit = quoteMoved.divide(moved, MATH);
            int sign = buy ? 1 : -1;
            BigDecimal left = moved;
            BigDecimal pnl = BigDecimal.ZERO;
            boolean closed = false;
            while (left.signum() > 0 && !lots.isEmpty() && lots.peekFirst().left.signum() != sign) {
                Lot lot = lots.peekFirst();
                BigDecimal matched = lot.left.abs().min(left);
                // A long closed by a sell gains what the sell brought less what the buy cost; a short the reverse.
                BigDecimal gain = buy ? lot.perUnit.subtract(perUnit) : perUnit.subtract(lot.perUnit);
                pnl = pnl.add(gain.multiply(matched));
                lot.left = lot.left.signum() > 0 ? lot.left.subtract(matched) : lot.left.add(matched);
                left = left.subtract(matched);
                closed = true;
                if (lot.left.signum() == 0) {
                    lots.removeFirst();
                }
            }
            if (left.signum() > 0) {
                lots.addLast(new Lot(buy ? left : left.negate(), perUnit));
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
