package com.camelexchange.paper;

import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.JsonRewrite;
import com.camelexchange.simulator.StreamFaults;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 27, defect 2, in paper mode: one live trade that cannot be read, on every REST trades page that holds it,
 * stalled the paper exchange's own feed (its catch-up after a stream drop asked for the same page forever), so no
 * paper order filled after it. Now the trade is refused and skipped with one WARN, the 20 trades after it reach the
 * paper exchange, each once and in order, and nothing moved on it: a resting order through whose price it would
 * have gone is not filled by it, the paper clock is not moved (an order placed after it fills on the next trade
 * through its price), and the balances move only on real fills.
 */
class PaperHostileTradeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int AFTER = 20;

    /** A field of a live trade and a value no exchange sends for it, as raw JSON. */
    static Stream<Arguments> hostileValues() {
        long nowSeconds = System.currentTimeMillis() / 1000;
        return Stream.of(Arguments.of("price", "1e999999999"), Arguments.of("price", "\"abc\""),
                Arguments.of("amount", "\"-1\""), Arguments.of("date", Long.toString(nowSeconds + 2 * 86_400)),
                Arguments.of("date", Long.toString(nowSeconds * 1000)),
                Arguments.of("tid", Long.toString(Long.MAX_VALUE)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("hostileValues")
    void aLiveTradeThatCannotBeReadIsSkippedAndThePaperExchangeGoesOn(String field, String raw) throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> {
                 c.setReconnectDelay(20);
                 c.setMaxReconnectDelay(100);
             }, null)) {
            live.trade("60000.00", "0.01", Side.BUY);
            String resting = paper.place(OrderSide.BUY, "59000.00", "0.2");
            Await.until(10, "the paper exchange follows A's trades",
                    () -> live.simulator().streamSubscriptions("btcusdt_trades") == 1);
            // A trade pushed and taken: the stream is read from both ends before it is dropped (a drop in the very
            // moment the connection opens may be noticed only at the next keep-alive).
            Trade pushed = live.tradeNow("60000.00", "0.01", Side.BUY);
            Await.until(10, "a pushed trade taken", () -> paper.paperExchange().simulator().tape(BTC).stream()
                    .anyMatch(t -> t.tid() == pushed.tid()));
            AccountInfo before = paper.account();

            // The stream drops while A trades: the trades come over REST, through the page that holds the bad one.
            StreamFaults faults = live.simulator().streamFaults();
            faults.refuseUpgrade(1_000_000).dropAll();
            Await.until(10, "the stream is down", () -> live.simulator().streamConnections() == 0);
            long bad = pushed.tid() + 1;
            AtomicInteger served = new AtomicInteger();
            live.simulator().faults().inject("trades", Fault.rewrite("trade " + bad + " " + field + ": " + raw,
                    atTrade(bad, field, raw, served)), 10_000);
            // Through the resting order's price: taken, it would fill it.
            assertThat(live.trade("58000.00", "1", Side.SELL).tid()).isEqualTo(bad);
            List<Long> after = new ArrayList<>();
            for (int i = 0; i < AFTER; i++) {
                after.add(live.tradeNow("59500.00", "0.01", Side.BUY).tid());
            }
            CapturedLog log = CapturedLog.of(() -> {
                while (faults.takeUpgradeRefusal()) {
                    // Lets the stream come back.
                }
                Await.until(10, "the 20 trades after the bad one reach the paper exchange", () -> paper
                        .paperExchange().simulator().tape(BTC).stream().anyMatch(t -> t.tid() == after.get(AFTER - 1)));
            });
            assertThat(served.get()).as("the catch-up read the page with the bad trade").isPositive();
            List<Long> fed = paper.paperExchange().simulator().tape(BTC).stream().map(Trade::tid)
                    .filter(tid -> tid >= bad).toList();
            assertThat(fed).as("the trades after it, once each, in order; not the bad one").isEqualTo(after);
            assertThat(log.lines("WARN", ReplyRefusals.class)).as(log.toString()).singleElement().asString()
                    .contains("trades of btc_usdt");
            assertThat(log.lines("WARN", LiveFeed.class)).as("the paper exchange was not handed it").isEmpty();
            assertThat(log.lines("WARN", CapturedLog.MARKET_CLOCK)).as(log.toString()).isEmpty();
            assertThat(log.hasStackTrace()).as(log.toString()).isFalse();

            assertThat(paper.order(resting).tradeAmount()).as("not filled by the bad trade").isEqualByComparingTo("0");
            assertThat(balances(paper.account())).as("nothing moved").isEqualTo(balances(before));
            assertThat(paper.paperExchange().simulator().feed().clockDisagreements()).isZero();

            // Placed now, by a paper clock the bad trade did not move: the next trade through its price, ten seconds
            // on by A's clock, comes after it and fills it (dated a day ahead, it would wait for a trade a day on).
            String later = paper.place(OrderSide.BUY, "59100.00", "0.05");
            live.trade("58500.00", "0.05", Side.SELL);
            Await.until(10, "the next trade through its price fills it",
                    () -> paper.order(later).status() == OrderStatus.FILLED);
            assertBalancesMovedOnlyByFills(paper);
            assertThat(live.signedRequests()).isZero();
        }
    }

    /** The trade {@code tid} of a trades reply, wherever the page holds it, with {@code field} set to {@code raw}. */
    private static UnaryOperator<String> atTrade(long tid, String field, String raw, AtomicInteger served) {
        return reply -> {
            try {
                JsonNode trades = JSON.readTree(reply);
                for (int i = 0; i < trades.size(); i++) {
                    if (trades.get(i).path("tid").asLong() == tid) {
                        served.incrementAndGet();
                        return JsonRewrite.set("/" + i + "/" + field, raw).apply(reply);
                    }
                }
            } catch (JsonProcessingException e) {
                // Not a list of trades: sent as it is.
            }
            return reply;
        };
    }

    private static List<BigDecimal> balances(AccountInfo account) {
        return List.of(account.coin("btc").total(), account.coin("usdt").total());
    }

    /** The balances: the starting ones moved by the paper account's fills and their fees, and by nothing else. */
    private static void assertBalancesMovedOnlyByFills(PaperContext paper) {
        SimulatorPaperExchange exchange = paper.paperExchange();
        List<Fill> fills = exchange.simulator().fills(exchange.accessKey());
        assertThat(fills).isNotEmpty().allSatisfy(f -> assertThat(f.side()).isEqualTo(Side.BUY));
        BigDecimal btc = new BigDecimal("2");
        BigDecimal usdt = new BigDecimal("100000");
        for (Fill fill : fills) {
            btc = btc.add(fill.amount()).subtract(fill.fee());
            usdt = usdt.subtract(fill.price().multiply(fill.amount()));
        }
        AccountInfo account = paper.account();
        assertThat(account.coin("btc").total()).isEqualByComparingTo(btc);
        assertThat(account.coin("usdt").total()).isEqualByComparingTo(usdt);
    }
}
