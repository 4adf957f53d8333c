package com.camelexchange.component;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A component stopped and started again serves the endpoints it had: their calls go out on its new transport, and a
 * route restarted after it polls again. Before, every endpoint kept the client of the stopped run and failed for good
 * ("Connection pool shut down").
 */
class ComponentRestartTest extends TradingTestSupport {

    @Test
    void aRestartedComponentServesTheEndpointsItHad() throws Exception {
        simulator = ExchangeSimulator.builder().quiet().limits(SimulatorLimits.none()).build().start();
        simulator.createAccount("restart", "restart-secret");
        long start = addTrade();
        List<Long> trades = new CopyOnWriteArrayList<>();
        startContext(ApiVariant.A, "restart", "restart-secret", new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=btc_usdt&delay=10&since=" + start).routeId("trades")
                        .process(e -> trades.add(e.getMessage().getBody(Trade.class).tid()));
            }
        });
        long before = addTrade();
        Await.until(10, "the route polls", () -> trades.contains(before));
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);

        // The route first: a poll under way while the component stops would fail on its closed pool, and say so.
        context.getRouteController().stopRoute("trades");
        component.stop();
        component.start();
        context.getRouteController().startRoute("trades");

        assertThat(call("exchange:ticker?market=btc_usdt", null, Ticker.class)).isNotNull();
        PlacedOrder placed = call("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000", "0.01"),
                PlacedOrder.class);
        assertThat(simulator.account("restart").hasOrder("btc_usdt", placed.customerOrderId())).isTrue();
        long after = addTrade();
        Await.until(10, "the restarted route polls on from where it was", () -> trades.contains(after));
        assertThat(trades).containsExactly(before, after);
    }

    /** Adds a trade to btc_usdt's tape; its id. */
    private long addTrade() {
        simulator.exchange().recordHistoricalTrade("btc_usdt", System.currentTimeMillis(), new BigDecimal("65000"),
                new BigDecimal("0.01"), Side.BUY);
        return simulator.exchange().lastTrade("btc_usdt").tid();
    }
}
