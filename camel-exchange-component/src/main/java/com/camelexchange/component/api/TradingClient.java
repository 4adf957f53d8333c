package com.camelexchange.component.api;

import com.camelexchange.component.api.wire.ExchangeJson;
import com.camelexchange.component.model.AccountInfo;
import com.camelexchange.component.model.Address;
import com.camelexchange.component.model.ApiVariant;
import com.camelexchange.component.model.Order;
import com.camelexchange.component.model.OrderRequest;
import com.camelexchange.component.model.OrderSide;
import com.camelexchange.component.model.PlacedOrder;
import com.camelexchange.component.model.PriceAmount;
import com.camelexchange.component.model.WithdrawPage;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The signed trading and account calls: limiter permit → sign → bounded GET → decode. Requests arrive
 * checked. Reads retry by the {@link RetryPolicy}; writes never retry, and when the reply of a write is
 * lost the client finds out what happened instead of guessing ({@link WriteOutcomeLookup}): an order is looked up
 * by its {@code customerOrderId}, a cancel by the order's status.
 */
final class TradingClient {
    static final int ORDER_NOT_FOUND = 3001;
    private static final int DUPLICATE_CUSTOMER_ORDER_ID = 3012;

    private final ClientSettings settings;
    private final HttpTransport transport;
    private final TradeRateLimits limits;
    private final ExchangeJson json;
    private final Credentials credentials;
    private final boolean variantA;
    private final RetryPolicy reads;
    private final Metrics metrics;
    private final WriteOutcomeLookup outcomes;

    TradingClient(ClientSettings settings, HttpTransport transport, TradeRateLimits limits, ExchangeJson json,
                  Credentials credentials, ApiVariant variant, RetryPolicy reads, Metrics metrics) {
        this.settings = settings;
        this.transport = transport;
        this.limits = limits;
        this.json = json;
        this.credentials = credentials;
        this.variantA = variant == ApiVariant.A;
        this.reads = reads;
        this.metrics = metrics;
        this.outcomes = new WriteOutcomeLookup(this, variantA);
    }

    // ---------------------------------------------------------------- writes

    /**
     * Places an order at most once. In variant A the request carries a {@code customerOrderId}: when the
     * reply is lost, or the exchange says the id is taken (an earlier attempt got through), the order is
     * looked up by it, and it counts as placed only if it is this order (same market, side, price and
     * amount); another order with the id is an {@link ExchangeDuplicateOrderIdException}. Not found means
     * not placed, and the original failure is thrown (safe to send again with the same id). In variant B
     * a lost reply is followed by a look-up of the order by what it is ({@link SentOrdersLookup}); what it
     * cannot establish ends in {@link ExchangeOrderStateUnknownException} carrying what was sent.
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
        Instant sentAt = Instant.now();
        try {
            return new PlacedOrder(write("order", params, json::placed), cid, false);
        } catch (ExchangeValidationException | ExchangeRateLimitException notSent) {
            throw notSent;
        } catch (ExchangeErrorReplyException refused) {
            if (refused.code() == DUPLICATE_CUSTOMER_ORDER_ID && cid != null) {
                return outcomes.recoverOrder(request, refused);
            }
            throw refused;
        } catch (ExchangeClientException lost) {
            if (cid == null) {
                SentOrders sent = new SentOrders("order", request.market(), request.side(),
                        List.of(new PriceAmount(request.price(), request.amount())), sentAt);
                return new PlacedOrder(outcomes.findSent(sent, lost).get(0), null, true);
            }
            return outcomes.recoverOrder(request, lost);
        }
    }

    /**
     * Places up to 20 orders of one side (variant A). A batch has no customer ids: when its reply is lost its
     * orders are looked up by what they are ({@link SentOrdersLookup}), and what that cannot establish ends in
     * {@link ExchangeOrderStateUnknownException} carrying what was sent.
     */
    PlacedBatch placeOrders(String market, OrderSide side, Integer acctType, List<PriceAmount> pairs) {
        Map<String, String> params = new TreeMap<>();
        params.put("market", market);
        params.put("tradeParams", json.tradeParams(pairs));
        params.put("tradeType", Integer.toString(side.tradeType()));
        if (acctType != null && acctType != 0) {
            params.put("acctType", acctType.toString());
        }
        Instant sentAt = Instant.now();
        try {
            return new PlacedBatch(write("orderMoreV2", params, json::placedBatch), false);
        } catch (ExchangeValidationException | ExchangeRateLimitException | ExchangeErrorReplyException definite) {
            throw definite;
        } catch (ExchangeClientException lost) {
            return new PlacedBatch(outcomes.findSent(new SentOrders("orderMoreV2", market, side, pairs, sentAt), lost), true);
        }
    }

    /** {@link WriteOutcomeLookup#findSent}: for a redelivery of a write whose outcome is unknown. */
    List<String> findSent(SentOrders sent, ExchangeClientException failure) {
        return outcomes.findSent(sent, failure);
    }

    /**
     * Cancels an open order, by id or by customerOrderId. When the reply is lost, or the exchange says the
     * order is not pending, the order's status decides: already cancelled counts as done.
     */
    void cancelOrder(String market, Long id, String customerOrderId) {
        Map<String, String> params = idParams(market, id, customerOrderId);
        try {
            write("cancelOrder", params, body -> {
                json.acknowledged("cancelOrder", body);
                return null;
            });
        } catch (ExchangeValidationException | ExchangeRateLimitException notSent) {
            throw notSent;
        } catch (ExchangeErrorReplyException refused) {
            if (refused.code() != ORDER_NOT_FOUND || !outcomes.alreadyCancelled(market, id, customerOrderId)) {
                throw refused;
            }
        } catch (ExchangeClientException lost) {
            if (!outcomes.alreadyCancelled(market, id, customerOrderId)) {
                throw lost;
            }
        }
    }

    // ---------------------------------------------------------------- reads

    Order getOrder(String market, Long id, String customerOrderId) {
        Map<String, String> params = idParams(market, id, customerOrderId);
        return read("getOrder", params, body -> json.order("getOrder", body, variantA));
    }

    /** One page (10 records) of the orders of one side. */
    List<Order> getOrders(String market, OrderSide side, int pageIndex) {
        Map<String, String> params = new TreeMap<>();
        params.put("currency", market);
        params.put("tradeType", Integer.toString(side.tradeType()));
        params.put("pageIndex", Integer.toString(pageIndex));
        return read("getOrders", params, body -> json.orders("getOrders", body, variantA));
    }

    List<Order> getOrdersIgnoreTradeType(String market, int pageIndex, int pageSize) {
        Map<String, String> params = page(market, pageIndex, pageSize);
        return read("getOrdersIgnoreTradeType", params,
                body -> json.orders("getOrdersIgnoreTradeType", body, variantA));
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
        CallDeadline deadline = CallDeadline.in(settings.callTimeout());
        return reads.read(method, deadline, () -> signed(method, params, decode, deadline));
    }

    /** One signed write, sent once within one {@code callTimeout}. */
    private <T> T write(String method, Map<String, String> params, Function<byte[], T> decode) {
        return signed(method, params, decode, CallDeadline.in(settings.callTimeout()));
    }

    /**
     * Signs and sends one call and reads its reply; the exchange's refusal is thrown, and a refusal for
     * being too frequent or locked informs the limits. Each call is recorded in the metrics.
     */
    private <T> T signed(String method, Map<String, String> params, Function<byte[], T> read, CallDeadline deadline) {
        return metrics.timed(method, () -> send(method, params, read, deadline));
    }

    /** {@link #signed}, unrecorded. */
    private <T> T send(String method, Map<String, String> params, Function<byte[], T> read, CallDeadline deadline) {
        TreeMap<String, String> all = new TreeMap<>(params);
        all.put("method", method);
        all.put("accesskey", credentials.accessKey());
        String sign = credentials.signer().sign(all);
        StringBuilder uri = new StringBuilder(settings.tradeUrl().length() + 256).append(settings.tradeUrl())
                .append("/api/").append(method);
        all.forEach((name, value) -> Urls.appendParameter(uri, name, value));
        uri.append("&sign=").append(sign).append("&reqTime=");
        HttpTransport.Reply reply;
        // reqTime is taken when the permit is granted, so a wait for the limiter never ages the request.
        try (Held permit = limits.acquire(credentials.accessKey(), deadline.cap(settings.requestTimeout()),
                deadline.remaining())) {
            uri.append(System.currentTimeMillis());
            reply = transport.get(method, Urls.request(method, uri.toString()), settings.userAgent(),
                    deadline.cap(settings.requestTimeout()), settings.maxReplySize());
        }
        if (reply.status() != 200) {
            throw new ExchangeUnavailableException(method, reply.status(), ExchangeJson.snippet(reply.body()));
        }
        try {
            return read.apply(reply.body());
        } catch (ExchangeErrorReplyException refused) {
            limits.refused(credentials.accessKey(), refused.code());
            throw refused;
        }
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
