package com.camelexchange.component.request;

import com.camelexchange.component.api.Decimals;
import com.camelexchange.component.api.Echo;
import com.camelexchange.component.api.ExchangeValidationException;
import com.camelexchange.component.converter.BodyJson;
import com.camelexchange.component.converter.OrderRequestConverter;
import com.camelexchange.component.model.OrderRequest;
import com.camelexchange.component.model.PriceAmount;
import com.fasterxml.jackson.core.JsonProcessingException;
import org.apache.camel.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The orders a message body may carry, in the forms routes of every DSL can build. */
final class OrderBodies {
    private OrderBodies() {
    }

    /** An {@link OrderRequest}, a {@code Map} or JSON text (see {@link OrderRequestConverter}); null for no body. */
    static OrderRequest order(Message message) {
        Object body = message == null ? null : message.getBody();
        if (body == null || body instanceof String s && s.isBlank()) {
            return null;
        }
        if (body instanceof OrderRequest request) {
            return request;
        }
        if (body instanceof Map<?, ?> map) {
            return OrderRequestConverter.fromMap(map);
        }
        if (body instanceof String text) {
            return OrderRequestConverter.fromJson(text);
        }
        OrderRequest converted = message.getBody(OrderRequest.class);
        if (converted == null) {
            throw new ExchangeValidationException("body", "a " + body.getClass().getSimpleName()
                    + " is not an order; send an OrderRequest, a Map or JSON text");
        }
        return converted;
    }

    /**
     * The pairs of a batch: a list of {@link PriceAmount}, of {@code [price, amount]} lists or of
     * {@code {price, amount}} maps, or that list as JSON text.
     */
    static List<PriceAmount> pairs(Object body) {
        Object list = body;
        if (body instanceof String text) {
            try {
                list = BodyJson.read(text, List.class);
            } catch (JsonProcessingException e) {
                throw new ExchangeValidationException("body", "not a JSON list of [price, amount] pairs");
            }
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
