package com.camelexchange.paper;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.errorhandler.DefaultErrorHandlerDefinition;

import java.util.Map;
import java.util.function.Consumer;

/**
 * A Camel context whose exchange component reads simulator A's market and, in paper mode, trades on the paper
 * exchange; its routes sign (if they signed at all) with the real keys A knows.
 */
final class PaperContext implements AutoCloseable {
    final DefaultCamelContext context = new DefaultCamelContext();
    final ExchangeComponent component;
    final ProducerTemplate template;

    private PaperContext(String baseUrl, Consumer<ExchangeComponent> options, RouteBuilder routes) throws Exception {
        component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(baseUrl);
        component.getConfiguration().setAccessKey(LiveStandIn.REAL_KEY);
        component.getConfiguration().setSecretKey(LiveStandIn.REAL_SECRET);
        component.getConfiguration().setReadRetryDelay(20);
        options.accept(component);
        // Failures the tests provoke are asserted on the exchange, not logged with a stack trace.
        DefaultErrorHandlerDefinition quiet = new DefaultErrorHandlerDefinition().logExhausted(false);
        quiet.setLevel(LoggingLevel.OFF.name());
        context.getCamelContextExtension().setErrorHandlerFactory(quiet);
        if (routes != null) {
            context.addRoutes(routes);
        }
        context.start();
        template = context.createProducerTemplate();
    }

    /**
     * Paper mode on A's market with 100,000 usdt and 2 btc, orders and cancels taking effect at once (no
     * {@code paperLatency}: these tests set A's market by hand at exact moments; latency has tests of its own), and
     * whatever else {@code options} sets.
     */
    static PaperContext paper(LiveStandIn live, Consumer<ExchangeComponent> options, RouteBuilder routes)
            throws Exception {
        return new PaperContext(live.simulator().baseUrl(), component -> {
            component.setPaper(true);
            component.setPaperBalances("usdt=100000,btc=2");
            component.setPaperLatency(0);
            options.accept(component);
        }, routes);
    }

    /** Live mode against an exchange at {@code baseUrl}, signing with these keys. */
    static PaperContext live(String baseUrl, String accessKey, String secretKey, RouteBuilder routes) throws Exception {
        return new PaperContext(baseUrl, component -> {
            component.getConfiguration().setAccessKey(accessKey);
            component.getConfiguration().setSecretKey(secretKey);
        }, routes);
    }

    Exchange send(String uri, Object body, Map<String, Object> headers) {
        return template.request(uri, e -> {
            e.getMessage().setBody(body);
            headers.forEach(e.getMessage()::setHeader);
        });
    }

    <T> T call(String uri, Object body, Map<String, Object> headers, Class<T> type) {
        Exchange reply = send(uri, body, headers);
        if (reply.getException() != null) {
            throw new AssertionError("call failed: " + uri, reply.getException());
        }
        return reply.getMessage().getBody(type);
    }

    String place(OrderSide side, String price, String amount) {
        return call("exchange:order", OrderRequest.limit(LiveStandIn.BTC, side, price, amount), Map.of(),
                PlacedOrder.class).id();
    }

    Order order(String id) {
        return call("exchange:getOrder?market=" + LiveStandIn.BTC, null, Map.of(ExchangeConstants.ORDER_ID, id),
                Order.class);
    }

    void cancel(String id) {
        call("exchange:cancelOrder?market=" + LiveStandIn.BTC, null, Map.of(ExchangeConstants.ORDER_ID, id),
                Object.class);
    }

    AccountInfo account() {
        return call("exchange:getAccountInfo", null, Map.of(), AccountInfo.class);
    }

    /** The paper exchange the component started at its first signed call. */
    SimulatorPaperExchange paperExchange() {
        return (SimulatorPaperExchange) component.paperExchange();
    }

    @Override
    public void close() {
        context.stop();
    }
}
