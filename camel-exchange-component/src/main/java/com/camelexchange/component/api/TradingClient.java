package com.camelexchange.component.api;

import com.camelexchange.component.model.AccountInfo;
import com.camelexchange.component.model.Address;
import com.camelexchange.component.model.ApiVariant;
import com.camelexchange.component.model.Order;
import com.camelexchange.component.model.OrderRequest;
import com.camelexchange.component.model.OrderSide;
import com.camelexchange.component.model.OrderStatus;
import com.camelexchange.component.model.PlacedOrder;
import com.camelexchange.component.model.PriceAmount;
import com.camelexchange.component.model.WithdrawPage;
import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The signed trading and account calls of section 4.2: limiter permit → sign → GET → decode. Requests are
 * assumed valid (the Camel layer checks them first). Reads retry by the {@link RetryPolicy}; writes never
 * retry, and when the reply of a write is lost the client finds out what happened instead of guessing:
 * an order is looked up by its {@code customerOrderId}, a cancel by the order's status.
 */
public final class TradingClient {
    private static final int ORDER_NOT_FOUND = 3001;
    private static final int DUPLICATE_CUSTOMER_ORDER_ID = 3012;

    private final ClientSettings settings;
    private final HttpTransport transport;
    private final TradeRateLimits limits;
    private final ReplyDecoder decoder;
    private final Credentials credentials;
    private final ApiVariant variant;
    private final RetryPolicy reads;

    public TradingClient(ClientSettings settings, HttpTransport transport, TradeRateLimits limits, ReplyDecoder decoder,
                         Credentials credentials, ApiVariant variant, RetryPolicy reads) {
        this.settings = settings;
        this.transport = transport;
        this.limits = limits;
        this.decoder = decoder;
        this.credentials = credentials;
        this.variant = variant;
        this.reads = reads;
    }

    // ---------------------------------------------------------------- writes

    /**
     * Places an order at most once. In variant A the request must carry a {@code customerOrderId}: when the
     * reply is lost, or the exchange says the id is taken (an earlier attempt got through), the order is
     * looked up by it. Not found means not placed, and the original failure is thrown (safe to send again
     * with the same id). In variant B a lost reply ends in {@link ExchangeOrderStateUnknownException}.
     */
    public PlacedOrder placeOrder(OrderRequest request) {
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
        try {
            return new PlacedOrder(signed("order", params).path("id").asText(), cid, false);
        } catch (ExchangeValidationException | ExchangeRateLimitException notSent) {
            throw notSent;
        } catch (ExchangeErrorReplyException refused) {
            if (refused.code() == DUPLICATE_CUSTOMER_ORDER_ID && cid != null) {
                return recoverOrder(request.market(), cid, refused);
            }
            throw refused;
        } catch (ExchangeClientException lost) {
            if (cid == null) {
                throw new ExchangeOrderStateUnknownException("order", "without a customerOrderId (variant B) it"
                        + " cannot be looked up: check getUnfinishedOrdersIgnoreTradeType before placing it again", lost);
            }
            return recoverOrder(request.market(), cid, lost);
        }
    }

    private PlacedOrder recoverOrder(String market, String cid, ExchangeClientException cause) {
        Order found;
        try {
            found = getOrder(market, null, cid);
        } catch (ExchangeErrorReplyException e) {
            if (e.code() == ORDER_NOT_FOUND) {
                throw cause;
            }
            throw new ExchangeOrderStateUnknownException("order", "look it up with getOrder?customerOrderId=" + cid, cause);
        } catch (ExchangeClientException e) {
            throw new ExchangeOrderStateUnknownException("order", "look it up with getOrder?customerOrderId=" + cid, cause);
        }
        return new PlacedOrder(found.id(), cid, true);
    }

    /**
     * Places up to 20 orders of one side (variant A). A batch has no customer ids, so a lost reply ends in
     * {@link ExchangeOrderStateUnknownException}.
     */
    public List<String> placeOrders(String market, OrderSide side, Integer acctType, List<PriceAmount> pairs) {
        StringBuilder tradeParams = new StringBuilder("[");
        for (PriceAmount pair : pairs) {
            tradeParams.append(tradeParams.length() == 1 ? "" : ",").append('[')
                    .append(pair.price().toPlainString()).append(',').append(pair.amount().toPlainString()).append(']');
        }
        Map<String, String> params = new TreeMap<>();
        params.put("market", market);
        params.put("tradeParams", tradeParams.append(']').toString());
        params.put("tradeType", Integer.toString(side.tradeType()));
        if (acctType != null && acctType != 0) {
            params.put("acctType", acctType.toString());
        }
        JsonNode reply;
        try {
            reply = signed("orderMoreV2", params);
        } catch (ExchangeValidationException | ExchangeRateLimitException | ExchangeErrorReplyException definite) {
            throw definite;
        } catch (ExchangeClientException lost) {
            throw new ExchangeOrderStateUnknownException("orderMoreV2", "a batch cannot be looked up: check"
                    + " getUnfinishedOrdersIgnoreTradeType for " + market + " before sending it again", lost);
        }
        List<String> ids = new ArrayList<>();
        reply.path("data").forEach(id -> ids.add(id.asText()));
        return ids;
    }

    /**
     * Cancels an open order, by id or by customerOrderId. When the reply is lost, or the exchange says the
     * order is not pending, the order's status decides: already cancelled counts as done.
     */
    public void cancelOrder(String market, Long id, String customerOrderId) {
        Map<String, String> params = idParams(market, id, customerOrderId);
        try {
            signed("cancelOrder", params);
        } catch (ExchangeValidationException | ExchangeRateLimitException notSent) {
            throw notSent;
        } catch (ExchangeErrorReplyException refused) {
            if (refused.code() != ORDER_NOT_FOUND || !alreadyCancelled(market, id, customerOrderId)) {
                throw refused;
            }
        } catch (ExchangeClientException lost) {
            if (!alreadyCancelled(market, id, customerOrderId)) {
                throw lost;
            }
        }
    }

    private boolean alreadyCancelled(String market, Long id, String customerOrderId) {
        try {
            return getOrder(market, id, customerOrderId).status() == OrderStatus.CANCELLED;
        } catch (ExchangeClientException e) {
            return false;
        }
    }

    // ---------------------------------------------------------------- reads

    public Order getOrder(String market, Long id, String customerOrderId) {
        return reads.read(() -> decoder.order("getOrder", signed("getOrder", idParams(market, id, customerOrderId)),
                variant == ApiVariant.A));
    }

    /** One page (10 records) of the orders of one side. */
    public List<Order> getOrders(String market, OrderSide side, int pageIndex) {
        Map<String, String> params = new TreeMap<>();
        params.put("currency", market);
        params.put("tradeType", Integer.toString(side.tradeType()));
        params.put("pageIndex", Integer.toString(pageIndex));
        return reads.read(() -> decoder.orders("getOrders", signed("getOrders", params), variant == ApiVariant.A));
    }

    public List<Order> getOrdersIgnoreTradeType(String market, int pageIndex, int pageSize) {
        return reads.read(() -> decoder.orders("getOrdersIgnoreTradeType",
                signed("getOrdersIgnoreTradeType", page(market, pageIndex, pageSize)), variant == ApiVariant.A));
    }

    /** Open and partly filled orders; the exchange's "not found" (3001) for none becomes an empty list. */
    public List<Order> getUnfinishedOrders(String market, int pageIndex, int pageSize) {
        return reads.read(() -> {
            try {
                return decoder.orders("getUnfinishedOrdersIgnoreTradeType",
                        signed("getUnfinishedOrdersIgnoreTradeType", page(market, pageIndex, pageSize)),
                        variant == ApiVariant.A);
            } catch (ExchangeErrorReplyException e) {
                if (e.code() == ORDER_NOT_FOUND) {
                    return List.of();
                }
                throw e;
            }
        });
    }

    public AccountInfo getAccountInfo() {
        return reads.read(() -> decoder.accountInfo(signed("getAccountInfo", new TreeMap<>())));
    }

    public Address getUserAddress(String coin) {
        return reads.read(() -> decoder.address("getUserAddress", coin, signed("getUserAddress", coin(coin))));
    }

    public Address getWithdrawAddress(String coin) {
        return reads.read(() -> decoder.address("getWithdrawAddress", coin, signed("getWithdrawAddress", coin(coin))));
    }

    public WithdrawPage getWithdrawRecord(String coin, int pageIndex, int pageSize) {
        Map<String, String> params = coin(coin);
        params.put("pageIndex", Integer.toString(pageIndex));
        params.put("pageSize", Integer.toString(pageSize));
        return reads.read(() -> decoder.withdrawPage(signed("getWithdrawRecord", params)));
    }

    // ---------------------------------------------------------------- the signed road

    private JsonNode signed(String method, Map<String, String> params) {
        TreeMap<String, String> all = new TreeMap<>(params);
        all.put("method", method);
        all.put("accesskey", credentials.accessKey());
        String sign = credentials.signer().sign(all);
        StringBuilder uri = new StringBuilder(settings.tradeUrl()).append("/api/").append(method).append('?');
        all.forEach((name, value) -> uri.append(name).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8))
                .append('&'));
        uri.append("sign=").append(sign).append("&reqTime=");
        HttpTransport.Reply reply;
        // reqTime is taken when the permit is granted, so a wait for the limiter never ages the request.
        try (Held permit = limits.acquire(credentials.accessKey())) {
            uri.append(System.currentTimeMillis());
            reply = transport.get(method, URI.create(uri.toString()), settings.userAgent(), settings.requestTimeout());
        }
        if (reply.status() != 200) {
            throw new ExchangeUnavailableException(method, reply.status(), ReplyDecoder.snippet(reply.body()));
        }
        try {
            return decoder.parse(method, reply.body());
        } catch (ExchangeErrorReplyException e) {
            limits.refused(credentials.accessKey(), e.code());
            throw e;
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
        return "TradingClient[" + settings.tradeUrl() + ", " + credentials + "]";
    }
}
