package com.camelexchange.client;

import com.camelexchange.client.internal.http.CallDeadline;
import com.camelexchange.client.internal.http.ClientSettings;
import com.camelexchange.client.internal.http.Credentials;
import com.camelexchange.client.internal.http.RetryPolicy;
import com.camelexchange.client.spi.CallTransport;
import com.camelexchange.client.budget.Held;
import com.camelexchange.client.internal.budget.TradeRateLimits;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.SentOrders;
import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.client.model.WithdrawPage;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The signed trading and account calls: limiter permit → sign → bounded GET or frame → decode, one call at a time
 * ({@link SignedSender}). Requests arrive checked. Reads retry by the {@link RetryPolicy}; writes never retry. When a write fails in a way that does not
 * prove it did nothing ({@link WriteFailures}: a lost, late or broken reply, a 5xx, an error code such as 1002 or
 * 9999), the client finds out what happened instead of guessing ({@link WriteOutcomeLookup}): an order by its
 * {@code customerOrderId}, orders without one by what they are, a cancel by the order's status. A write and its
 * look-ups share one {@code callTimeout}.
 *
 * <p>Over the WebSocket ({@link #over}) the calls it can carry go as signed frames ({@link WebSocketCalls}) under the
 * same permit, deadline and metrics, their replies read by the same readers; an order, which carries no
 * {@code customerOrderId} there, is found by what it is, and every look-up goes over REST.
 */
final class TradingClient {
    static final int ORDER_NOT_FOUND = 3001;
    private static final int DUPLICATE_CUSTOMER_ORDER_ID = 3012;

    private final ClientSettings settings;
    private final SignedSender sender;
    private final ExchangeJson json;
    private final boolean variantA;
    private final RetryPolicy reads;
    private final Metrics metrics;
    private final WriteOutcomeLookup outcomes;
    /** Whether the calls the WebSocket can carry go over it. */
    private final boolean overWebSocket;
    /** This client over REST: what settles a write's outcome, whatever carried the write. */
    private final TradingClient rest;
    /** The account's key in {@link KnownNewestOrder}. */
    private final String account;
    /** This client over the WebSocket, made at the first {@link #over} asking for it. */
    private volatile TradingClient webSocketView;

    TradingClient(ClientSettings settings, CallTransport transport, TradeRateLimits limits, ExchangeJson json,
                  Credentials credentials, ApiVariant variant, RetryPolicy reads, Metrics metrics) {
        this(settings, transport, limits, json, credentials, variant, reads, metrics, null);
    }

    /** @param webSocket the client's WebSocket road, used by {@link #over} it; null for none */
    TradingClient(ClientSettings settings, CallTransport transport, TradeRateLimits limits, ExchangeJson json,
                  Credentials credentials, ApiVariant variant, RetryPolicy reads, Metrics metrics,
                  WebSocketCalls webSocket) {
        this.settings = settings;
        this.sender = new SignedSender(settings, transport, limits, credentials, webSocket);
        this.json = json;
        this.variantA = variant == ApiVariant.A;
        this.reads = reads;
        this.metrics = metrics;
        this.overWebSocket = false;
        this.rest = this;
        this.account = KnownNewestOrder.account(settings.tradeUrl(), credentials.accessKey());
        this.outcomes = new WriteOutcomeLookup(this, variantA);
    }

    /** {@code rest} over the WebSocket: the same keys, budget, settings and road for look-ups. */
    private TradingClient(TradingClient rest) {
        this.settings = rest.settings;
        this.sender = rest.sender;
        this.json = rest.json;
        this.variantA = rest.variantA;
        this.reads = rest.reads;
        this.metrics = rest.metrics;
        this.overWebSocket = true;
        this.rest = rest;
        this.account = rest.account;
        // Look-ups go over REST: they settle what a lost WebSocket reply left open, and must not depend on it.
        this.outcomes = rest.outcomes;
    }

    /** This client with its signed calls carried over {@code road}; one that has no WebSocket road refuses it. */
    TradingClient over(TradeTransport road) {
        if (road == TradeTransport.REST) {
            return rest;
        }
        if (!sender.hasWebSocket()) {
            throw new com.camelexchange.client.error.ExchangeValidationException("tradeOver",
                    "WEBSOCKET is not available on this client: it was made without a WebSocket road");
        }
        if (overWebSocket) {
            return this;
        }
        TradingClient view = webSocketView;
        if (view == null) {
            // Racing callers may each make one: alike, and sharing everything that is state.
            view = new TradingClient(this);
            webSocketView = view;
        }
        return view;
    }

    TradeTransport transport() {
        return overWebSocket ? TradeTransport.WEBSOCKET : TradeTransport.REST;
    }

    // ---------------------------------------------------------------- writes

    /**
     * Places an order at most once. In variant A the request carries a {@code customerOrderId}: when the
     * write's outcome is open, or the exchange says the id is taken (an earlier attempt got through), the order is
     * looked up by it, and it counts as placed only if it is this order (same market, side, price and
     * amount); another order with the id is an {@link ExchangeDuplicateOrderIdException}. Not found means
     * not placed, and the original failure is thrown. A look-up that fails ends in
     * {@link ExchangeOrderStateUnknownException}, after which the order is only looked up ({@link #findSent}), never
     * sent again. Without an id (variant B) it is found by what it is ({@link #placeByWhatItIs}).
     */
    PlacedOrder placeOrder(OrderRequest request) {
        Map<String, String> params = new TreeMap<>();
        params.put("currency", request.market());
        params.put("price", request.price().toPlainString());
        params.put("amount", request.amount().toPlainString());
        params.put("tradeType", Integer.toString(request.side().tradeType()));
        if (request.acctType() != null && request.acctType() != 0) {
            params.put("acctType", request.acctType().toString());
        }
        String cid = request.customerOrderId();
        if (cid != null) {
            params.put("customerOrderId", cid);
        }
        if (request.orderType() != null && request.orderType().wire() != null) {
            params.put("orderType", request.orderType().wire().toString());
        }
        if (overWebSocket) {
            return placeOverWebSocket(request, params);
        }
        List<PriceAmount> pair = List.of(new PriceAmount(request.price(), request.amount()));
        if (cid == null) {
            PlacedBatch placed = placeByWhatItIs("order", request.market(), request.side(), pair, params,
                    body -> List.of(json.placed(body)));
            return new PlacedOrder(placed.ids().get(0), null, placed.recovered());
        }
        CallDeadline deadline = CallDeadline.in(settings.callTimeout());
        SentOrders sent = SentOrders.order(request.market(), request.side(), pair.get(0), Instant.now(), cid);
        // Not under way with an alike batch, which finds its orders by what they are and must not take this one.
        long epoch = KnownNewestOrder.epoch(account);
        try (Held alike = LookAlikeWrites.shared("order", request.market(), request.side(), pair, deadline)) {
            PlacedOrder placed = new PlacedOrder(write("order", params, json::placed, deadline), cid, false);
            // Told before the shared lock is let go, as a write found by what it is does (KnownNewestOrder).
            KnownNewestOrder.learned(account, placed.id(), epoch);
            return placed;
        } catch (ExchangeErrorReplyException refused) {
            if (refused.code() == DUPLICATE_CUSTOMER_ORDER_ID) {
                return KnownNewestOrder.settled(account, epoch, () -> outcomes.recoverOrder(sent, refused, deadline));
            }
            return KnownNewestOrder.settled(account, epoch, () -> settle(sent, refused, deadline));
        } catch (ExchangeClientException failure) {
            return KnownNewestOrder.settled(account, epoch, () -> settle(sent, failure, deadline));
        }
    }

    /**
     * An order over the WebSocket, whose frame has no {@code customerOrderId}, {@code acctType} or {@code orderType}:
     * one that names any of them is refused before anything is sent. It is found by what it is when its reply is lost
     * ({@link #placeByWhatItIs}), in either variant.
     */
    private PlacedOrder placeOverWebSocket(OrderRequest request, Map<String, String> params) {
        for (String field : List.of("customerOrderId", "acctType", "orderType")) {
            if (params.containsKey(field)) {
                throw new com.camelexchange.client.error.ExchangeValidationException(field,
                        "the WebSocket's order carries none; place this order over REST");
            }
        }
        List<PriceAmount> pair = List.of(new PriceAmount(request.price(), request.amount()));
        PlacedBatch placed = placeByWhatItIs("order", request.market(), request.side(), pair, params,
                body -> List.of(json.placed(body)));
        return new PlacedOrder(placed.ids().get(0), null, placed.recovered());
    }

    /** The failure itself when it proves the order was not placed; otherwise what looking the order up finds. */
    private PlacedOrder settle(SentOrders sent, ExchangeClientException failure, CallDeadline deadline) {
        if (WriteFailures.provesNothingDone(failure)) {
            throw failure;
        }
        return outcomes.recoverOrder(sent, failure, deadline);
    }

    /** Places up to 20 orders of one side (variant A); a batch has no customer ids ({@link #placeByWhatItIs}). */
    PlacedBatch placeOrders(String market, OrderSide side, Integer acctType, List<PriceAmount> pairs) {
        Map<String, String> params = new TreeMap<>();
        params.put("market", market);
        params.put("tradeParams", json.tradeParams(pairs));
        params.put("tradeType", Integer.toString(side.tradeType()));
        if (acctType != null && acctType != 0) {
            params.put("acctType", acctType.toString());
        }
        return placeByWhatItIs("orderMoreV2", market, side, pairs, params, json::placedBatch);
    }

    /**
     * Sends a write that has no id of its own to be found by. First the newest order of its side is read, so that a
     * look-up can tell the write's orders from older alike ones; then the write is sent once. When its failure does
     * not prove it did nothing, its orders are looked up by what they are ({@link SentOrdersLookup}), and what that
     * cannot establish ends in {@link ExchangeOrderStateUnknownException} carrying what was sent. No alike write of
     * this JVM is under way meanwhile ({@link LookAlikeWrites}); a failed first read sends nothing.
     */
    private PlacedBatch placeByWhatItIs(String method, String market, OrderSide side, List<PriceAmount> pairs,
                                        Map<String, String> params, Function<byte[], List<String>> decode) {
        CallDeadline deadline = CallDeadline.in(settings.callTimeout());
        try (Held alike = LookAlikeWrites.alone(method, market, side, pairs, deadline)) {
            // A number learned from an earlier reply of the account serves as the read would: see KnownNewestOrder.
            long epoch = KnownNewestOrder.epoch(account);
            String newestBefore = KnownNewestOrder.usable(account);
            if (newestBefore == null) {
                // Not learned from: it is the newest of one market and side, not of the account.
                newestBefore = newestOrder(market, side, deadline);
            }
            SentOrders sent = new SentOrders(method, market, side, pairs, Instant.now(), newestBefore, null);
            List<String> ids;
            boolean recovered = false;
            try {
                ids = write(method, params, decode, deadline);
            } catch (ExchangeClientException failure) {
                if (WriteFailures.provesNothingDone(failure)) {
                    throw failure;
                }
                try {
                    ids = outcomes.findSent(sent, failure, deadline);
                    recovered = true;
                } catch (RuntimeException unknown) {
                    // Its orders may exist with numbers nobody knows: the next write reads the newest order again.
                    KnownNewestOrder.forget(account);
                    throw unknown;
                }
            }
            // Before the alike lock is let go: a later alike write starts from this number or a larger one.
            ids.forEach(id -> KnownNewestOrder.learned(account, id, epoch));
            return new PlacedBatch(ids, recovered);
        }
    }

    /** The number of the account's newest order of one side in the market, or {@link OrderIds#NONE}. */
    private String newestOrder(String market, OrderSide side, CallDeadline deadline) {
        try {
            return getOrders(market, side, 1, deadline).stream().map(Order::id).reduce(OrderIds.NONE,
                    OrderIds::newest);
        } catch (ExchangeErrorReplyException e) {
            if (e.code() == ORDER_NOT_FOUND) {
                return OrderIds.NONE; // how the service may say "no orders"
            }
            throw e;
        }
    }

    /**
     * For a redelivery of a write whose outcome is unknown, in a call of its own, never sending it: a variant A order
     * by its customerOrderId ({@link WriteOutcomeLookup#recoverOrder}), other writes by what their orders are
     * ({@link WriteOutcomeLookup#findSent}).
     */
    List<String> findSent(SentOrders sent) {
        CallDeadline deadline = CallDeadline.in(settings.callTimeout());
        if (sent.customerOrderId() != null) {
            return List.of(outcomes.recoverOrder(sent, null, deadline).id());
        }
        return outcomes.findSent(sent, null, deadline);
    }

    /**
     * Cancels an open order, by id or by customerOrderId. When the exchange says the order is not pending, or the
     * failure does not prove the cancel did nothing, the order's status decides: already cancelled counts as done.
     * Otherwise the failure is thrown; a cancel sent again cannot cancel twice.
     */
    void cancelOrder(String market, Long id, String customerOrderId) {
        Map<String, String> params = idParams(market, id, customerOrderId);
        CallDeadline deadline = CallDeadline.in(settings.callTimeout());
        try {
            write("cancelOrder", params, body -> {
                json.acknowledged("cancelOrder", body);
                return null;
            }, deadline);
        } catch (ExchangeClientException failure) {
            boolean open = failure instanceof ExchangeErrorReplyException refused && refused.code() == ORDER_NOT_FOUND
                           || !WriteFailures.provesNothingDone(failure);
            if (!open || !outcomes.alreadyCancelled(market, id, customerOrderId, deadline)) {
                throw failure;
            }
        }
    }

    // ---------------------------------------------------------------- reads

    Order getOrder(String market, Long id, String customerOrderId) {
        return getOrder(market, id, customerOrderId, CallDeadline.in(settings.callTimeout()));
    }

    /** {@link #getOrder(String, Long, String)} within a deadline already running (a write's look-up). */
    Order getOrder(String market, Long id, String customerOrderId, CallDeadline deadline) {
        Map<String, String> params = idParams(market, id, customerOrderId);
        return read("getOrder", params, body -> json.order("getOrder", body, variantA), deadline);
    }

    /** One page (10 records) of the orders of one side. */
    List<Order> getOrders(String market, OrderSide side, int pageIndex) {
        return getOrders(market, side, pageIndex, CallDeadline.in(settings.callTimeout()));
    }

    private List<Order> getOrders(String market, OrderSide side, int pageIndex, CallDeadline deadline) {
        Map<String, String> params = new TreeMap<>();
        params.put("currency", market);
        params.put("tradeType", Integer.toString(side.tradeType()));
        params.put("pageIndex", Integer.toString(pageIndex));
        return read("getOrders", params, body -> json.orders("getOrders", body, variantA), deadline);
    }

    List<Order> getOrdersIgnoreTradeType(String market, int pageIndex, int pageSize) {
        return getOrdersIgnoreTradeType(market, pageIndex, pageSize, CallDeadline.in(settings.callTimeout()));
    }

    /** {@link #getOrdersIgnoreTradeType(String, int, int)} within a deadline already running (a write's look-up). */
    List<Order> getOrdersIgnoreTradeType(String market, int pageIndex, int pageSize, CallDeadline deadline) {
        Map<String, String> params = page(market, pageIndex, pageSize);
        return read("getOrdersIgnoreTradeType", params,
                body -> json.orders("getOrdersIgnoreTradeType", body, variantA), deadline);
    }

    /** Open and partly filled orders; the exchange's "not found" (3001) for none becomes an empty list. */
    List<Order> getUnfinishedOrders(String market, int pageIndex, int pageSize) {
        Map<String, String> params = page(market, pageIndex, pageSize);
        try {
            return read("getUnfinishedOrdersIgnoreTradeType", params,
                    body -> json.orders("getUnfinishedOrdersIgnoreTradeType", body, variantA));
        } catch (ExchangeErrorReplyException e) {
            if (e.code() == ORDER_NOT_FOUND) {
                return List.of();
            }
            throw e;
        }
    }

    AccountInfo getAccountInfo() {
        return read("getAccountInfo", new TreeMap<>(), json::accountInfo);
    }

    Address getUserAddress(String coin) {
        return read("getUserAddress", coin(coin), body -> json.address("getUserAddress", coin, body));
    }

    Address getWithdrawAddress(String coin) {
        return read("getWithdrawAddress", coin(coin), body -> json.address("getWithdrawAddress", coin, body));
    }

    WithdrawPage getWithdrawRecord(String coin, int pageIndex, int pageSize) {
        Map<String, String> params = coin(coin);
        params.put("pageIndex", Integer.toString(pageIndex));
        params.put("pageSize", Integer.toString(pageSize));
        return read("getWithdrawRecord", params, json::withdrawPage);
    }

    // ---------------------------------------------------------------- the signed road

    /** One signed read, retried by the policy within one {@code callTimeout}. */
    private <T> T read(String method, Map<String, String> params, Function<byte[], T> decode) {
        return read(method, params, decode, CallDeadline.in(settings.callTimeout()));
    }

    /** One signed read, retried by the policy within {@code deadline}. */
    private <T> T read(String method, Map<String, String> params, Function<byte[], T> decode, CallDeadline deadline) {
        return reads.read(method, deadline, () -> signed(method, params, decode, deadline));
    }

    /** One signed write, sent once within {@code deadline}, which its look-ups share. */
    private <T> T write(String method, Map<String, String> params, Function<byte[], T> decode, CallDeadline deadline) {
        return signed(method, params, decode, deadline);
    }

    /**
     * Signs and sends one call and reads its reply on this client's road ({@link SignedSender}); the exchange's
     * refusal is thrown. Each call is recorded in the metrics.
     */
    private <T> T signed(String method, Map<String, String> params, Function<byte[], T> read, CallDeadline deadline) {
        return metrics.timed(method, () -> sender.send(method, params, read, deadline, overWebSocket));
    }

    private static Map<String, String> idParams(String market, Long id, String customerOrderId) {
        Map<String, String> params = new TreeMap<>();
        params.put("currency", market);
        if (id != null) {
            params.put("id", id.toString());
        } else {
            params.put("customerOrderId", customerOrderId);
        }
        return params;
    }

    private static Map<String, String> page(String market, int pageIndex, int pageSize) {
        Map<String, String> params = new TreeMap<>();
        params.put("currency", market);
        params.put("pageIndex", Integer.toString(pageIndex));
        params.put("pageSize", Integer.toString(pageSize));
        return params;
    }

    private static Map<String, String> coin(String coin) {
        Map<String, String> params = new TreeMap<>();
        params.put("currency", coin);
        return params;
    }

    @Override
    public String toString() {
        return "TradingClient[" + settings.tradeUrl() + ", keys hidden]";
    }
}
