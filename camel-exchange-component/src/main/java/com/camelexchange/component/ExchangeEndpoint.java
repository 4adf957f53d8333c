package com.camelexchange.component;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.TradeTransport;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.Positions;
import com.camelexchange.component.consumer.Feeds;
import com.camelexchange.component.consumer.PolledConsumer;
import com.camelexchange.component.consumer.PushedConsumer;
import com.camelexchange.component.consumer.ReplayedConsumer;
import com.camelexchange.component.producer.ExchangeProducer;
import com.camelexchange.component.request.RequestResolver;
import com.camelexchange.component.request.WebSocketOptions;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.EndpointServiceLocation;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.ScheduledPollEndpoint;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A spot crypto exchange: market data (markets, tickers, depth, trades, K-lines) as polling consumers and
 * producers, and signed trading and account operations as producers. The endpoint holds the two halves
 * of every call: the {@link RequestResolver} that reads a message into a request, and the
 * {@link ExchangeClient} that performs it.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "exchange", title = "Exchange", syntax = "exchange:operation",
             category = {Category.FINANCE}, headersClass = ExchangeConstants.class)
public class ExchangeEndpoint extends ScheduledPollEndpoint implements EndpointServiceLocation {

    @UriPath(description = "The operation to perform.", enums = ExchangeOperation.NAMES)
    @Metadata(required = true)
    private final ExchangeOperation operation;
    @UriParam
    private ExchangeConfiguration configuration;

    private RequestResolver resolver;
    /**
     * The consumers of this endpoint running now, for the dev console. Behind a {@code master:} route the
     * route's consumer is camel-master's, which keeps the consumer it starts here, on leading, to itself.
     */
    private final Set<Consumer> running = ConcurrentHashMap.newKeySet();
    /** A client and the component's start it was made in. */
    private record RunClient(ExchangeClient client, long start) {
    }

    // Created once per start of the component, then read without a lock by every call (volatile, double-checked).
    private volatile RunClient client;
    /** The component's shared client over the WebSocket, for a signed producer with tradeOver=WEBSOCKET; likewise. */
    private volatile RunClient webSocketClient;
    /**
     * Where the consumers keep their state when no {@code stateRepository} is set. Camel makes a new consumer each
     * time a route starts (and camel-master one each time this instance leads), so state kept in the consumer would
     * be lost by a route's stop and start: a trades route would skip what was traded meanwhile, an orders route
     * announce every open order again. The endpoint outlives its consumers, and Camel runs at most one consumer on
     * it at a time, so the state is kept here, under the consumer's state key. Only a new Camel context (new
     * endpoints) starts afresh.
     */
    private final Positions consumerMemory = Positions.inMemory();
    /** The longest market or coin shown in a health check's name. */
    private static final int MAX_NAMED_SUBJECT = 40;

    public ExchangeEndpoint(String uri, ExchangeComponent component, ExchangeOperation operation,
                            ExchangeConfiguration configuration) {
        super(uri, component);
        this.operation = operation;
        this.configuration = configuration;
    }

    /** Checks the options once they are set, so a bad URI fails before any route starts. */
    void checkOptions() {
        resolver = new RequestResolver(operation, configuration);
        resolver.checkOptions(!getComponent().paperTrading(), getComponent().getReplayFrom() == null);
        if (tradesOverWebSocket()) {
            WebSocketOptions.check(operation, configuration);
        }
        ApiVariant paperVariant = getComponent().getConfiguration().getApiVariant();
        if (getComponent().paperTrading() && operation.signed() && configuration.getApiVariant() != paperVariant) {
            // One paper exchange per component, speaking the component's variant: replies of another would be misread.
            throw new ExchangeValidationException("option apiVariant", "in paper mode every signed endpoint speaks"
                    + " the component's variant " + paperVariant + ", which the paper exchange speaks; this one is set"
                    + " to " + configuration.getApiVariant());
        }
    }

    /** Reads messages into requests of this endpoint's operation. */
    public RequestResolver resolver() {
        return resolver;
    }

    /**
     * The client of this endpoint's settings and keys, on the component's shared transport and limits; made again
     * once the component stopped and started, since what the last one used stopped with it.
     */
    public ExchangeClient client() {
        RunClient existing = client;
        long start = getComponent().starts();
        if (existing == null || existing.start() != start) {
            synchronized (this) {
                if (client == null || client.start() != start) {
                    client = new RunClient(getComponent().newClient(configuration), start);
                }
                existing = client;
            }
        }
        return existing.client();
    }

    /**
     * The client this endpoint's producer calls with: {@link #client()}, or for a signed producer with
     * {@code tradeOver=WEBSOCKET} the component's client of the same keys and settings over the WebSocket, shared
     * with every such endpoint (one connection for them all). Consumers keep {@link #client()}.
     */
    public ExchangeClient producerClient() {
        if (!tradesOverWebSocket()) {
            return client();
        }
        RunClient existing = webSocketClient;
        long start = getComponent().starts();
        if (existing == null || existing.start() != start) {
            synchronized (this) {
                if (webSocketClient == null || webSocketClient.start() != start) {
                    webSocketClient = new RunClient(getComponent().webSocketClient(configuration), start);
                }
                existing = webSocketClient;
            }
        }
        return existing.client();
    }

    /** Whether this endpoint's producer sends its signed calls over the WebSocket. */
    private boolean tradesOverWebSocket() {
        return configuration.getTradeOver() == TradeTransport.WEBSOCKET && operation.signed()
               && !operation.consumerOnly();
    }

    /** The consumers' state when no {@code stateRepository} is set: kept here, it outlives a route's restart. */
    public Positions consumerMemory() {
        return consumerMemory;
    }

    @Override
    public Producer createProducer() {
        if (operation.consumerOnly()) {
            throw new UnsupportedOperationException("exchange:" + operation + " is a consumer only: use it in"
                    + " from(...); to query once, use exchange:" + (operation == ExchangeOperation.orders
                    ? "getOrdersIgnoreTradeType" : "getWithdrawRecord"));
        }
        return new ExchangeProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        Feeds.Feed feed = Feeds.of(this);
        Consumer consumer;
        if (configuration.isStreaming()) {
            if (feed == null || !feed.pushable()) {
                throw new UnsupportedOperationException("exchange:" + operation + " is not pushed; streaming works"
                        + " for the ticker, depth, trades, kline and orders consumers");
            }
            var backtest = getComponent().backtest();
            consumer = backtest != null ? new ReplayedConsumer(this, processor, feed, backtest)
                    : new PushedConsumer(this, processor, feed);
        } else {
            if (feed == null) {
                throw new UnsupportedOperationException("exchange:" + operation + " is a producer only;"
                        + " consumers are markets, allTicker, ticker, depth, trades, kline, orders and withdrawals");
            }
            consumer = new PolledConsumer(this, processor, feed);
        }
        configureConsumer(consumer);
        return consumer;
    }

    /** Called by a consumer of this endpoint once it has started. */
    public void consumerStarted(Consumer consumer) {
        running.add(consumer);
    }

    /** Called by a consumer of this endpoint when it stops. */
    public void consumerStopped(Consumer consumer) {
        running.remove(consumer);
    }

    /** The consumers of this endpoint that have started and not stopped since. */
    public List<Consumer> runningConsumers() {
        return List.copyOf(running);
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        client();
    }

    @Override
    public ExchangeComponent getComponent() {
        return (ExchangeComponent) super.getComponent();
    }

    public ExchangeOperation getOperation() {
        return operation;
    }

    /**
     * What the endpoint's health checks are named after: {@code exchange-<operation>[-<market or coin>]}, e.g.
     * {@code exchange-ticker-btc_usdt}. Never a key, an address or another option.
     */
    public String healthCheckName() {
        String subject = operation.needsMarket() ? configuration.getMarket() : configuration.getCoin();
        StringBuilder name = new StringBuilder("exchange-").append(operation.name());
        if (subject != null && !subject.isBlank()) {
            name.append('-');
            subject.trim().codePoints().limit(MAX_NAMED_SUBJECT).forEach(c -> name.append(
                    c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '.') ? (char) c : '_'));
        }
        return name.toString();
    }

    public ExchangeConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(ExchangeConfiguration configuration) {
        this.configuration = configuration;
    }

    @Override
    public String getServiceUrl() {
        // Null in a backtest without baseUrl: it connects to nothing.
        return configuration.getBaseUrl();
    }

    @Override
    public String getServiceProtocol() {
        return "http";
    }
}
