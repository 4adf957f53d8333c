package com.camelexchange.component.converter;

import com.camelexchange.client.Decimals;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderType;
import org.apache.camel.Converter;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Lets routes in any DSL send an order as a {@code Map} or as JSON text, e.g.
 * {@code {"market":"btc_usdt","side":"buy","price":"65000","amount":"0.01"}}. Keys: market (or currency),
 * side (or tradeType), price, amount, acctType, customerOrderId, orderType; numbers as numbers or text,
 * within the bounds every number from outside keeps.
 */
@Converter(generateLoader = true)
public final class OrderRequestConverter {
    private OrderRequestConverter() {
    }

    @Converter
    public static OrderRequest fromMap(Map<?, ?> map) {
        Object side = first(map, "side", "tradeType");
        Object type = map.get("orderType");
        OrderSide parsedSide = side == null ? null : OrderSide.parse(side.toString());
        if (side != null && parsedSide == null) {
            throw new ExchangeValidationException("body side", "'" + Echo.of(side) + "' is not buy or sell");
        }
        OrderType parsedType = type == null ? null : OrderType.parse(type.toString());
        if (type != null && parsedType == null) {
            throw new ExchangeValidationException("body orderType", "'" + Echo.of(type)
                    + "' is not limit, postOnly or ioc");
        }
        return new OrderRequest(text(first(map, "market", "currency")), parsedSide,
                Decimals.of("body price", map.get("price")), Decimals.of("body amount", map.get("amount")),
                acctType(map), text(map.get("customerOrderId")), parsedType);
    }

    private static Integer acctType(Map<?, ?> map) {
        BigDecimal value = Decimals.of("body acctType", map.get("acctType"));
        if (value == null) {
            return null;
        }
        try {
            return value.intValueExact();
        } catch (ArithmeticException e) {
            throw new ExchangeValidationException("body acctType", "'" + Echo.of(value) + "' is not 0 or 1");
        }
    }

    /** A key given twice is refused (see {@link BodyJson}). */
    @Converter
    public static OrderRequest fromJson(String json) {
        return fromMap(BodyJson.read(json, Map.class, "a JSON order object"));
    }

    private static Object first(Map<?, ?> map, String name, String alias) {
        Object value = map.get(name);
        return value != null ? value : map.get(alias);
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }
}
