package com.camelexchange.paper;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.TradeTransport;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.paper.Backtest;
import com.camelexchange.client.paper.PaperOptions;
import com.camelexchange.client.paper.PaperRun;
import com.camelexchange.client.paper.PaperSettings;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;

import java.util.Map;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paper mode trading over the WebSocket: the client's (or the component's) signed calls go as frames on a connection
 * to the paper exchange's own {@code /websocket} on loopback, signed with the paper keys, and fill against the live
 * book as over REST; the live service sees no frame and no signed request. A program's backtest over the WebSocket
 * (its frames in process) ends with the summary it has over REST.
 */
class PaperOverWebSocketTest {
    @TempDir
    Path dir;

    @Test
    void aProgramsClientOverTheWebSocketPlacesLooksUpAndCancelsOnThePaperExchangeOnly() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             ExchangeClient reader = ExchangeClient.builder().baseUrl(live.simulator().baseUrl()).build();
             PaperRun run = PaperRun.builder().account(PaperSettings.startingWith("usdt=100000,btc=2")
                             .withFills(PaperOptions.fills(null, null, 0))).liveMarketFrom(() -> reader).open();
             ExchangeClient client = run.configure(ExchangeClient.builder().baseUrl(live.simulator().baseUrl()))
                     .tradeOver(TradeTransport.WEBSOCKET).build()) {
            assertThat(client.tradeTransport()).isEqualTo(TradeTransport.WEBSOCKET);
            PlacedOrder taker = client.placeOrder(OrderRequest.limit(BTC, OrderSide.BUY, "60050.00", "0.5"));
            PlacedOrder maker = client.placeOrder(OrderRequest.limit(BTC, OrderSide.BUY, "59000.00", "0.1"));
            Order taken = client.order(BTC, taker.id());
            client.cancelOrder(BTC, maker.id());

            assertThat(taken.status()).isEqualTo(OrderStatus.FILLED);
            assertThat(taken.tradeMoney()).as("the live asks, best first: 0.3 x 60000 + 0.2 x 60010")
                    .isEqualByComparingTo("30002");
            assertThat(client.order(BTC, maker.id()).status()).isEqualTo(OrderStatus.CANCELLED);
            ExchangeSimulator paper = ((SimulatorPaperExchange) run.runningExchange()).simulator();
            assertThat(frames(paper)).as("frames the paper exchange served: order x2, getOrder x2, cancelOrder")
                    .isEqualTo("order 2, getorder 2, cancelorder 1");
            assertThat(paper.requestCount("order") + paper.requestCount("getOrder") + paper.requestCount("cancelOrder"))
                    .as("the same calls over REST").isZero();
            assertThat(live.signedRequests()).as("signed requests the live service saw").isZero();
            assertThat(frames(live.simulator())).as("frames the live service saw")
                    .isEqualTo("order 0, getorder 0, cancelorder 0");
        }
    }

    @Test
    void aComponentInPaperModeTakesTradeOverWebSocketAndFillsAsOverRest() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperLatency(0), null)) {
            PlacedOrder placed = paper.call("exchange:order?tradeOver=websocket",
                    OrderRequest.limit(BTC, OrderSide.BUY, "60050.00", "0.5"), Map.of(), PlacedOrder.class);
            Order taken = paper.call("exchange:getOrder?tradeOver=websocket&market=" + BTC, null,
                    Map.of(ExchangeConstants.ORDER_ID, placed.id()), Order.class);
            String resting = paper.call("exchange:order?tradeOver=websocket",
                    OrderRequest.limit(BTC, OrderSide.SELL, "61000.00", "0.1"), Map.of(), PlacedOrder.class).id();
            paper.call("exchange:cancelOrder?tradeOver=websocket&market=" + BTC, null,
                    Map.of(ExchangeConstants.ORDER_ID, resting), Object.class);

            assertThat(taken.status()).isEqualTo(OrderStatus.FILLED);
            assertThat(taken.tradeMoney()).isEqualByComparingTo("30002");
            assertThat(paper.order(resting).status()).isEqualTo(OrderStatus.CANCELLED);
            assertThat(frames(paper.paperExchange().simulator()))
                    .isEqualTo("order 2, getorder 1, cancelorder 1");
            assertThat(live.signedRequests()).isZero();
            assertThat(frames(live.simulator())).isEqualTo("order 0, getorder 0, cancelorder 0");
        }
    }

    @Test
    void aProgramsBacktestOverTheWebSocketEndsWithTheSummaryItHasOverRest() throws Exception {
        Path recording = BacktestFixture.recording(dir, 30);
        String rest = backtest(recording, TradeTransport.REST);
        String ws = backtest(recording, TradeTransport.WEBSOCKET);
        assertThat(rest).as("orders and fills").contains("orders=29 fills=");
        assertThat(ws).isEqualTo(rest);
    }

    /**
     * A client of {@code road} buys 0.1 btc at the best ask of every book after the first and looks the order up; the
     * backtest's summary line without its timings (seconds, events per second).
     */
    private String backtest(Path recording, TradeTransport road) throws Exception {
        try (PaperRun run = PaperRun.builder().replayFrom(recording)
                .account(PaperSettings.startingWith("usdt=10000,btc=1")).open();
             ExchangeClient client = run.configure(ExchangeClient.builder()).tradeOver(road).build()) {
            run.backtest().onDepth(BTC, book -> {
                if (book.bestAsk().price().compareTo(new BigDecimal("100")) > 0) {
                    PlacedOrder order = client.placeOrder(OrderRequest.limit(BTC, OrderSide.BUY,
                            book.bestAsk().price().toPlainString(), "0.1"));
                    client.order(BTC, order.id());
                }
            });
            assertThat(run.runBacktest()).isEqualTo(Backtest.State.FINISHED);
            ExchangeSimulator paper = ((SimulatorPaperExchange) run.runningExchange()).simulator();
            assertThat(paper.requestCount("order")).as("orders over REST")
                    .isEqualTo(road == TradeTransport.REST ? 29 : 0);
            assertThat(paper.signedRequestCount()).as("signed HTTP requests").isZero();
            return run.backtest().summary().replaceAll(" seconds=[0-9.]+ eventsPerSecond=\\d+", "");
        }
    }

    private static String frames(ExchangeSimulator simulator) {
        return "order " + simulator.streamRequestCount("order") + ", getorder "
               + simulator.streamRequestCount("getorder") + ", cancelorder "
               + simulator.streamRequestCount("cancelorder");
    }
}
