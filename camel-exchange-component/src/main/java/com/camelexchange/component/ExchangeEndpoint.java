package com.camelexchange.component;

import com.camelexchange.component.api.ExchangeClient;
import com.camelexchange.component.api.TradingClient;
import com.camelexchange.component.consumer.AllTickerConsumer;
import com.camelexchange.component.consumer.DepthConsumer;
import com.camelexchange.component.consumer.KlineConsumer;
import com.camelexchange.component.consumer.MarketsConsumer;
import com.camelexchange.component.consumer.TickerConsumer;
import com.camelexchange.component.consumer.TradesConsumer;
import com.camelexchange.component.model.Market;
import com.camelexchange.component.producer.ExchangeProducer;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.EndpointServiceLocation;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.ScheduledPollConsumer;
import org.apache.camel.support.ScheduledPollEndpoint;

import java.math.BigDecimal;
import java.util.Map;

/**
 * A spot crypto exchange: market data (markets, tickers, depth, trades, K-lines) as polling consumers and
 * producers, and signed trading and account operations as producers.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "exchange", title = "Exchange", syntax = "exchange:operation",
             category = {Category.FINANCE}, headersClass = ExchangeConstants.class)
public class ExchangeEndpoint extends ScheduledPollEndpoint implements EndpointServiceLocation {

    @UriPath(description = "The operation to perform.", enums = ExchangeOperation.NAMES)
    @Metadata(required = true)
    private final ExchangeOperation operation;
    @UriParam
    private ExchangeConfiguration configuration;

    // Created once, then read without a lock by every call (volatile, double-checked).
    private volatile ExchangeClient client;
    private volatile TradingClient tradingClient;

    public ExchangeEndpoint(String uri, ExchangeComponent component, ExchangeOperation operation,
                            ExchangeConfiguration configuration) {
        super(uri, component);
        this.operation = operation;
        this.configuration = configuration;
    }

    /** Checks the options at endpoint creation, so a bad URI fails before any route starts. */
    void validateOptions() {
        ParameterRules.url("option baseUrl", configuration.getBaseUrl());
        if (configuration.getTradeUrl() != null) {
            ParameterRules.url("option tradeUrl", configuration.getTradeUrl());
        }
        if (operation.signed()) {
            tradingParameters().validateOptions(operation);
        } else {
            request(null);
        }
    }

    /**
     * The parameters of a call: a header overrides the option of the same meaning. Every value is checked;
     * the market against the exchange's list when that list can be had.
     */
    public MarketDataRequest request(Message message) {
        String market = null;
        if (operation.needsMarket()) {
            String header = HeaderValues.text(message, ExchangeConstants.MARKET);
            market = header != null ? ParameterRules.market("header " + ExchangeConstants.MARKET, header)
                    : ParameterRules.market("option market", configuration.getMarket());
        }
        Integer size = HeaderValues.integer(message, ExchangeConstants.SIZE);
        String sizeSource = size != null ? "header " + ExchangeConstants.SIZE : "option size";
        size = size != null ? size : configuration.getSize();
        BigDecimal merge = HeaderValues.decimal(message, ExchangeConstants.MERGE);
        String mergeSource = merge != null ? "header " + ExchangeConstants.MERGE : "option merge";
        String type = HeaderValues.text(message, ExchangeConstants.KLINE_TYPE);
        String typeSource = type != null ? "header " + ExchangeConstants.KLINE_TYPE : "option type";
        Long since = HeaderValues.whole(message, ExchangeConstants.SINCE);
        String sinceSource = since != null ? "header " + ExchangeConstants.SINCE : "option since";
        return new MarketDataRequest(operation, market,
                operation == ExchangeOperation.depth ? ParameterRules.depthSize(sizeSource, size) : ParameterRules.MAX_DEPTH,
                ParameterRules.merge(mergeSource, merge != null ? merge
                        : ParameterRules.decimalOption("option merge", configuration.getMerge())),
                ParameterRules.klineType(typeSource, type != null ? type : configuration.getType()),
                operation == ExchangeOperation.kline ? ParameterRules.klineSize(sizeSource, size) : ParameterRules.MAX_KLINE,
                ParameterRules.since(sinceSource, since != null ? since : configuration.getSince()));
    }

    /** Refuses a market the exchange does not list (when the list can be had). */
    public void requireKnownMarket(MarketDataRequest request) {
        if (request.market() != null) {
            requireKnownMarket(request.market(), "market");
        }
    }

    void requireKnownCoin(String coin, String source) {
        getComponent().directory().requireKnownCoin(client(), coin, source);
    }

    void requireKnownMarket(String market, String source) {
        getComponent().directory().requireKnown(client(), market, source);
    }

    /** A market's configuration, which order checks need; refused when the exchange does not list it. */
    Market marketSpec(String market, String source) {
        return getComponent().directory().spec(client(), market, source);
    }

    /** Reads and checks the parameters of signed operations. */
    public TradingParameters tradingParameters() {
        return new TradingParameters(this);
    }

    /** The signing client of this endpoint, on the component's shared transport and limits. */
    public TradingClient tradingClient() {
        TradingClient existing = tradingClient;
        if (existing == null) {
            synchronized (this) {
                if (tradingClient == null) {
                    tradingClient = getComponent().newTradingClient(configuration);
                }
                existing = tradingClient;
            }
        }
        return existing;
    }

    /** The markets, fetched now, and remembered for the checks of other endpoints. */
    public Map<String, Market> fetchMarkets() {
        return getComponent().directory().remember(client(), client().markets());
    }

    /** Maps allTicker's underscore-less keys to market names. */
    public Map<String, String> pairToMarket() {
        return getComponent().directory().pairToMarket(client());
    }

    @Override
    public Producer createProducer() {
        return new ExchangeProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        if (operation.signed()) {
            throw new UnsupportedOperationException("exchange:" + operation + " is a producer only; consumers are"
                                                    + " markets, allTicker, ticker, depth, trades and kline");
        }
        ScheduledPollConsumer consumer = switch (operation) {
            case markets -> new MarketsConsumer(this, processor);
            case allTicker -> new AllTickerConsumer(this, processor);
            case ticker -> new TickerConsumer(this, processor);
            case depth -> new DepthConsumer(this, processor);
            case trades -> new TradesConsumer(this, processor);
            case kline -> new KlineConsumer(this, processor);
            default -> throw new IllegalStateException("No consumer for " + operation);
        };
        configureConsumer(consumer);
        return consumer;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        client();
    }

    /** The client on the component's shared transport. */
    public ExchangeClient client() {
        ExchangeClient existing = client;
        if (existing == null) {
            synchronized (this) {
                if (client == null) {
                    client = getComponent().newClient(configuration);
                }
                existing = client;
            }
        }
        return existing;
    }

    @Override
    public ExchangeComponent getComponent() {
        return (ExchangeComponent) super.getComponent();
    }

    public ExchangeOperation getOperation() {
        return operation;
    }

    public ExchangeConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(ExchangeConfiguration configuration) {
        this.configuration = configuration;
    }

    @Override
    public String getServiceUrl() {
        return configuration.getBaseUrl();
    }

    @Override
    public String getServiceProtocol() {
        return "http";
    }
}
