package com.camelexchange.benchmarks;

import com.camelexchange.component.ExchangeConstants;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Producer;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Camel's own share of a streamed trade: what the floor does ({@link StreamFloor}'s connection and parse), and
 * then each parsed trade handed as one Camel exchange through a route {@code direct:<m_i> → processor} to the
 * same sink the subject's routes use, with the headers the component's streaming trades consumer sets
 * ({@code CamelExchangeOperation}, {@code CamelExchangeTimestamp} and {@code ...TimestampMillis},
 * {@code CamelExchangeMarket}, {@code CamelExchangeTradeId}) and the floor's typed trade as the body. It differs
 * from the floor only by the exchange per trade, so the component's own cost is the subject's over this one.
 *
 * <p>One route per market, as the subject has, each with its endpoint and producer resolved once (a consumer
 * holds its route's processor the same way); the exchange is processed on the WebSocket's thread and waited
 * for, as the component's consumer waits for its route.
 */
final class CamelShare implements StreamFloor.Handoff, AutoCloseable {
    private static final String OPERATION = "trades";

    private final CamelContext context;
    private final String[] markets;
    private final Endpoint[] endpoints;
    private final Producer[] producers;

    private CamelShare(CamelContext context, List<String> markets, Endpoint[] endpoints, Producer[] producers) {
        this.context = context;
        this.markets = markets.toArray(String[]::new);
        this.endpoints = endpoints;
        this.producers = producers;
    }

    /** A started context with one route per market, its processor noting the trade id header in the sink. */
    static CamelShare start(List<String> markets, Deliveries deliveries) throws Exception {
        CamelContext context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < markets.size(); i++) {
                    int market = i;
                    // The subject's routes' processor, word for word.
                    from(uri(markets.get(i))).process(e -> deliveries.add(market,
                            e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class)));
                }
            }
        });
        context.start();
        Endpoint[] endpoints = new Endpoint[markets.size()];
        Producer[] producers = new Producer[markets.size()];
        for (int i = 0; i < markets.size(); i++) {
            endpoints[i] = context.getEndpoint(uri(markets.get(i)));
            producers[i] = endpoints[i].createProducer();
            producers[i].start();
        }
        return new CamelShare(context, markets, endpoints, producers);
    }

    private static String uri(String market) {
        return "direct:" + market;
    }

    @Override
    public void trade(int market, StreamFloor.Trade trade) throws Exception {
        Exchange exchange = endpoints[market].createExchange();
        Message message = exchange.getMessage();
        message.setBody(trade);
        Map<String, Object> headers = message.getHeaders();
        // The values' types are the component's: the time as an Instant and as epoch milliseconds, ids boxed.
        Instant at = Instant.ofEpochSecond(trade.date());
        headers.put(ExchangeConstants.OPERATION, OPERATION);
        headers.put(ExchangeConstants.TIMESTAMP, at);
        headers.put(ExchangeConstants.TIMESTAMP_MILLIS, at.toEpochMilli());
        headers.put(ExchangeConstants.MARKET, markets[market]);
        headers.put(ExchangeConstants.TRADE_ID, trade.tid());
        producers[market].process(exchange);
        if (exchange.getException() != null) {
            throw exchange.getException();
        }
    }

    @Override
    public void close() {
        for (Producer producer : producers) {
            producer.stop();
        }
        context.stop();
    }
}
