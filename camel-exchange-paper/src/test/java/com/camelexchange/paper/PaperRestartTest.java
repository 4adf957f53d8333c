package com.camelexchange.paper;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.camelexchange.simulator.market.TradeTape;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A paper account kept in a state repository survives a restart: balances, open orders and their fills go on, and
 * the live trades of the downtime reach the kept open orders, every one once, from the restart on (without a signed
 * call naming the market). Both runs follow the live market by polling it over REST rather than streaming.
 */
class PaperRestartTest {
    /** More downtime trades than one page of the live service's trades holds. */
    private static final int DOWNTIME_TRADES = TradeTape.PAGE + 10;

    @Test
    void aRestartWithTheStateRepositoryKeepsBalancesAndOpenOrdersAndTakesTheDowntimeTrades() throws Exception {
        MemoryStateRepository repository = new MemoryStateRepository();
        AccountInfo before;
        int fillsBefore;
        String open;
        String offer;
        try (LiveStandIn live = new LiveStandIn().withBook()) {
            try (PaperContext first = PaperContext.paper(live, polling(repository), null)) {
                first.place(OrderSide.BUY, "60050.00", "0.5");
                open = first.place(OrderSide.BUY, "59000.00", "0.2");
                offer = first.place(OrderSide.SELL, "61000.00", "0.1");
                live.trade("58990.00", "0.05", Side.SELL);
                Await.until(10, "the polled trade fills part of the open buy",
                        () -> first.order(open).tradeAmount().signum() > 0);
                before = first.account();
                fillsBefore = first.paperExchange().simulator().fills(first.paperExchange().accessKey()).size();
            }
            assertThat(repository.getState("camel-exchange-paper")).as("saved when the component stopped")
                    .contains("\"accounts\"").doesNotContain("real-secret");

            // While the paper exchange is down: more than a page of trades through the open buy's price.
            List<Long> downtime = new ArrayList<>();
            for (int i = 0; i < DOWNTIME_TRADES; i++) {
                downtime.add(live.trade("58990.00", "0.002", Side.SELL).tid());
            }
            BigDecimal traded = new BigDecimal("0.002").multiply(BigDecimal.valueOf(DOWNTIME_TRADES));
            BigDecimal frozenAfter = before.coin("usdt").frozen().subtract(traded.multiply(new BigDecimal("59000")));

            try (PaperContext second = PaperContext.paper(live, polling(repository).andThen(c ->
                    c.setPaperBalances("usdt=1")), null)) {
                // getAccountInfo names no market: the kept open order's market is followed from the start.
                Await.until(10, "every downtime trade reaches the kept open buy",
                        () -> second.account().coin("usdt").frozen().compareTo(frozenAfter) == 0);
                SimulatorPaperExchange paper = second.paperExchange();
                assertThat(paper.simulator().tape(LiveStandIn.BTC)).as("each downtime trade taken once, in order")
                        .extracting(Trade::tid).containsExactlyElementsOf(downtime);
                List<Fill> fills = paper.simulator().fills(paper.accessKey());
                BigDecimal fees = fills.subList(fillsBefore, fills.size()).stream().map(Fill::fee)
                        .reduce(BigDecimal.ZERO, BigDecimal::add);
                AccountInfo after = second.account();
                assertThat(after.coin("usdt").available()).isEqualByComparingTo(before.coin("usdt").available());
                assertThat(after.coin("btc").frozen()).as("the kept offer").isEqualByComparingTo(
                        before.coin("btc").frozen());
                assertThat(after.coin("btc").available()).isEqualByComparingTo(
                        before.coin("btc").available().add(traded).subtract(fees));

                @SuppressWarnings("unchecked")
                List<Order> unfinished = second.call("exchange:getUnfinishedOrdersIgnoreTradeType?market="
                        + LiveStandIn.BTC, null, Map.of(), List.class);
                assertThat(unfinished).extracting(Order::id).containsExactlyInAnyOrder(open, offer);
                Order kept = second.order(open);
                assertThat(kept.tradeAmount()).as("0.05 before the restart and what traded through since")
                        .isEqualByComparingTo(new BigDecimal("0.05").add(traded));
                assertThat(kept.status()).isEqualTo(OrderStatus.PARTIALLY_FILLED);

                live.trade("58900.00", "1", Side.SELL);
                Await.until(10, "the kept order fills on after the restart",
                        () -> second.order(open).status() == OrderStatus.FILLED);
                assertThat(second.order(open).tradeAmount()).as("never more than its amount")
                        .isEqualByComparingTo("0.2");
                String next = second.place(OrderSide.BUY, "50000.00", "0.01");
                assertThat(Long.parseLong(next)).as("ids go on").isGreaterThan(Long.parseLong(offer));
            }
            assertThat(live.signedRequests()).isZero();
        }
    }

    /**
     * A live trade dated nearly a day ahead, before an order was placed, does not date the order ahead: the paper
     * exchange refuses it, the kept account carries the order's time by this machine's clock, and after a restart the
     * trade through its price made while the paper exchange was down fills it.
     */
    @Test
    void anOrderPlacedAfterALiveTradeDatedADayAheadIsKeptWithItsRightTimeAndFillsAfterARestart() throws Exception {
        MemoryStateRepository repository = new MemoryStateRepository();
        try (LiveStandIn live = new LiveStandIn().withBook()) {
            String open;
            long placedFrom;
            long placedTo;
            CapturedLog log;
            try (PaperContext first = PaperContext.paper(live, polling(repository), null)) {
                first.place(OrderSide.BUY, "50000.00", "0.01");
                live.trade("60000.00", "0.01", Side.BUY);
                log = CapturedLog.of(() -> {
                    live.tradeAhead(Duration.ofHours(22), "60000.00", "0.01", Side.BUY);
                    Await.until(10, "the paper exchange refuses the trade dated a day ahead",
                            () -> first.paperExchange().refused() == 1);
                });
                placedFrom = System.currentTimeMillis();
                open = first.place(OrderSide.BUY, "59000.00", "0.2");
                placedTo = System.currentTimeMillis();
            }
            Instant kept = keptMarketTime(repository, open);
            assertThat(kept.toEpochMilli()).as("kept at %s, by this machine's clock", kept)
                    .isBetween(placedFrom, placedTo);

            live.trade("58500.00", "0.05", Side.SELL);
            try (PaperContext second = PaperContext.paper(live, polling(repository), null)) {
                Await.until(10, "the trade through made while down fills the kept order",
                        () -> second.order(open).tradeAmount().signum() > 0);
                assertThat(second.order(open).tradeAmount()).isEqualByComparingTo("0.05");
            }
            assertThat(log.lines("WARN", LiveFeed.class)).as("the date refused, once: " + log).hasSize(1);
            assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
            assertThat(live.signedRequests()).isZero();
        }
    }

    /** The market time of an order of the paper account kept in the repository. */
    private static Instant keptMarketTime(MemoryStateRepository repository, String orderId) throws Exception {
        JsonNode state = new ObjectMapper().readTree(repository.getState("camel-exchange-paper"));
        for (JsonNode account : state.get("accounts").get("accounts")) {
            for (JsonNode order : account.get("orders")) {
                if (order.get("id").asText().equals(orderId)) {
                    return Instant.parse(order.get("marketTime").asText());
                }
            }
        }
        throw new AssertionError("no kept order " + orderId);
    }

    private static Consumer<ExchangeComponent> polling(MemoryStateRepository repository) {
        return c -> {
            c.setPaperStateRepository(repository);
            c.setPaperStreaming(false);
            c.setPaperPollDelay(20);
        };
    }

    /**
     * The component stopped and started again (not its context) serves its paper endpoints: an order placed after the
     * restart goes to the new run's paper exchange, which kept the account, instead of failing with "paper exchange
     * stopped" for good.
     */
    @Test
    void aComponentStoppedAndStartedAgainPlacesOrdersOnItsNewPaperExchange() throws Exception {
        MemoryStateRepository repository = new MemoryStateRepository();
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, polling(repository), null)) {
            String first = paper.place(OrderSide.BUY, "59000.00", "0.2");

            paper.component.stop();
            paper.component.start();

            String second = paper.place(OrderSide.BUY, "59001.00", "0.1");
            assertThat(paper.order(first).status()).as("kept by the account across the restart")
                    .isEqualTo(OrderStatus.PENDING);
            assertThat(paper.order(second).status()).isEqualTo(OrderStatus.PENDING);
            assertThat(live.simulator().signedRequestCount()).as("nothing signed reached the live service").isZero();
        }
    }
}
