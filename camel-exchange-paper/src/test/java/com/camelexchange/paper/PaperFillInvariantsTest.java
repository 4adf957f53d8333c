package com.camelexchange.paper;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.engine.DepthSnapshot;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paper trading on a live market that moves: simulator A's synthetic traders quote and trade step after step (a
 * seeded market, stepped by the test, a minute of A's clock a step), while the routes place resting and crossing
 * orders on paper every few steps. After each step, and before each order, the test waits until the paper exchange
 * has taken A's tape and book as they stand, so that it knows which trades came after an order and which fills
 * they brought. Every paper fill is checked against A's tape and the book the paper exchange saw when the order was
 * placed:
 * <ul>
 * <li>a taker fill is at the price of a level the book showed, within the order's limit, and the order took no more
 *     of a level than it showed: exactly what the levels up to its limit offered, up to its amount;</li>
 * <li>a maker fill is at the order's own price, and comes from a step of A's traders after the order was placed: in
 *     each step, an order's maker fills add up to no more than A traded through its price (and at its price, for
 *     the share {@code paperFillAtTouch} gives), and the maker fills of one side to no more than the trades that
 *     reached any of its orders;</li>
 * <li>every fee is the 0.2% of what the fill brought in, rounded up to 8 decimals; the balances are the starting
 *     ones moved by the fills and their fees, to the last decimal, and what is frozen is what the open orders hold;
 *     </li>
 * <li>A received no signed request.</li>
 * </ul>
 */
class PaperFillInvariantsTest {
    private static final BigDecimal FEE_RATE = new BigDecimal("0.002");
    private static final BigDecimal START_USDT = new BigDecimal("100000");
    private static final BigDecimal START_BTC = new BigDecimal("2");
    private static final int ROUNDS = 6;
    private static final int STEPS_PER_ROUND = 4;
    private static final int STEPS_AFTER = 24;

    /** An order of the test, with A's last trade and A's book (the one the paper exchange had) when it was placed. */
    private record Placed(String id, Side side, BigDecimal price, BigDecimal amount, boolean crossing, long lastTid,
                          DepthSnapshot book) {
    }

    /** One step of A's traders: its trades, and the paper fills made while the paper exchange took them. */
    private record Step(List<Trade> trades, List<Fill> fills) {
    }

    private final List<Placed> placed = new ArrayList<>();
    private final List<Step> steps = new ArrayList<>();
    /** The paper fills seen so far. */
    private int fillsSeen;

    @ParameterizedTest(name = "paperFillAtTouch={0}")
    @ValueSource(strings = {"0", "0.5"})
    void everyPaperFillStandsOnWhatTheLiveMarketShowedAndTraded(String atTouch) throws Exception {
        BigDecimal share = new BigDecimal(atTouch);
        try (LiveStandIn live = LiveStandIn.active(11);
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperFillAtTouch(atTouch), null)) {
            // A signed call naming the market: the paper exchange reads A's book and follows it from here.
            paper.call("exchange:getUnfinishedOrdersIgnoreTradeType?market=" + BTC, null, Map.of(), List.class);
            for (int round = 0; round < ROUNDS; round++) {
                DepthSnapshot book = caughtUp(live, paper);
                long lastTid = live.simulator().exchange().lastTrade(BTC).tid();
                BigDecimal bid = book.bids().get(0).price();
                BigDecimal ask = book.asks().get(0).price();
                Side crossing = round % 2 == 0 ? Side.BUY : Side.SELL;
                BigDecimal limit = (crossing == Side.BUY ? book.asks() : book.bids()).get(2).price();
                place(paper, crossing, limit, "0.0500", true, lastTid, book);
                place(paper, Side.BUY, bid, "0.0200", false, lastTid, book);
                place(paper, Side.BUY, away(bid, Side.BUY), "0.0200", false, lastTid, book);
                place(paper, Side.SELL, ask, "0.0200", false, lastTid, book);
                place(paper, Side.SELL, away(ask, Side.SELL), "0.0200", false, lastTid, book);
                for (int step = 0; step < STEPS_PER_ROUND; step++) {
                    step(live, paper);
                }
            }
            for (int step = 0; step < STEPS_AFTER; step++) {
                step(live, paper);
            }

            SimulatorPaperExchange exchange = paper.paperExchange();
            List<Fill> fills = exchange.simulator().fills(exchange.accessKey());
            for (Placed order : placed) {
                List<Fill> own = fills.stream().filter(f -> f.orderId() == Long.parseLong(order.id())).toList();
                checkTakerFills(order, own.stream().filter(f -> !f.maker()).toList());
                own.stream().filter(Fill::maker).forEach(f -> assertThat(f.price())
                        .as("a maker fill of %s at its own price", order.id()).isEqualByComparingTo(order.price()));
                checkOrderAsReported(order, own, paper.order(order.id()));
            }
            for (Step step : steps) {
                checkStep(step, share);
            }
            checkFeesAndBalances(fills, paper);

            assertThat(fills).as("taker fills").anyMatch(f -> !f.maker());
            assertThat(fills).as("maker fills").anyMatch(Fill::maker);
            assertThat(live.signedRequests()).as("signed requests A received").isZero();
        }
    }

    /** Waits until the paper exchange has A's last trade and A's book as A has them; A's book. */
    private static DepthSnapshot caughtUp(LiveStandIn live, PaperContext paper) throws InterruptedException {
        ExchangeSimulator a = live.simulator();
        ExchangeSimulator p = paper.paperExchange().simulator();
        Await.until(20, "the paper exchange has A's tape and book", () -> {
            Trade last = p.exchange().lastTrade(BTC);
            return last != null && last.tid() == a.exchange().lastTrade(BTC).tid()
                    && levels(p.exchange().depth(BTC, 50, null)).equals(levels(a.exchange().depth(BTC, 50, null)));
        });
        return a.exchange().depth(BTC, 50, null);
    }

    private static List<String> levels(DepthSnapshot depth) {
        List<String> out = new ArrayList<>();
        depth.asks().forEach(l -> out.add("ask " + plain(l.price()) + " " + plain(l.amount())));
        depth.bids().forEach(l -> out.add("bid " + plain(l.price()) + " " + plain(l.amount())));
        return out;
    }

    private static String plain(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString();
    }

    /** 0.05% further from the other side than {@code price}, at the price scale. */
    private static BigDecimal away(BigDecimal price, Side side) {
        return side == Side.BUY ? price.multiply(new BigDecimal("0.9995")).setScale(2, RoundingMode.DOWN)
                : price.multiply(new BigDecimal("1.0005")).setScale(2, RoundingMode.UP);
    }

    /** Places an order; the fills made meanwhile are all the order's own, taken from the book. */
    private void place(PaperContext paper, Side side, BigDecimal price, String amount, boolean crossing, long lastTid,
                       DepthSnapshot book) {
        OrderSide orderSide = side == Side.BUY ? OrderSide.BUY : OrderSide.SELL;
        String id = paper.call("exchange:order", OrderRequest.limit(BTC, orderSide, price.toPlainString(), amount),
                Map.of(), PlacedOrder.class).id();
        placed.add(new Placed(id, side, price, new BigDecimal(amount), crossing, lastTid, book));
        assertThat(newFills(paper)).as("the fills made while %s was placed", id)
                .allSatisfy(f -> assertThat(f.orderId()).isEqualTo(Long.parseLong(id)))
                .allSatisfy(f -> assertThat(f.maker()).isFalse());
    }

    /** One step of A's traders, with the trades it made and the fills they brought once the paper exchange has them. */
    private void step(LiveStandIn live, PaperContext paper) throws InterruptedException {
        long before = live.simulator().exchange().lastTrade(BTC).tid();
        live.step();
        caughtUp(live, paper);
        List<Trade> trades = live.simulator().exchange().tradesAfter(BTC, before);
        steps.add(new Step(trades, newFills(paper)));
    }

    private List<Fill> newFills(PaperContext paper) {
        SimulatorPaperExchange exchange = paper.paperExchange();
        List<Fill> all = exchange.simulator().fills(exchange.accessKey());
        List<Fill> fresh = List.copyOf(all.subList(fillsSeen, all.size()));
        fillsSeen = all.size();
        return fresh;
    }

    /** Whether a trade or level at {@code price} is through (beyond) a {@code side} order's {@code limit}. */
    private static int through(Side side, BigDecimal limit, BigDecimal price) {
        return side == Side.BUY ? limit.compareTo(price) : price.compareTo(limit);
    }

    private static void checkTakerFills(Placed order, List<Fill> taker) {
        if (!order.crossing()) {
            assertThat(taker).as("a resting order %s never takes", order.id()).isEmpty();
            return;
        }
        List<PriceLevel> shown = order.side() == Side.BUY ? order.book().asks() : order.book().bids();
        Map<BigDecimal, BigDecimal> taken = new LinkedHashMap<>();
        for (Fill fill : taker) {
            assertThat(through(order.side(), order.price(), fill.price())).as("within the limit of %s", order.id())
                    .isGreaterThanOrEqualTo(0);
            assertThat(shown).as("a level shown, at its price: %s", fill).anyMatch(l -> l.price().compareTo(
                    fill.price()) == 0);
            taken.merge(fill.price().stripTrailingZeros(), fill.amount(), BigDecimal::add);
        }
        BigDecimal offered = BigDecimal.ZERO;
        for (PriceLevel level : shown) {
            if (through(order.side(), order.price(), level.price()) < 0) {
                break;
            }
            assertThat(taken.getOrDefault(level.price().stripTrailingZeros(), BigDecimal.ZERO))
                    .as("taken of the level at %s", level.price()).isLessThanOrEqualTo(level.amount());
            offered = offered.add(level.amount());
        }
        BigDecimal total = taker.stream().map(Fill::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(total).as("what the levels up to the limit of %s offered, up to its amount", order.id())
                .isEqualByComparingTo(offered.min(order.amount()));
    }

    /** What the trades after an order's placement offered it: those through its price, and the share at it. */
    private static BigDecimal reachable(Placed order, Trade trade, BigDecimal share) {
        if (trade.tid() <= order.lastTid()) {
            return BigDecimal.ZERO;
        }
        int through = through(order.side(), order.price(), trade.price());
        if (through > 0) {
            return trade.amount();
        }
        return through == 0 ? trade.amount().multiply(share).setScale(4, RoundingMode.DOWN) : BigDecimal.ZERO;
    }

    /**
     * A step's fills are maker fills of orders placed before it, each order's no more than the step's trades offered
     * it, and each side's no more than the trades that reached any of its orders (a trade's amount is shared by the
     * orders of a side).
     */
    private void checkStep(Step step, BigDecimal share) {
        for (Fill fill : step.fills()) {
            assertThat(fill.maker()).as("a fill while A traded: %s", fill).isTrue();
        }
        for (Placed order : placed) {
            BigDecimal filled = step.fills().stream().filter(f -> f.orderId() == Long.parseLong(order.id()))
                    .map(Fill::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
            BigDecimal offered = step.trades().stream().map(t -> reachable(order, t, share))
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(filled).as("%s's maker fills against what A traded through it in the step", order.id())
                    .isLessThanOrEqualTo(offered);
        }
        for (Side side : Side.values()) {
            BigDecimal budget = BigDecimal.ZERO;
            for (Trade trade : step.trades()) {
                budget = budget.add(placed.stream().filter(o -> o.side() == side).map(o -> reachable(o, trade, share))
                        .max(BigDecimal::compareTo).orElse(BigDecimal.ZERO));
            }
            BigDecimal filled = step.fills().stream().filter(f -> f.side() == side).map(Fill::amount)
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(filled).as("the %s side's maker fills against the step's trades that reached it", side)
                    .isLessThanOrEqualTo(budget);
        }
    }

    private static void checkOrderAsReported(Placed order, List<Fill> own, Order reported) {
        BigDecimal amount = own.stream().map(Fill::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal money = own.stream().map(f -> f.price().multiply(f.amount())).reduce(BigDecimal.ZERO,
                BigDecimal::add);
        assertThat(reported.tradeAmount()).as("traded of %s", order.id()).isEqualByComparingTo(amount);
        assertThat(reported.tradeMoney()).as("traded value of %s", order.id()).isEqualByComparingTo(money);
        assertThat(reported.totalAmount()).isEqualByComparingTo(order.amount());
    }

    private void checkFeesAndBalances(List<Fill> fills, PaperContext paper) {
        BigDecimal btc = START_BTC;
        BigDecimal usdt = START_USDT;
        for (Fill fill : fills) {
            BigDecimal value = fill.price().multiply(fill.amount());
            BigDecimal received = fill.side() == Side.BUY ? fill.amount() : value;
            assertThat(fill.fee()).as("the fee of %s", fill).isEqualByComparingTo(
                    received.multiply(FEE_RATE).setScale(8, RoundingMode.UP));
            assertThat(fill.feeCoin()).isEqualTo(fill.side() == Side.BUY ? "btc" : "usdt");
            if (fill.side() == Side.BUY) {
                btc = btc.add(fill.amount()).subtract(fill.fee());
                usdt = usdt.subtract(value);
            } else {
                btc = btc.subtract(fill.amount());
                usdt = usdt.add(value).subtract(fill.fee());
            }
        }
        BigDecimal frozenUsdt = BigDecimal.ZERO;
        BigDecimal frozenBtc = BigDecimal.ZERO;
        for (Placed order : placed) {
            Order now = paper.order(order.id());
            if (now.status() == OrderStatus.PENDING || now.status() == OrderStatus.PARTIALLY_FILLED) {
                if (order.side() == Side.BUY) {
                    frozenUsdt = frozenUsdt.add(now.remainingAmount().multiply(order.price()));
                } else {
                    frozenBtc = frozenBtc.add(now.remainingAmount());
                }
            }
        }
        AccountInfo account = paper.account();
        assertThat(account.coin("btc").total()).as("btc: 2 moved by the fills, less the fees in btc")
                .isEqualByComparingTo(btc);
        assertThat(account.coin("usdt").total()).as("usdt: 100000 moved by the fills, less the fees in usdt")
                .isEqualByComparingTo(usdt);
        assertThat(account.coin("btc").frozen()).as("what the open sells hold").isEqualByComparingTo(frozenBtc);
        assertThat(account.coin("usdt").frozen()).as("what the open buys hold").isEqualByComparingTo(frozenUsdt);
    }
}
