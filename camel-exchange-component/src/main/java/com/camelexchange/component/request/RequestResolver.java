package com.camelexchange.component.request;

import com.camelexchange.client.Decimals;
import com.camelexchange.client.ExchangeRequest.CancelOrder;
import com.camelexchange.client.ExchangeRequest.GetAccountInfo;
import com.camelexchange.client.ExchangeRequest.GetAllTicker;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.ExchangeRequest.GetMarkets;
import com.camelexchange.client.ExchangeRequest.GetOrder;
import com.camelexchange.client.ExchangeRequest.GetOrders;
import com.camelexchange.client.ExchangeRequest.GetOrdersIgnoreTradeType;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.ExchangeRequest.GetUnfinishedOrders;
import com.camelexchange.client.ExchangeRequest.GetUserAddress;
import com.camelexchange.client.ExchangeRequest.GetWithdrawAddress;
import com.camelexchange.client.ExchangeRequest.GetWithdrawRecord;
import com.camelexchange.client.ExchangeRequest.OrderRef;
import com.camelexchange.client.ExchangeRequest.Origins;
import com.camelexchange.client.ExchangeRequest.PlaceOrder;
import com.camelexchange.client.ExchangeRequest.PlaceOrders;
import com.camelexchange.client.ExchangeRequest;
import com.camelexchange.client.Urls;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.feed.FeedSpec;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderType;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.component.ExchangeConfiguration;
import com.camelexchange.component.ExchangeOperation;
import org.apache.camel.Message;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.component.ExchangeConstants.ACCT_TYPE;
import static com.camelexchange.component.ExchangeConstants.AMOUNT;
import static com.camelexchange.component.ExchangeConstants.COIN;
import static com.camelexchange.component.ExchangeConstants.CUSTOMER_ORDER_ID;
import static com.camelexchange.component.ExchangeConstants.IDEMPOTENCY_KEY;
import static com.camelexchange.component.ExchangeConstants.KLINE_TYPE;
import static com.camelexchange.component.ExchangeConstants.MARKET;
import static com.camelexchange.component.ExchangeConstants.MERGE;
import static com.camelexchange.component.ExchangeConstants.ORDER_ID;
import static com.camelexchange.component.ExchangeConstants.ORDER_TYPE;
import static com.camelexchange.component.ExchangeConstants.PAGE_INDEX;
import static com.camelexchange.component.ExchangeConstants.PAGE_SIZE;
import static com.camelexchange.component.ExchangeConstants.PRICE;
import static com.camelexchange.component.ExchangeConstants.SINCE;
import static com.camelexchange.component.ExchangeConstants.SIZE;
import static com.camelexchange.component.ExchangeConstants.TRADE_TYPE;

/**
 * Turns an endpoint's options and a message into the request of its operation: a header wins over the
 * body, the body over an option. Every rule that needs no market data is applied here, each refusal
 * naming where the value came from; the rules that need the exchange's market list are the client's.
 * No I/O, and no reference to the endpoint or the component: given no message, the same resolver checks
 * the options when the endpoint is created, and consumers resolve their request once when they start.
 *
 * <p>Values that identify one order (its price, amount, customerOrderId, orderId) come from the message
 * only, never from options.
 */
public final class RequestResolver {
    private static final int MAX_REPLY_SIZE = 1 << 30;

    private final ExchangeOperation operation;
    private final ExchangeConfiguration config;
    private final ApiVariant variant;
    /** The merge option, read once: it is text, and a depth call would otherwise parse it every time. */
    private final BigDecimal mergeOption;

    /** Refuses a merge option that is not a positive decimal within bounds. */
    public RequestResolver(ExchangeOperation operation, ExchangeConfiguration config) {
        this.operation = operation;
        this.config = config;
        this.variant = config.getApiVariant();
        this.mergeOption = FieldRules.merge("option merge", Decimals.of("option merge", blankToNull(config.getMerge())));
    }

    /** The request of the endpoint's operation for a message. */
    public ExchangeRequest<?> resolve(Message message) {
        MessageValues values = new MessageValues(message);
        return switch (operation) {
            case markets -> new GetMarkets();
            case allTicker -> new GetAllTicker();
            case ticker -> new GetTicker(market(values));
            case depth -> depth(values);
            case trades -> trades(values);
            case kline -> kline(values);
            case order -> order(values);
            case orderMoreV2 -> orders(values);
            case cancelOrder -> new CancelOrder(writeMarket(values), orderRef(values));
            case getOrder -> new GetOrder(market(values), orderRef(values));
            case getOrders -> new GetOrders(market(values), side(values), pageIndex(values));
            case getOrdersIgnoreTradeType -> new GetOrdersIgnoreTradeType(market(values), pageIndex(values),
                    orderPageSize(values));
            case getUnfinishedOrdersIgnoreTradeType -> new GetUnfinishedOrders(market(values), pageIndex(values),
                    orderPageSize(values));
            case getAccountInfo -> new GetAccountInfo();
            case getUserAddress -> new GetUserAddress(coin(values));
            case getWithdrawAddress -> new GetWithdrawAddress(coin(values));
            case getWithdrawRecord -> new GetWithdrawRecord(coin(values), pageIndex(values), recordPageSize(values));
            // Event streams have no request per message: a producer never reaches here (the endpoint refuses it).
            case orders, withdrawals -> throw new IllegalStateException("exchange:" + operation
                    + " is a consumer only (use it in from(...)); it has no request per message");
        };
    }

    /**
     * Checks the options of the endpoint when it is created, so that a bad URI fails before any route
     * starts. Only options that are set are checked; what a message may still supply is checked per call.
     */
    public void checkOptions() {
        checkOptions(true, true);
    }

    /**
     * {@link #checkOptions()}, where signed operations need no keys of their own when {@code keysNeeded} is false (in
     * paper mode, whose exchange has keys of its own), and {@code baseUrl} may be left unset when
     * {@code addressNeeded} is false (in a backtest, which connects to nothing; one that is set is still checked).
     */
    public void checkOptions(boolean keysNeeded, boolean addressNeeded) {
        if (addressNeeded || config.getBaseUrl() != null) {
            Urls.check("baseUrl", config.getBaseUrl());
        }
        if (config.getTradeUrl() != null) {
            Urls.check("tradeUrl", config.getTradeUrl());
        }
        if (config.getWebsocketUrl() != null) {
            Urls.checkWebSocket("websocketUrl", config.getWebsocketUrl());
        }
        if (config.getTradeOver() == null) {
            throw new ExchangeValidationException("option tradeOver", "is required: REST or WEBSOCKET");
        }
        FieldRules.atLeast("option requestTimeout", config.getRequestTimeout(), 1);
        FieldRules.atLeast("option callTimeout", config.getCallTimeout(), 1);
        FieldRules.range("option maxReplySize", config.getMaxReplySize(), 1024, MAX_REPLY_SIZE, null);
        FieldRules.atLeast("option readRetries", config.getReadRetries(), 0);
        FieldRules.atLeast("option readRetryDelay", config.getReadRetryDelay(), 0);
        if (keysNeeded && operation.signed() && (config.getAccessKey() == null || config.getSecretKey() == null)) {
            throw new ExchangeValidationException("options accessKey and secretKey", "operation " + operation
                    + " is signed and needs both: set them once for every endpoint (camel.component.exchange.accessKey"
                    + " and camel.component.exchange.secretKey) or on the endpoint");
        }
        if (operation == ExchangeOperation.orderMoreV2) {
            FieldRules.variantA("operation orderMoreV2", variant);
        }
        if (config.getMarket() != null) {
            FieldRules.market("option market", config.getMarket());
        }
        if (config.getTradeType() != null) {
            FieldRules.side("option tradeType", config.getTradeType());
        }
        if (config.getOrderType() != null) {
            FieldRules.orderType("option orderType", config.getOrderType(), variant);
        }
        FieldRules.acctType("option acctType", config.getAcctType());
        FieldRules.pageIndex("option pageIndex", config.getPageIndex());
        if (operation == ExchangeOperation.orders) {
            orderEvents();
        } else if (operation == ExchangeOperation.withdrawals) {
            withdrawalEvents();
        }
        // Only where the operation reads it (the event streams above check their own): a component-wide pageSize
        // of 25, legal for withdrawal records, must not stop an order endpoint from being created.
        if (operation == ExchangeOperation.getWithdrawRecord) {
            FieldRules.recordPageSize("option pageSize", config.getPageSize());
        } else if (operation == ExchangeOperation.getOrdersIgnoreTradeType
                || operation == ExchangeOperation.getUnfinishedOrdersIgnoreTradeType) {
            FieldRules.orderPageSize("option pageSize", config.getPageSize(), variant);
        }
        if (config.getCoin() != null) {
            FieldRules.coin("option coin", config.getCoin());
        }
        if (operation == ExchangeOperation.depth) {
            FieldRules.depthSize("option size", config.getSize());
        } else if (operation == ExchangeOperation.kline) {
            FieldRules.klineSize("option size", config.getSize());
        }
        FieldRules.klineType("option type", config.getType());
        FieldRules.since("option since", config.getSince());
    }

    // ---------------------------------------------------------------- event streams

    /** What an {@code exchange:orders} consumer follows: the market is required, as an option. */
    public FeedSpec orderEvents() {
        return FeedSpec.orders(FieldRules.market("option market", config.getMarket()))
                .withPageSize(FieldRules.orderPageSize("option pageSize", config.getPageSize(), variant))
                .withMaxPagesPerPoll((int) FieldRules.atLeast("option maxPagesPerPoll", config.getMaxPagesPerPoll(), 1))
                .withMaxEventsPerPoll((int) FieldRules.atLeast("option maxEventsPerPoll", config.getMaxEventsPerPoll(),
                        1));
    }

    /** What an {@code exchange:withdrawals} consumer follows: the coin is required, as an option. */
    public FeedSpec withdrawalEvents() {
        return FeedSpec.withdrawals(FieldRules.coin("option coin", config.getCoin()))
                .withPageSize(FieldRules.recordPageSize("option pageSize", config.getPageSize()))
                .withMaxPagesPerPoll((int) FieldRules.atLeast("option maxPagesPerPoll", config.getMaxPagesPerPoll(), 1))
                .withMaxEventsPerPoll((int) FieldRules.atLeast("option maxEventsPerPoll", config.getMaxEventsPerPoll(),
                        1));
    }

    // ---------------------------------------------------------------- market data

    public GetTicker ticker(Message message) {
        return new GetTicker(market(new MessageValues(message)));
    }

    public GetDepth depth(Message message) {
        return depth(new MessageValues(message));
    }

    public GetTrades trades(Message message) {
        return trades(new MessageValues(message));
    }

    public GetKline kline(Message message) {
        return kline(new MessageValues(message));
    }

    private GetDepth depth(MessageValues values) {
        Integer size = values.integer(SIZE);
        BigDecimal merge = values.decimal(MERGE);
        return new GetDepth(market(values),
                FieldRules.depthSize(size != null ? "header " + SIZE : "option size", size != null ? size : config.getSize()),
                merge != null ? FieldRules.merge("header " + MERGE, merge) : mergeOption);
    }

    private GetTrades trades(MessageValues values) {
        return new GetTrades(market(values), since(values));
    }

    private GetKline kline(MessageValues values) {
        String type = values.text(KLINE_TYPE);
        Integer size = values.integer(SIZE);
        return new GetKline(market(values),
                FieldRules.klineType(type != null ? "header " + KLINE_TYPE : "option type",
                        type != null ? type : config.getType()),
                since(values),
                FieldRules.klineSize(size != null ? "header " + SIZE : "option size", size != null ? size : config.getSize()));
    }

    private Long since(MessageValues values) {
        Long since = values.whole(SINCE);
        return since != null ? FieldRules.since("header " + SINCE, since) : FieldRules.since("option since",
                config.getSince());
    }

    // ---------------------------------------------------------------- trading

    /**
     * The order of a message: market, side, price, amount, account and order type, customerOrderId; each
     * from its header, else from the body (an {@link OrderRequest}, a Map or JSON), else (market, side,
     * account and order type only) from the endpoint's options. The customerOrderId is the one the
     * message gives, or none: generating one is the producer's part, since it depends on earlier calls.
     */
    public PlaceOrder order(Message message) {
        return order(new MessageValues(message));
    }

    /** The message's idempotency key for an order (variant A), or null when it has none. */
    public String idempotencyKey(Message message) {
        return FieldRules.idempotencyKey("header " + IDEMPOTENCY_KEY, new MessageValues(message).text(IDEMPOTENCY_KEY),
                variant);
    }

    private PlaceOrder order(MessageValues values) {
        OrderRequest body = OrderBodies.order(values.message());
        Pick<String> market = Pick.agreeingWithBodyAndEndpoint(values.text(MARKET), MARKET,
                body == null ? null : body.market(), "market", config.getMarket(), "market");
        OrderSide side = writeSide(values, body == null ? null : body.side());
        Pick<BigDecimal> price = Pick.agreeingWithTheBody(values.decimal(PRICE), PRICE,
                body == null ? null : body.price(), "price", null, null);
        Pick<BigDecimal> amount = Pick.agreeingWithTheBody(values.decimal(AMOUNT), AMOUNT,
                body == null ? null : body.amount(), "amount", null, null);
        Pick<Integer> acct = Pick.agreeingWithTheBody(values.integer(ACCT_TYPE), ACCT_TYPE,
                body == null ? null : body.acctType(), "acctType", config.getAcctType(), "acctType");
        OrderType type = orderType(values, body);
        Pick<String> cid = Pick.agreeingWithTheBody(values.text(CUSTOMER_ORDER_ID), CUSTOMER_ORDER_ID,
                body == null ? null : body.customerOrderId(), "customerOrderId", null, null);
        String priceSource = price.source("price");
        String amountSource = amount.source("amount");
        return new PlaceOrder(new OrderRequest(FieldRules.market(market.source("market"), market.value()), side,
                FieldRules.positive(priceSource, price.value(), "price"),
                FieldRules.positive(amountSource, amount.value(), "amount"),
                FieldRules.acctType(acct.source("acctType"), acct.value()),
                FieldRules.customerOrderId(cid.source("customerOrderId"), cid.value(), variant), type),
                config.isRoundDown(), new Origins(market.source("market"), priceSource, amountSource));
    }

    /** The order type: header (which must agree with the body's), else the body's, else the option; or none. */
    private OrderType orderType(MessageValues values, OrderRequest body) {
        String header = values.text(ORDER_TYPE);
        OrderType fromBody = body == null || body.orderType() == null ? null
                : FieldRules.orderType("body orderType", body.orderType(), variant);
        OrderType option = config.getOrderType() == null ? null
                : FieldRules.orderType("option orderType", config.getOrderType(), variant);
        OrderType fromHeader = header == null ? null : FieldRules.orderType("header " + ORDER_TYPE, header, variant);
        return Pick.agreeingWithTheBody(fromHeader, ORDER_TYPE, fromBody, "orderType", option, "orderType").value();
    }

    /** A batch (variant A): market, side and account type from headers or options, the pairs from the body. */
    private PlaceOrders orders(MessageValues values) {
        FieldRules.variantA("operation orderMoreV2", variant);
        Integer acct = values.integer(ACCT_TYPE);
        List<PriceAmount> pairs = OrderBodies.pairs(values.message());
        FieldRules.batchSize(pairs.size());
        List<PriceAmount> checked = new ArrayList<>(pairs.size());
        for (int i = 0; i < pairs.size(); i++) {
            String source = "body pair " + (i + 1);
            checked.add(new PriceAmount(FieldRules.positive(source + " price", pairs.get(i).price(), "price"),
                    FieldRules.positive(source + " amount", pairs.get(i).amount(), "amount")));
        }
        Pick<Integer> acctType = Pick.agreeingWithTheBody(acct, ACCT_TYPE, null, null, config.getAcctType(),
                "acctType");
        return new PlaceOrders(writeMarket(values), writeSide(values, null),
                FieldRules.acctType(acctType.source("acctType"), acctType.value()), checked, config.isRoundDown());
    }

    /** The side of a write: header (which must agree with the body's), else the body's, else the option. */
    private OrderSide writeSide(MessageValues values, OrderSide fromBody) {
        String header = values.text(TRADE_TYPE);
        String option = config.getTradeType();
        OrderSide fromHeader = header == null ? null : FieldRules.side("header " + TRADE_TYPE, header);
        Pick<OrderSide> side = Pick.agreeingWithTheBody(fromHeader, TRADE_TYPE, fromBody, "side",
                option == null ? null : FieldRules.side("option tradeType", option), "tradeType");
        return side.value() != null ? side.value() : FieldRules.side("option tradeType", null);
    }

    /** The market of a write: the option, and a header must agree with it; required. */
    private String writeMarket(MessageValues values) {
        Pick<String> market = Pick.agreeingWithBodyAndEndpoint(values.text(MARKET), MARKET, null, null,
                config.getMarket(), "market");
        return FieldRules.market(market.source("market"), market.value());
    }

    /** The side of a read: header, else option; required. */
    private OrderSide side(MessageValues values) {
        String header = values.text(TRADE_TYPE);
        return header != null ? FieldRules.side("header " + TRADE_TYPE, header)
                : FieldRules.side("option tradeType", config.getTradeType());
    }

    /** The market: header, else option; required. */
    private String market(MessageValues values) {
        String header = values.text(MARKET);
        return header != null ? FieldRules.market("header " + MARKET, header)
                : FieldRules.market("option market", config.getMarket());
    }

    /**
     * Which order: the order number, else (variant A) the customer order id, from the message only. When
     * both are set, as {@code exchange:order} leaves them, they name the same order and the number is used.
     */
    private OrderRef orderRef(MessageValues values) {
        Long id = values.whole(ORDER_ID);
        if (id != null) {
            return new OrderRef(FieldRules.orderId("header " + ORDER_ID, id), null);
        }
        String cid = values.text(CUSTOMER_ORDER_ID);
        if (cid != null) {
            return new OrderRef(null, FieldRules.customerOrderId("header " + CUSTOMER_ORDER_ID, cid, variant));
        }
        throw new ExchangeValidationException("header " + ORDER_ID, "the order is required: its number in header "
                + ORDER_ID + (variant == ApiVariant.A ? " or its customer order id in header " + CUSTOMER_ORDER_ID : ""));
    }

    private int pageIndex(MessageValues values) {
        Integer header = values.integer(PAGE_INDEX);
        return header != null ? FieldRules.pageIndex("header " + PAGE_INDEX, header)
                : FieldRules.pageIndex("option pageIndex", config.getPageIndex());
    }

    /** Records per page: header, else option; checked by the rule of the operation. */
    private Pick<Integer> pageSize(MessageValues values) {
        return Pick.first(values.integer(PAGE_SIZE), PAGE_SIZE, null, null, config.getPageSize(), "pageSize");
    }

    private int orderPageSize(MessageValues values) {
        Pick<Integer> size = pageSize(values);
        return FieldRules.orderPageSize(size.source("pageSize"), size.value(), variant);
    }

    private int recordPageSize(MessageValues values) {
        Pick<Integer> size = pageSize(values);
        return FieldRules.recordPageSize(size.source("pageSize"), size.value());
    }

    private String coin(MessageValues values) {
        String header = values.text(COIN);
        return header != null ? FieldRules.coin("header " + COIN, header) : FieldRules.coin("option coin", config.getCoin());
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
