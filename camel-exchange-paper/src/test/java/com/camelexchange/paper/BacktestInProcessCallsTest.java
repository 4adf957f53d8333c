package com.camelexchange.paper;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * In a backtest, a route's signed calls reach the paper exchange in process, on the route's thread: an order, a
 * look-up and a cancel make no HTTP request to it (nor any connection to the live address), and fill and rest as
 * they did over HTTP. The paper exchange listens nowhere and the client makes no connection pool: nothing of a
 * backtest goes over HTTP.
 */
class BacktestInProcessCallsTest {
    @TempDir
    Path dir;

    @Test
    void anOrderALookUpAndACancelMakeNoHttpRequestToThePaperExchange() throws Exception {
        Path recording = BacktestFixture.recording(dir, 20);
        List<String> seen = new CopyOnWriteArrayList<>();
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("report"), live.url(), new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:depth?market=" + BTC + "&streaming=true").routeId("strategy")
                            .filter(BacktestFixture.bookOfSecond(5))
                            .setBody(e -> OrderRequest.limit(BTC, OrderSide.BUY, "200", "0.5"))
                            .to("exchange:order")
                            .setBody(e -> OrderRequest.limit(BTC, OrderSide.BUY, "50", "0.5"))
                            .to("exchange:order")
                            .process(e -> e.getMessage().setHeader(ExchangeConstants.ORDER_ID,
                                    e.getMessage().getBody(PlacedOrder.class).id()))
                            .to("exchange:getOrder?market=" + BTC)
                            .process(e -> seen.add("resting " + e.getMessage().getBody(Order.class).status()))
                            .to("exchange:cancelOrder?market=" + BTC)
                            .to("exchange:getOrder?market=" + BTC)
                            .process(e -> seen.add("then " + e.getMessage().getBody(Order.class).status()))
                            .process(e -> seen.add(counters(paperSimulator(e))))
                            .process(e -> seen.add("connection pool made: " + (ClientInternals.transportIfMade(
                                    e.getContext().getComponent("exchange", ExchangeComponent.class)
                                            .clientResources()) != null)));
                }
            }, component -> component.setPaperLatency(0));
            assertThat(live.accepted()).as("connections to the live address").isZero();
        }
        assertThat(seen).containsExactly("resting " + OrderStatus.PENDING, "then " + OrderStatus.CANCELLED,
                "signed HTTP requests 0, calls in process 5, listening nowhere", "connection pool made: false");
        List<String> fills = BacktestFixture.fills(BacktestFixture.report(dir.resolve("report")));
        assertThat(fills).hasSize(1);
        assertThat(fills.get(0).split("\\s+")).containsSubsequence("2024-01-01T00:00:05Z", BTC, "BUY", "200", "105",
                "0.5");
    }

    private static ExchangeSimulator paperSimulator(Exchange e) {
        ExchangeComponent component = e.getContext().getComponent("exchange", ExchangeComponent.class);
        return ((SimulatorPaperExchange) component.paperExchange()).simulator();
    }

    private static String counters(ExchangeSimulator simulator) {
        String listening;
        try {
            listening = "listening on port " + simulator.port();
        } catch (IllegalStateException inProcessOnly) {
            listening = "listening nowhere";
        }
        return "signed HTTP requests " + simulator.signedRequestCount() + ", calls in process "
               + simulator.inProcessRequestCount() + ", " + listening;
    }
}
