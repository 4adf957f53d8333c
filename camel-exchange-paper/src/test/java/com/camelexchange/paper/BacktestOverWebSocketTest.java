package com.camelexchange.paper;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Trade;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A backtest whose routes trade over the WebSocket ({@code tradeOver=websocket}): their frames are served by the
 * paper exchange in process, on the route's thread, and the run writes the same report, byte for byte (summary,
 * orders, fills, balances), as the same routes over REST; nothing reaches the live address.
 */
class BacktestOverWebSocketTest {
    @TempDir
    Path dir;

    @Test
    void theSameRoutesOverTheWebSocketWriteTheSameReportAsOverRest() throws Exception {
        Path recording = BacktestFixture.recording(dir, 60);
        AtomicReference<String> restCounters = new AtomicReference<>();
        AtomicReference<String> wsCounters = new AtomicReference<>();
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("rest"), live.url(), strategy("", restCounters), c -> { });
            BacktestFixture.run(recording, dir.resolve("ws"), live.url(),
                    strategy("tradeOver=websocket", wsCounters), c -> { });
            assertThat(live.accepted()).as("connections to the live address").isZero();
        }
        String rest = BacktestFixture.report(dir.resolve("rest"));
        String ws = BacktestFixture.report(dir.resolve("ws"));
        assertThat(BacktestFixture.fills(rest)).hasSizeGreaterThan(10);
        assertThat(ws).isEqualTo(rest);
        assertThat(wsCounters.get()).as("over the WebSocket: frames in process, no order or cancel over REST")
                .matches("signed HTTP requests 0, order over REST 0, cancelOrder over REST 0, frames \\d+");
        assertThat(Long.parseLong(wsCounters.get().replaceAll(".* frames ", ""))).isGreaterThan(20);
        assertThat(restCounters.get()).startsWith("signed HTTP requests 0, order over REST ")
                .doesNotContain("order over REST 0,");
    }

    /**
     * As {@link BacktestDeterminismTest}'s strategy, over the endpoints' {@code options}: every fourth trade buys
     * 0.1 btc through the book, every fourth two later offers 0.1 btc above it; each placed order is
     * looked up, and the one placed before it cancelled (refused when it filled meanwhile, as over REST).
     */
    private static RouteBuilder strategy(String options, AtomicReference<String> counters) {
        String with = options.isEmpty() ? "" : "?" + options;
        String and = options.isEmpty() ? "" : "&" + options;
        AtomicReference<String> resting = new AtomicReference<>();
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + BTC + "&streaming=true").routeId("strategy")
                        .process(e -> e.getMessage().setBody(
                                BacktestFixture.takerOrMaker(e.getMessage().getBody(Trade.class))))
                        .filter(body().isNotNull())
                        .to("exchange:order" + with)
                        .process(e -> e.getMessage().setHeader(ExchangeConstants.ORDER_ID,
                                e.getMessage().getBody(PlacedOrder.class).id()))
                        .to("exchange:getOrder?market=" + BTC + and)
                        .process(e -> {
                            String id = e.getMessage().getHeader(ExchangeConstants.ORDER_ID, String.class);
                            String before = resting.getAndSet(id);
                            e.getMessage().setHeader(ExchangeConstants.ORDER_ID, before);
                        })
                        .filter(header(ExchangeConstants.ORDER_ID).isNotNull())
                        // The order before may have filled since: its cancel is then refused (3001), as over REST.
                        .doTry().to("exchange:cancelOrder?market=" + BTC + and)
                        .doCatch(ExchangeErrorReplyException.class).end()
                        .process(e -> counters.set(counters(paperSimulator(e))));
            }
        };
    }

    private static ExchangeSimulator paperSimulator(Exchange e) {
        ExchangeComponent component = e.getContext().getComponent("exchange", ExchangeComponent.class);
        return ((SimulatorPaperExchange) component.paperExchange()).simulator();
    }

    private static String counters(ExchangeSimulator simulator) {
        return "signed HTTP requests " + simulator.signedRequestCount() + ", order over REST "
               + simulator.requestCount("order") + ", cancelOrder over REST " + simulator.requestCount("cancelOrder")
               + ", frames " + (simulator.inProcessRequestCount() - simulator.requestCount("getOrders")
                                - simulator.requestCount("getOrder") - simulator.requestCount("order")
                                - simulator.requestCount("cancelOrder"));
    }
}
