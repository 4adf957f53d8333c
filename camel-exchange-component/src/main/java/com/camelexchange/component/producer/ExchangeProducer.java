package com.camelexchange.component.producer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.ExchangeOperation;
import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Kline;
import com.camelexchange.component.model.Ticker;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.WritableHealthCheckRepository;
import org.apache.camel.support.DefaultProducer;

/**
 * Performs the endpoint's operation for each message: the resolver reads the message into a request
 * (checked before anything is sent), the client performs it, the answer becomes the body. A failure
 * leaves the exchange with the typed exception and the message as it was. Orders go through
 * {@link OrderPlacement}, which keeps each call's order its own, and batches through {@link BatchPlacement}: a
 * redelivery never sends either again blind.
 */
public class ExchangeProducer extends DefaultProducer {
    private WritableHealthCheckRepository healthCheckRepository;
    private ExchangeProducerHealthCheck healthCheck;
    private OrderPlacement orders;
    private BatchPlacement batches;

    public ExchangeProducer(ExchangeEndpoint endpoint) {
        super(endpoint);
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    @Override
    public void process(Exchange exchange) {
        if (orders != null) {
            orders.place(exchange);
            return;
        }
        if (batches != null) {
            batches.place(exchange);
            return;
        }
        Message message = exchange.getMessage();
        ExchangeEndpoint endpoint = getEndpoint();
        setBody(message, endpoint.client().call(endpoint.resolver().resolve(message)));
    }

    /** The answer as the body; the time of market data and a K-line's names also as headers. */
    private static void setBody(Message message, Object answer) {
        if (answer instanceof Ticker ticker) {
            message.setHeader(ExchangeConstants.TIMESTAMP, ticker.date());
        } else if (answer instanceof Depth depth) {
            message.setHeader(ExchangeConstants.TIMESTAMP, depth.timestamp());
        } else if (answer instanceof Kline kline) {
            message.setHeader(ExchangeConstants.KLINE_SYMBOL, kline.symbol());
            message.setHeader(ExchangeConstants.KLINE_MONEY_TYPE, kline.moneyType());
            message.setHeader(ExchangeConstants.KLINE_TYPE, kline.type().wireName());
            message.setBody(kline.candles());
            return;
        }
        message.setBody(answer);
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        ExchangeEndpoint endpoint = getEndpoint();
        if (endpoint.getOperation() == ExchangeOperation.order) {
            orders = new OrderPlacement(endpoint.resolver(), endpoint.client(),
                    endpoint.getConfiguration().getApiVariant());
        } else if (endpoint.getOperation() == ExchangeOperation.orderMoreV2) {
            batches = new BatchPlacement(endpoint.resolver(), endpoint.client());
        }
        // Health checks are optional: registered only where the context has a registry for producers.
        healthCheckRepository = HealthCheckHelper.getHealthCheckRepository(endpoint.getCamelContext(),
                "producers", WritableHealthCheckRepository.class);
        if (healthCheckRepository != null) {
            healthCheck = ExchangeProducerHealthCheck.of(endpoint, healthCheckRepository);
            healthCheck.setEnabled(endpoint.getComponent().isHealthCheckProducerEnabled());
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
