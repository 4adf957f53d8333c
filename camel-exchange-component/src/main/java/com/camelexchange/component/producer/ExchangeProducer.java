package com.camelexchange.component.producer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.MarketDataRequest;
import com.camelexchange.component.api.ExchangeClient;
import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Kline;
import com.camelexchange.component.model.Ticker;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.WritableHealthCheckRepository;
import org.apache.camel.support.DefaultProducer;

/**
 * Performs the endpoint's operation for each message: parameters from headers over options, checked
 * before anything is sent; the reply model becomes the body. A failure leaves the exchange with the typed
 * exception and the message as it was.
 */
public class ExchangeProducer extends DefaultProducer {
    private WritableHealthCheckRepository healthCheckRepository;
    private ExchangeProducerHealthCheck healthCheck;

    private final TradingOperations trading;

    public ExchangeProducer(ExchangeEndpoint endpoint) {
        super(endpoint);
        this.trading = new TradingOperations(endpoint);
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    @Override
    public void process(Exchange exchange) {
        ExchangeEndpoint endpoint = getEndpoint();
        Message message = exchange.getMessage();
        if (endpoint.getOperation().signed()) {
            trading.perform(endpoint.getOperation(), message);
            return;
        }
        MarketDataRequest request = endpoint.request(message);
        endpoint.requireKnownMarket(request);
        ExchangeClient client = endpoint.client();
        switch (request.operation()) {
            case markets -> message.setBody(endpoint.fetchMarkets());
            case allTicker -> message.setBody(client.allTicker(endpoint.pairToMarket()));
            case ticker -> {
                Ticker ticker = client.ticker(request.market());
                message.setHeader(ExchangeConstants.TIMESTAMP, ticker.date());
                message.setBody(ticker);
            }
            case depth -> {
                Depth depth = client.depth(request.market(), request.depthSize(), request.merge());
                message.setHeader(ExchangeConstants.TIMESTAMP, depth.timestamp());
                message.setBody(depth);
            }
            case trades -> message.setBody(client.trades(request.market(), request.since()));
            case kline -> {
                Kline kline = client.kline(request.market(), request.klineType(), request.since(),
                        request.klineSize());
                message.setHeader(ExchangeConstants.KLINE_SYMBOL, kline.symbol());
                message.setHeader(ExchangeConstants.KLINE_MONEY_TYPE, kline.moneyType());
                message.setHeader(ExchangeConstants.KLINE_TYPE, kline.type().wireName());
                message.setBody(kline.candles());
            }
            default -> throw new IllegalStateException("Not a market-data operation: " + request.operation());
        }
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        // Health checks are optional: registered only where the context has a registry for producers.
        healthCheckRepository = HealthCheckHelper.getHealthCheckRepository(getEndpoint().getCamelContext(),
                "producers", WritableHealthCheckRepository.class);
        if (healthCheckRepository != null) {
            healthCheck = new ExchangeProducerHealthCheck(getEndpoint());
            healthCheck.setEnabled(getEndpoint().getComponent().isHealthCheckProducerEnabled());
            healthCheckRepository.addHealthCheck(healthCheck);
        }
    }

    @Override
    protected void doStop() throws Exception {
        if (healthCheckRepository != null && healthCheck != null) {
            healthCheckRepository.removeHealthCheck(healthCheck);
            healthCheck = null;
        }
        super.doStop();
    }
}
