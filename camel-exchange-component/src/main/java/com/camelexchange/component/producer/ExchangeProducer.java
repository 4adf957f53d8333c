package com.camelexchange.component.producer;

import com.camelexchange.client.TradeTransport;
import com.camelexchange.client.model.Kline;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.ExchangeOperation;
import com.camelexchange.component.consumer.MessageHeaders;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.WritableHealthCheckRepository;
import org.apache.camel.support.DefaultProducer;

/**
 * Performs the endpoint's operation for each message: the resolver reads the message into a request
 * (checked before anything is sent), the client performs it, the answer becomes the body, with the headers a
 * consumer gives the same data ({@link MessageHeaders}). A failure leaves the exchange with the typed exception
 * and the message as it was. Orders go through
 * {@link OrderPlacement}, which keeps each call's order its own, and batches through {@link BatchPlacement}: a
 * redelivery never sends either again blind. A producer with {@code tradeOver=WEBSOCKET} calls with the component's
 * client over the WebSocket, shared by the endpoints of the same keys ({@link ExchangeEndpoint#producerClient()});
 * everything else is the same.
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
        ExchangeOperation operation = getEndpoint().getOperation();
        Message message = exchange.getMessage();
        if (orders != null) {
            // The order's market may come from its body: the placement names the order by its id headers.
            orders.place(exchange);
            message.setHeader(ExchangeConstants.OPERATION, operation.name());
            return;
        }
        if (batches != null) {
            String market = marketOf(message);
            batches.place(exchange);
            MessageHeaders.replyInto(message.getHeaders(), operation, market, null);
            return;
        }
        ExchangeEndpoint endpoint = getEndpoint();
        Object answer = endpoint.producerClient().call(endpoint.resolver().resolve(message));
        MessageHeaders.replyInto(message.getHeaders(), operation, marketOf(message), answer);
        // A K-line reply's names are headers now: its candles are the body.
        message.setBody(answer instanceof Kline kline ? kline.candles() : answer);
    }

    /**
     * The market the call worked on, for operations on one market: the message's header, which won over the
     * option (the request was refused otherwise), else the option.
     */
    private String marketOf(Message message) {
        if (!getEndpoint().getOperation().needsMarket()) {
            return null;
        }
        String header = message.getHeader(ExchangeConstants.MARKET, String.class);
        return header != null ? header : getEndpoint().getConfiguration().getMarket();
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        ExchangeEndpoint endpoint = getEndpoint();
        if (endpoint.getOperation() == ExchangeOperation.order) {
            orders = new OrderPlacement(endpoint.resolver(), endpoint::producerClient,
                    endpoint.getConfiguration().getApiVariant(),
                    endpoint.getConfiguration().getTradeOver() == TradeTransport.REST);
        } else if (endpoint.getOperation() == ExchangeOperation.orderMoreV2) {
            batches = new BatchPlacement(endpoint.resolver(), endpoint::producerClient);
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
