package com.camelexchange.component.producer;

import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.SentOrders;
import org.apache.camel.Exchange;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Keeps a write whose outcome is unknown from being sent again on the same Camel exchange. Camel's redelivery
 * (and a route's own retry) processes the same exchange again; the write's first attempt left what it sent on
 * the exchange, so the next attempt at the same request looks its orders up instead of sending it blind: a variant A
 * order by the customerOrderId it was sent with (the same request asks for the same id, {@link OrderPlacement}), a
 * variant B order or a batch by what its orders are. A look-up that finds nothing for sure leaves the outcome unknown
 * again; the write is never sent again on this exchange, whatever the exchange might do with a repeated id.
 */
final class UnknownWrites {
    /** The exchange property holding the last unknown write; internal. */
    static final String PROPERTY = "CamelExchangeUnknownWrite";

    /**
     * @param request the resolved request, to tell a redelivery of it from a different write
     * @param failure what went wrong with the write when it was sent; null if unknown
     */
    private record Pending(Object request, SentOrders sent, Throwable failure) {
    }

    private UnknownWrites() {
    }

    /**
     * Sends {@code request} unless an earlier attempt on this exchange left it unknown, in which case its orders are
     * looked up instead.
     *
     * @param send   performs the write
     * @param lookUp finds what an earlier attempt sent, never sending
     */
    static <T> T sendOnce(Exchange exchange, Object request, Supplier<T> send, Function<SentOrders, T> lookUp) {
        Pending pending = exchange.getProperty(PROPERTY, Pending.class);
        try {
            T answer = pending != null && Objects.equals(pending.request(), request)
                    ? lookUp.apply(pending.sent()) : send.get();
            exchange.removeProperty(PROPERTY);
            return answer;
        } catch (ExchangeOrderStateUnknownException e) {
            if (e.sent() == null) {
                throw e; // nothing to look its orders up by (the client always says what it sent)
            }
            boolean again = pending != null && Objects.equals(pending.request(), request);
            Throwable failure = e.getSuppressed().length > 0 ? e.getSuppressed()[0] : again ? pending.failure() : null;
            if (again && e.getSuppressed().length == 0 && failure != null) {
                // A redelivery only looked: what went wrong with the write is still the first attempt's failure.
                e.addSuppressed(failure);
            }
            exchange.setProperty(PROPERTY, new Pending(request, e.sent(), failure));
            throw e;
        }
    }
}
