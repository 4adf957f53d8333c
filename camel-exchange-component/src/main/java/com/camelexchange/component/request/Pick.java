package com.camelexchange.component.request;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;

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
     * A value of a write (an order, a batch, a cancel) that a header may give: the header wins over an option, as
     * for any call, but one that differs from the body's value is refused, before anything is sent: the message
     * would say two things, and a write is never sent on a guess between them.
     */
    static <T> Pick<T> agreeingWithTheBody(T header, String headerName, T body, String bodyName, T option,
                                           String optionName) {
        if (header != null && body != null && !same(header, body)) {
            throw disagreement(headerName, header, "the body's " + bodyName, body);
        }
        return first(header, headerName, body, bodyName, option, optionName);
    }

    /**
     * The market of a write: the body's wins over the endpoint's option, its default, and a header must agree with
     * whichever of them gives it. The component's consumers and replies leave {@code CamelExchangeMarket} on the
     * message, so the header may be an earlier step's leftover rather than the caller's choice: one that differs
     * is refused, rather than silently sending the order to another market.
     */
    static <T> Pick<T> agreeingWithBodyAndEndpoint(T header, String headerName, T body, String bodyName, T option,
                                                   String optionName) {
        if (header != null && body == null && option != null && !same(header, option)) {
            throw disagreement(headerName, header, "the endpoint's option " + optionName, option);
        }
        return agreeingWithTheBody(header, headerName, body, bodyName, option, optionName);
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
