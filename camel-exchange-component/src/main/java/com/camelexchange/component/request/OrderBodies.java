package com.camelexchange.component.request;

import com.camelexchange.client.Decimals;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.component.converter.BodyJson;
import com.camelexchange.component.converter.OrderRequestConverter;
import org.apache.camel.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The orders a message body may carry, in the forms routes of every DSL and other connectors hand on:
 * objects, or JSON text in any body Camel can turn into text (see {@link BodyText}).
 */
final class OrderBodies {
    private OrderBodies() {
    }

    /**
     * An {@link OrderRequest}, a {@code Map}, JSON text (see {@link OrderRequestConverter}), or a body an
     * application's own type converter turns into an order; null for no body or blank text.
     */
    static OrderRequest order(Message message) {
        Object body = message == null ? null : message.getBody();
        if (body == null) {
            return null;
        }
        if (body instanceof OrderRequest request) {
            return request;
        }
        if (body instanceof Map<?, ?> map) {
            return OrderRequestConverter.fromMap(map);
        }
        String text = BodyText.of(message);
        if (text != null) {
            return text.isBlank() ? null : OrderRequestConverter.fromJson(text);
        }
        OrderRequest converted = message.getBody(OrderRequest.class);
        if (converted == null) {
            throw new ExchangeValidationException("body", "a " + body.getClass().getSimpleName()
                    + " is not an order; send an OrderRequest, a Map or JSON text (" + BodyText.TEXT_FORMS + ")");
        }
        return converted;
    }

    /**
     * The pairs of a batch: a list of {@link PriceAmount}, of {@code [price, amount]} lists or of
     * {@code {price, amount}} maps, or that list as JSON text.
     */
    static List<PriceAmount> pairs(Message message) {
        Object body = message == null ? null : message.getBody();
        Object list = body;
        if (body != null && !(body instanceof List)) {
            String text = BodyText.of(message);
            if (text == null) {
                throw new ExchangeValidationException("body", "a " + body.getClass().getSimpleName()
                        + " is not a batch; send a list of [price, amount] pairs or that list as JSON text ("
                        + BodyText.TEXT_FORMS + ")");
            }
            list = BodyJson.read(text, List.class, "a JSON list of [price, amount] pairs");
        }
        if (!(list instanceof List<?> items)) {
            throw new ExchangeValidationException("body", "orderMoreV2 needs a list of [price, amount] pairs");
        }
        List<PriceAmount> pairs = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            String source = "body pair " + (i + 1);
            if (item instanceof PriceAmount pa) {
                pairs.add(pa);
            } else if (item instanceof List<?> pair && pair.size() == 2) {
                pairs.add(new PriceAmount(Decimals.of(source + " price", pair.get(0)),
                        Decimals.of(source + " amount", pair.get(1))));
            } else if (item instanceof Map<?, ?> map) {
                pairs.add(new PriceAmount(Decimals.of(source + " price", map.get("price")),
                        Decimals.of(source + " amount", map.get("amount"))));
            } else {
                throw new ExchangeValidationException(source, "'" + Echo.of(item) + "' is not a [price, amount] pair");
            }
        }
        return pairs;
    }
}
