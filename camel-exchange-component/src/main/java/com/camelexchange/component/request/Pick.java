package com.camelexchange.component.request;

import com.camelexchange.component.api.Echo;
import com.camelexchange.component.api.ExchangeValidationException;

import java.math.BigDecimal;

/**
 * A value of a request and where it came from (a header, the body, an option), for messages; {@code source(name)}
 * names an absent value by the parameter.
 */
record Pick<T>(T value, String source) {

    String source(String parameter) {
        return source != null ? source : parameter;
    }

    /** The first value given among header, body and option: a header wins over the body, the body over an option. */
    static <T> Pick<T> first(T header, String headerName, T body, String bodyName, T option, String optionName) {
        if (header != null) {
            return new Pick<>(header, "header " + headerName);
        }
        if (body != null) {
            return new Pick<>(body, "body " + bodyName);
        }
        return new Pick<>(option, option == null ? null : "option " + optionName);
    }

    /**
     * The value of a write (an order, a batch, a cancel): the body wins over an option, which is its default, and a
     * header must agree with whichever of them gives the value. The component's consumers and replies leave
     * {@code CamelExchangeMarket} on the message, so a header there may be a step's leftover rather than the
     * caller's choice; for a write a header that differs from what the body or the endpoint says is refused,
     * before anything is sent, rather than silently sending the order to another market or side.
     */
    static <T> Pick<T> agreed(T header, String headerName, T body, String bodyName, T option, String optionName) {
        if (header != null) {
            if (body != null && !same(header, body)) {
                throw disagreement(headerName, header, "the body's " + bodyName, body);
            }
            if (body == null && option != null && !same(header, option)) {
                throw disagreement(headerName, header, "the endpoint's option " + optionName, option);
            }
        }
        return first(header, headerName, body, bodyName, option, optionName);
    }

    private static boolean same(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        return a.equals(b);
    }

    private static ExchangeValidationException disagreement(String headerName, Object header, String other,
                                                            Object value) {
        return new ExchangeValidationException("header " + headerName, "'" + Echo.of(header) + "' differs from "
                + other + " '" + Echo.of(value) + "'; a write is never sent on a guess between them (an earlier"
                + " exchange: step may have left the header): remove it, e.g. removeHeaders(\"CamelExchange*\"),"
                + " or make them agree");
    }
}
