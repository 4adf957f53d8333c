package com.camelexchange.component.producer;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.PlaceOrder;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.request.RequestResolver;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Places the order of a message so that each {@code exchange:order} call places its own order, and only
 * a redelivery of the same call finds the order it may already have placed.
 *
 * <p>In variant A every order carries a customerOrderId: the message's, or one generated here. The call
 * remembers on its Camel exchange what it sent; a later call on the same exchange then tells the two
 * cases apart. When the earlier call did not end with an order placed (it failed: a redelivery, or a
 * route's own retry) and asks for the same order, it gets the same id. If that earlier call ended with the
 * outcome unknown, the order is then looked up by that id and never sent again ({@link UnknownWrites}): the
 * exchange is not relied on to refuse a repeated id (3012), which its API reference does not promise. If it
 * ended with a failure that proved, or a look-up that showed, the order was not placed, it is sent again with the
 * same id. Otherwise it is a new order and gets a new id. The headers
 * an earlier call left are its results, not the next order's input: a
 * {@code CamelExchangeCustomerOrderId} the call wrote (generated, or taken from the body) is removed before the
 * next order is read, so that the body says what the order is; one the caller put in the header stays, and {@code CamelExchangeOrderId} and {@code CamelExchangeOrderRecovered} once the
 * next order is about to be sent.
 *
 * <p>In variant B an order has no customerOrderId: when its outcome is unknown, a later call on the same exchange
 * for the same order looks it up by what it is instead of placing it ({@link UnknownWrites}). So does an order over
 * the WebSocket in either variant: its frame has no customerOrderId to generate, and none to derive from
 * {@code CamelExchangeIdempotencyKey}, which it therefore refuses before sending.
 *
 * <p>What the exchange property remembers dies with the process. A message that can be redelivered on another
 * instance (from a broker, after a crash mid-order) names itself durably in {@code CamelExchangeIdempotencyKey};
 * its customerOrderId is then derived from that key, the same on every instance, and the redelivery finds the
 * order the crashed instance placed: a new exchange remembers nothing and sends the order again with that id, and
 * there the component relies on the exchange refusing the repeated id (3012) before the client looks it up. On the
 * same exchange such an order of unknown outcome is looked up like any other, never sent again. Each order placed
 * on the message takes the next id derived from the key.
 */
final class OrderPlacement {
    /** The exchange property that remembers the last order call on an exchange; internal. */
    static final String LAST_CALL = "CamelExchangeLastOrderCall";
    /** The exchange property that counts the orders placed under each idempotency key on an exchange; internal. */
    static final String PLACED_BY_KEY = "CamelExchangeOrdersPlacedByKey";

    /**
     * @param order           the order as read from the message, without a generated customerOrderId
     * @param customerOrderId the id it was sent with
     * @param generated       whether that id was generated here (not given by the message)
     * @param headerGiven     whether the message's header named that id before the call: the caller's choice,
     *                        which stays; any other id in the header is this call's result, which goes
     * @param placedId        the order's number once placed; null while the call has not succeeded
     */
    private record Call(OrderRequest order, String customerOrderId, boolean generated, boolean headerGiven,
                        String placedId) {
        Call placed(String id) {
            return new Call(order, customerOrderId, generated, headerGiven, id);
        }
    }

    private final RequestResolver resolver;
    /** The endpoint's client of now: a component started again makes a new one. */
    private final Supplier<ExchangeClient> client;
    private final ApiVariant variant;
    /** False over the WebSocket, whose order has no customerOrderId: its orders are then placed as variant B's. */
    private final boolean carriesCustomerOrderId;

    /** @param carriesCustomerOrderId whether the road the orders take carries a customerOrderId (REST does) */
    OrderPlacement(RequestResolver resolver, Supplier<ExchangeClient> client, ApiVariant variant,
                   boolean carriesCustomerOrderId) {
        this.resolver = resolver;
        this.client = client;
        this.variant = variant;
        this.carriesCustomerOrderId = carriesCustomerOrderId;
    }

    void place(Exchange exchange) {
        Message message = exchange.getMessage();
        Call last = exchange.getProperty(LAST_CALL, Call.class);
        if (last != null && !last.headerGiven()) {
            removeIfEqual(message, ExchangeConstants.CUSTOMER_ORDER_ID, last.customerOrderId());
        }
        boolean headerGiven = message.getHeader(ExchangeConstants.CUSTOMER_ORDER_ID) != null;
        PlaceOrder request = resolver.order(message);
        String idempotencyKey = resolver.idempotencyKey(message);
        if (idempotencyKey != null && !carriesCustomerOrderId) {
            // Its promise rests on a customerOrderId derived from the key, which the WebSocket's order cannot carry.
            throw new ExchangeValidationException("header " + ExchangeConstants.IDEMPOTENCY_KEY, "needs a"
                    + " customerOrderId derived from it, which an order over the WebSocket cannot carry; send such"
                    + " messages to an endpoint with tradeOver=REST");
        }
        if (last != null && last.placedId() != null
            && removeIfEqual(message, ExchangeConstants.ORDER_ID, last.placedId())) {
            message.removeHeader(ExchangeConstants.ORDER_RECOVERED);
        }
        Map<String, Integer> placedByKey = placedByKey(exchange);
        Call call = identify(request, idempotencyKey, placedByKey, last, headerGiven);
        exchange.setProperty(LAST_CALL, call);
        if (call.customerOrderId() != null) {
            // Before sending: a route that handles an unknown outcome finds the order by it.
            message.setHeader(ExchangeConstants.CUSTOMER_ORDER_ID, call.customerOrderId());
        }
        PlaceOrder sent = request.withCustomerOrderId(call.customerOrderId());
        ExchangeClient now = client.get();
        PlacedOrder placed = UnknownWrites.sendOnce(exchange, sent, () -> now.call(sent),
                unknown -> new PlacedOrder(now.findSentOrders(unknown).get(0), unknown.customerOrderId(), true));
        exchange.setProperty(LAST_CALL, call.placed(placed.id()));
        if (idempotencyKey != null && call.generated()) {
            // A new map, not a change to the old one: exchanges copied from this one (a split) share the old.
            Map<String, Integer> counted = new HashMap<>(placedByKey);
            counted.merge(idempotencyKey, 1, Integer::sum);
            exchange.setProperty(PLACED_BY_KEY, Map.copyOf(counted));
        }
        message.setHeader(ExchangeConstants.ORDER_ID, placed.id());
        message.setHeader(ExchangeConstants.ORDER_RECOVERED, placed.recovered());
        message.setBody(placed);
    }

    /**
     * The customerOrderId of this call: the message's; the one its idempotency key names; the last call's when
     * this is that call again; or a new one.
     */
    private Call identify(PlaceOrder request, String idempotencyKey, Map<String, Integer> placedByKey, Call last,
                          boolean headerGiven) {
        OrderRequest order = request.order();
        if (order.customerOrderId() != null) {
            return new Call(order, order.customerOrderId(), false, headerGiven, null);
        }
        if (idempotencyKey != null) {
            // The n-th order placed under a key on this message: the first takes the key's own id, later ones a
            // numbered one, so a message that places two orders places both, and a replay of the same route on
            // another instance meets them in the same order. A failed call, not counted, is asked again with the
            // same id. Counted as generated: its header gives way to the next call's own.
            int placedBefore = placedByKey.getOrDefault(idempotencyKey, 0);
            return new Call(order, fromKey(placedBefore == 0 ? idempotencyKey
                    : idempotencyKey + "\0" + (placedBefore + 1)), true, false, null);
        }
        if (variant != ApiVariant.A || !carriesCustomerOrderId) {
            return new Call(order, null, false, false, null);
        }
        if (last != null && last.placedId() == null && last.generated() && last.order().equals(order)) {
            return new Call(order, last.customerOrderId(), true, false, null);
        }
        return new Call(order, UUID.randomUUID().toString().replace("-", ""), true, false, null);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Integer> placedByKey(Exchange exchange) {
        Map<String, Integer> placed = exchange.getProperty(PLACED_BY_KEY, Map.class);
        return placed == null ? Map.of() : placed;
    }

    /** 32 hex digits of the key's SHA-256: letters and digits, as a customerOrderId must be, the same everywhere. */
    static String fromKey(String idempotencyKey) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(idempotencyKey.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    /** Removes a header that still holds what the last call wrote into it. */
    private static boolean removeIfEqual(Message message, String header, String value) {
        Object current = message.getHeader(header);
        if (current != null && Objects.equals(current.toString(), value)) {
            message.removeHeader(header);
            return true;
        }
        return false;
    }
}
