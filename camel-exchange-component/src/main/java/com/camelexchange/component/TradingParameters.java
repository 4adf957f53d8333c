package com.camelexchange.component;

import com.camelexchange.component.api.ExchangeValidationException;
import com.camelexchange.component.converter.OrderRequestConverter;
import com.camelexchange.component.model.ApiVariant;
import com.camelexchange.component.model.Market;
import com.camelexchange.component.model.OrderRequest;
import com.camelexchange.component.model.OrderSide;
import com.camelexchange.component.model.OrderType;
import com.camelexchange.component.model.PriceAmount;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.Message;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The parameters of signed operations: a header wins over the body, the body over the endpoint option.
 * Every value is checked before anything is sent, and a refusal names where the value came from.
 */
public final class TradingParameters {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** A value and where it came from, for messages. */
    private record Pick<T>(T value, String source) {
    }

    private final ExchangeEndpoint endpoint;
    private final ExchangeConfiguration config;

    TradingParameters(ExchangeEndpoint endpoint) {
        this.endpoint = endpoint;
        this.config = endpoint.getConfiguration();
    }

    private ApiVariant variant() {
        return config.getApiVariant();
    }

    private static <T> Pick<T> pick(T header, String headerName, T body, String bodyName, T option, String optionName) {
        if (header != null) {
            return new Pick<>(header, "header " + headerName);
        }
        if (body != null) {
            return new Pick<>(body, "body " + bodyName);
        }
        return new Pick<>(option, "option " + optionName);
    }

    /**
     * The order to place. In variant A it always carries a customerOrderId, generated when none is given
     * and put on the message first, so that a redelivery of the same message places the same order.
     */
    public OrderRequest order(Message message) {
        OrderRequest body = bodyOrder(message);
        Pick<String> market = pick(HeaderValues.text(message, ExchangeConstants.MARKET), ExchangeConstants.MARKET,
                body == null ? null : body.market(), "market", config.getMarket(), "market");
        Market spec = endpoint.marketSpec(ParameterRules.market(market.source(), market.value()), market.source());
        OrderSide side = side(message, body == null ? null : body.side());
        Pick<BigDecimal> price = pick(HeaderValues.decimal(message, ExchangeConstants.PRICE), ExchangeConstants.PRICE,
                body == null ? null : body.price(), "price", ParameterRules.decimalOption("option price", config.getPrice()), "price");
        BigDecimal checkedPrice = OrderRules.price(price.source(), price.value(), spec, config.isRoundDown());
        Pick<BigDecimal> amount = pick(HeaderValues.decimal(message, ExchangeConstants.AMOUNT),
                ExchangeConstants.AMOUNT, body == null ? null : body.amount(), "amount",
                ParameterRules.decimalOption("option amount", config.getAmount()), "amount");
        BigDecimal checkedAmount = OrderRules.amount(amount.source(), amount.value(), checkedPrice, spec,
                config.isRoundDown(), variant());
        Pick<Integer> acct = pick(HeaderValues.integer(message, ExchangeConstants.ACCT_TYPE), ExchangeConstants.ACCT_TYPE,
                body == null ? null : body.acctType(), "acctType", config.getAcctType(), "acctType");
        Pick<OrderType> type = pick(orderType(message), ExchangeConstants.ORDER_TYPE,
                body == null ? null : body.orderType(), "orderType", parseOrderType(config.getOrderType()), "orderType");
        Pick<String> cid = pick(HeaderValues.text(message, ExchangeConstants.CUSTOMER_ORDER_ID),
                ExchangeConstants.CUSTOMER_ORDER_ID, body == null ? null : body.customerOrderId(), "customerOrderId",
                config.getCustomerOrderId(), "customerOrderId");
        String customerOrderId = OrderRules.customerOrderId(cid.source(), cid.value(), variant());
        if (variant() == ApiVariant.A && customerOrderId == null) {
            customerOrderId = UUID.randomUUID().toString().replace("-", "");
        }
        if (customerOrderId != null) {
            message.setHeader(ExchangeConstants.CUSTOMER_ORDER_ID, customerOrderId);
        }
        return new OrderRequest(spec.name(), side, checkedPrice, checkedAmount,
                OrderRules.acctType(acct.source(), acct.value()), customerOrderId,
                OrderRules.orderType(type.source(), type.value(), variant()));
    }

    private static OrderRequest bodyOrder(Message message) {
        Object body = message.getBody();
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

    /** The market of a batch, checked against the exchange's list (scales are needed for each pair). */
    public Market batchMarket(Message message) {
        Pick<String> market = pick(HeaderValues.text(message, ExchangeConstants.MARKET), ExchangeConstants.MARKET,
                null, null, config.getMarket(), "market");
        return endpoint.marketSpec(ParameterRules.market(market.source(), market.value()), market.source());
    }

    /** The pairs of a batch (variant A): 1-20, each within the market's rules. */
    public List<PriceAmount> batch(Message message, Market market) {
        OrderRules.variantA("operation orderMoreV2", variant());
        List<PriceAmount> pairs = pairs(message.getBody());
        if (pairs.isEmpty() || pairs.size() > OrderRules.MAX_BATCH) {
            throw new ExchangeValidationException("body", pairs.size() + " orders; a batch holds 1-"
                    + OrderRules.MAX_BATCH);
        }
        List<PriceAmount> checked = new ArrayList<>(pairs.size());
        for (int i = 0; i < pairs.size(); i++) {
            String source = "body pair " + (i + 1);
            BigDecimal price = OrderRules.price(source + " price", pairs.get(i).price(), market, config.isRoundDown());
            checked.add(new PriceAmount(price, OrderRules.amount(source + " amount", pairs.get(i).amount(), price,
                    market, config.isRoundDown(), variant())));
        }
        return checked;
    }

    /** Accepts a list of PriceAmount, of [price, amount] lists, of {price, amount} maps, or that list as JSON. */
    private static List<PriceAmount> pairs(Object body) {
        Object list = body;
        if (body instanceof String text) {
            try {
                list = JSON.readValue(text, List.class);
            } catch (JsonProcessingException e) {
                throw new ExchangeValidationException("body", "not a JSON list of [price, amount] pairs");
            }
        }
        if (!(list instanceof List<?> items)) {
            throw new ExchangeValidationException("body", "orderMoreV2 needs a list of [price, amount] pairs");
        }
        List<PriceAmount> pairs = new ArrayList<>(items.size());
        for (Object item : items) {
            if (item instanceof PriceAmount pa) {
                pairs.add(pa);
            } else if (item instanceof List<?> pair && pair.size() == 2) {
                pairs.add(new PriceAmount(number(pair.get(0)), number(pair.get(1))));
            } else if (item instanceof Map<?, ?> map) {
                pairs.add(new PriceAmount(number(map.get("price")), number(map.get("amount"))));
            } else {
                throw new ExchangeValidationException("body", "'" + item + "' is not a [price, amount] pair");
            }
        }
        return pairs;
    }

    private static BigDecimal number(Object value) {
        return ParameterRules.decimal("body", value);
    }

    /** The side, from the header, the body or the option; required. */
    public OrderSide side(Message message, OrderSide fromBody) {
        String header = HeaderValues.text(message, ExchangeConstants.TRADE_TYPE);
        if (header != null) {
            return requireSide("header " + ExchangeConstants.TRADE_TYPE, header);
        }
        if (fromBody != null) {
            return fromBody;
        }
        return requireSide("option tradeType", config.getTradeType());
    }

    private static OrderSide requireSide(String source, String text) {
        OrderSide side = OrderSide.parse(text);
        if (side == null) {
            throw new ExchangeValidationException(source, (text == null ? "a side" : "'" + text + "'")
                    + " must be buy or sell (or 1 or 0)");
        }
        return side;
    }

    private static OrderType orderType(Message message) {
        String text = HeaderValues.text(message, ExchangeConstants.ORDER_TYPE);
        OrderType type = parseOrderType(text);
        if (text != null && type == null) {
            throw new ExchangeValidationException("header " + ExchangeConstants.ORDER_TYPE, "'" + text
                    + "' is not limit, postOnly or ioc");
        }
        return type;
    }

    static OrderType parseOrderType(String text) {
        return text == null ? null : OrderType.parse(text);
    }

    public Integer acctType(Message message) {
        Integer header = HeaderValues.integer(message, ExchangeConstants.ACCT_TYPE);
        return header != null ? OrderRules.acctType("header " + ExchangeConstants.ACCT_TYPE, header)
                : OrderRules.acctType("option acctType", config.getAcctType());
    }

    /** The market of an order query or cancel, checked against the list when it can be had. */
    public String market(Message message) {
        String header = HeaderValues.text(message, ExchangeConstants.MARKET);
        String market = header != null ? ParameterRules.market("header " + ExchangeConstants.MARKET, header)
                : ParameterRules.market("option market", config.getMarket());
        endpoint.requireKnownMarket(market, header != null ? "header " + ExchangeConstants.MARKET : "option market");
        return market;
    }

    /**
     * Which order: an order id or a customer order id (headers over options). When both headers are set,
     * as {@code exchange:order} leaves them, they name the same order and the order id is used.
     */
    public OrderRef orderRef(Message message) {
        Long headerId = HeaderValues.whole(message, ExchangeConstants.ORDER_ID);
        String headerCid = HeaderValues.text(message, ExchangeConstants.CUSTOMER_ORDER_ID);
        if (headerId != null) {
            return new OrderRef(headerId, null);
        }
        if (headerCid != null) {
            return new OrderRef(null, OrderRules.customerOrderId("header " + ExchangeConstants.CUSTOMER_ORDER_ID,
                    headerCid, variant()));
        }
        if (config.getOrderId() != null && config.getCustomerOrderId() != null) {
            throw new ExchangeValidationException("options orderId and customerOrderId", "give only one of them");
        }
        if (config.getOrderId() != null) {
            return new OrderRef(config.getOrderId(), null);
        }
        if (config.getCustomerOrderId() != null) {
            return new OrderRef(null, OrderRules.customerOrderId("option customerOrderId", config.getCustomerOrderId(),
                    variant()));
        }
        throw new ExchangeValidationException("orderId", "an order id (header " + ExchangeConstants.ORDER_ID
                + " or option orderId) or a customer order id is required");
    }

    /** An order by its number or by its customer order id (exactly one is set). */
    public record OrderRef(Long id, String customerOrderId) {
    }

    public int pageIndex(Message message) {
        Integer header = HeaderValues.integer(message, ExchangeConstants.PAGE_INDEX);
        return header != null ? OrderRules.pageIndex("header " + ExchangeConstants.PAGE_INDEX, header)
                : OrderRules.pageIndex("option pageIndex", config.getPageIndex());
    }

    public int pageSize(Message message) {
        Integer header = HeaderValues.integer(message, ExchangeConstants.PAGE_SIZE);
        return header != null ? OrderRules.pageSize("header " + ExchangeConstants.PAGE_SIZE, header, variant())
                : OrderRules.pageSize("option pageSize", config.getPageSize(), variant());
    }

    /** The coin of an address or withdrawal query, checked against the coins of the listed markets. */
    public String coin(Message message) {
        String header = HeaderValues.text(message, ExchangeConstants.COIN);
        String source = header != null ? "header " + ExchangeConstants.COIN : "option coin";
        String coin = OrderRules.coin(source, header != null ? header : config.getCoin());
        endpoint.requireKnownCoin(coin, source);
        return coin;
    }

    /** Checks the options of a signed endpoint when it is created; values from messages are checked later. */
    void validateOptions(ExchangeOperation operation) {
        if (config.getAccessKey() == null || config.getSecretKey() == null) {
            throw new ExchangeValidationException("options accessKey and secretKey",
                    "operation " + operation + " is signed and needs both (set them on the component or endpoint)");
        }
        if (operation == ExchangeOperation.orderMoreV2) {
            OrderRules.variantA("operation orderMoreV2", variant());
        }
        if (config.getMarket() != null) {
            ParameterRules.market("option market", config.getMarket());
        }
        if (config.getTradeType() != null) {
            requireSide("option tradeType", config.getTradeType());
        }
        if (config.getOrderType() != null) {
            OrderType type = parseOrderType(config.getOrderType());
            if (type == null) {
                throw new ExchangeValidationException("option orderType", "'" + config.getOrderType()
                        + "' is not limit, postOnly or ioc");
            }
            OrderRules.orderType("option orderType", type, variant());
        }
        OrderRules.acctType("option acctType", config.getAcctType());
        OrderRules.customerOrderId("option customerOrderId", config.getCustomerOrderId(), variant());
        OrderRules.pageIndex("option pageIndex", config.getPageIndex());
        OrderRules.pageSize("option pageSize", config.getPageSize(), variant());
        if (config.getCoin() != null) {
            OrderRules.coin("option coin", config.getCoin());
        }
        ParameterRules.decimalOption("option price", config.getPrice());
        ParameterRules.decimalOption("option amount", config.getAmount());
    }
}
