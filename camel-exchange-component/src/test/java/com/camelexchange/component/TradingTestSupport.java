package com.camelexchange.component;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Camel contexts whose exchange component signs with a simulator account's keys. */
abstract class TradingTestSupport {
    protected ExchangeSimulator simulator;
    protected final List<CamelContext> contexts = new ArrayList<>();
    protected CamelContext context;
    protected ProducerTemplate template;

    @AfterEach
    void stopAll() {
        contexts.forEach(CamelContext::stop);
        if (simulator != null) {
            simulator.stop();
        }
    }

    /** A context with an {@code exchange} component for these keys; extra routes are optional. */
    protected CamelContext startContext(ApiVariant variant, String accessKey, String secretKey, RouteBuilder routes)
            throws Exception {
        DefaultCamelContext ctx = new DefaultCamelContext();
        ExchangeComponent component = ctx.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setApiVariant(variant);
        component.getConfiguration().setAccessKey(accessKey);
        component.getConfiguration().setSecretKey(secretKey);
        component.getConfiguration().setReadRetryDelay(20);
        ExpectedFailures.unloggedIn(ctx);
        if (routes != null) {
            ctx.addRoutes(routes);
        }
        beforeStart(ctx);
        ctx.start();
        contexts.add(ctx);
        context = ctx;
        template = ctx.createProducerTemplate();
        return ctx;
    }

    /** Hook to bind beans or adjust the component before the context starts. */
    protected void beforeStart(DefaultCamelContext ctx) {
    }

    protected Exchange send(String uri, Object body, Map<String, Object> headers) {
        return template.request(uri, e -> {
            e.getMessage().setBody(body);
            headers.forEach(e.getMessage()::setHeader);
        });
    }

    protected Exchange send(String uri, Object body) {
        return send(uri, body, Map.of());
    }

    /** The body of a successful call; fails the test with the exception otherwise. */
    protected <T> T call(String uri, Object body, Map<String, Object> headers, Class<T> type) {
        Exchange reply = send(uri, body, headers);
        if (reply.getException() != null) {
            throw new AssertionError("call failed: " + uri, reply.getException());
        }
        return reply.getMessage().getBody(type);
    }

    protected <T> T call(String uri, Object body, Class<T> type) {
        return call(uri, body, Map.of(), type);
    }

    /** The header that names an order by its number, for getOrder and cancelOrder. */
    protected static Map<String, Object> orderId(Object id) {
        return Map.of(ExchangeConstants.ORDER_ID, id);
    }

    /** Sends {@code perRoute} copies of {@code body} to each of {@code direct:<prefix>0..n-1}, one thread per route. */
    protected List<Exchange> sendFromRoutes(String prefix, int routes, int perRoute, Object body) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(routes);
        try {
            List<java.util.concurrent.Future<List<Exchange>>> futures = new ArrayList<>();
            for (int r = 0; r < routes; r++) {
                String uri = "direct:" + prefix + r;
                futures.add(pool.submit(() -> {
                    List<Exchange> replies = new ArrayList<>();
                    for (int i = 0; i < perRoute; i++) {
                        replies.add(send(uri, body));
                    }
                    return replies;
                }));
            }
            List<Exchange> all = new ArrayList<>();
            for (java.util.concurrent.Future<List<Exchange>> f : futures) {
                all.addAll(f.get());
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

}
