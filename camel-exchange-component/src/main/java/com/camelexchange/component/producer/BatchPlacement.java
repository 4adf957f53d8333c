package com.camelexchange.component.producer;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.PlaceOrders;
import com.camelexchange.client.PlacedBatch;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.request.RequestResolver;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

import java.util.function.Supplier;

/**
 * Places the batch of a message ({@code orderMoreV2}) at most once on its Camel exchange: a redelivery after an
 * unknown outcome looks the batch's orders up instead of placing them again. The body becomes the ids, one per
 * pair; {@code CamelExchangeOrderRecovered} says whether they were found rather than answered.
 */
final class BatchPlacement {
    private final RequestResolver resolver;
    /** The endpoint's client of now: a component started again makes a new one. */
    private final Supplier<ExchangeClient> client;

    BatchPlacement(RequestResolver resolver, Supplier<ExchangeClient> client) {
        this.resolver = resolver;
        this.client = client;
    }

    void place(Exchange exchange) {
        Message message = exchange.getMessage();
        PlaceOrders request = (PlaceOrders) resolver.resolve(message);
        ExchangeClient now = client.get();
        PlacedBatch placed = UnknownWrites.sendOnce(exchange, request, () -> now.placeBatch(request),
                unknown -> new PlacedBatch(now.findSentOrders(unknown), true));
        message.setHeader(ExchangeConstants.ORDER_RECOVERED, placed.recovered());
        message.setBody(placed.ids());
    }
}
