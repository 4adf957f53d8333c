package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.account.Balance;
import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.account.WithdrawalRecord;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.OrderType;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;

/**
 * The signed trading and account methods, called once the request is authenticated and admitted.
 * Replies have the shapes the real service answers.
 */
final class TradeApi {
    /** The page of the order queries: always 10 for getOrders, at most 10 in variant A for the others. */
    static final int ORDERS_PAGE = 10;
    /** The largest page any paged method answers (the order queries of variant B, withdrawal records). */
    static final int MAX_PAGE = 100;

    private final SimulatedExchange exchange;

    TradeApi(SimulatedExchange exchange) {
        this.exchange = exchange;
    }

    JsonNode handle(ApiMethod method, Params params, ApiKey key) {
        User user = key.user();
        return switch (method) {
            case ORDER -> order(params, key);
            case ORDER_MORE_V2 -> orderMoreV2(params, key);
            case CANCEL_ORDER -> cancel(params, user);
            case GET_ORDER -> orderRecord(exchange.order(user, params.required("currency"), id(params),
                    customerOrderId(params)));
            case GET_ORDERS -> orderList(exchange.orders(user, params.required("currency"),
                    side(params), false, pageIndex(params), ORDERS_PAGE));
            case GET_ORDERS_IGNORE_TRADE_TYPE -> orderList(exchange.orders(user, params.required("currency"), null,
                    false, pageIndex(params), ordersPageSize(params)));
            case GET_UNFINISHED_ORDERS_IGNORE_TRADE_TYPE -> unfinished(params, user);
            case GET_ACCOUNT_INFO -> accountInfo(key);
            case GET_USER_ADDRESS -> address(user, coin(params), true);
            case GET_WITHDRAW_ADDRESS -> address(user, coin(params), false);
            case GET_WITHDRAW_RECORD -> withdrawRecords(user, coin(params), pageIndex(params),
                    pageSize(params, MAX_PAGE));
        };
    }

    private JsonNode order(Params params, ApiKey key) {
        int acctType = acctType(params, key);
        OrderCommand command = new OrderCommand(params.required("currency"), side(params),
                params.decimal("price", ExchangeError.INVALID_PRICE),
                params.decimal("amount", ExchangeError.INVALID_AMOUNT), acctType,
                params.get("customerOrderId"), OrderType.fromWire(params.get("orderType")));
        Order order = exchange.place(key.user(), command);
        ObjectNode reply = success(true, "操作成功");
        reply.put("id", Long.toString(order.id()));
        return reply;
    }

    private JsonNode orderMoreV2(Params params, ApiKey key) {
        int acctType = acctType(params, key);
        List<BigDecimal[]> pairs = TradeParams.parse(params.required("tradeParams"));
        List<Order> placed = exchange.placeBatch(key.user(), params.required("market"), side(params), acctType, pairs);
        ObjectNode reply = success(true, "操作成功");
        ArrayNode ids = reply.putArray("data");
        placed.forEach(o -> ids.add(Long.toString(o.id())));
        return reply;
    }

    private JsonNode cancel(Params params, User user) {
        exchange.cancel(user, params.required("currency"), id(params), customerOrderId(params));
        return success(true, "Success。");
    }

    private JsonNode unfinished(Params params, User user) {
        List<Order> open = exchange.orders(user, params.required("currency"), null, true, pageIndex(params),
                ordersPageSize(params));
        if (open.isEmpty()) {
            // The real service answers "pending order not found" rather than an empty list.
            throw new ExchangeError(ExchangeError.ORDER_NOT_FOUND, "No unfinished orders");
        }
        return orderList(open);
    }

    /**
     * A page of the account's orders in a market as the WebSocket's listings answer it: {@code pageSize} (10 when
     * absent) is honoured up to {@link #MAX_PAGE} in both variants, as the service's own SDK documents for them; no
     * open order answers 3001, as over REST.
     *
     * @param bySide   whether {@code tradeType} picks one side
     * @param openOnly only open and partly filled orders
     */
    JsonNode orderPage(Params params, User user, boolean bySide, boolean openOnly) {
        List<Order> orders = exchange.orders(user, params.required("currency"), bySide ? side(params) : null,
                openOnly, pageIndex(params), pageSize(params, MAX_PAGE));
        if (openOnly && orders.isEmpty()) {
            throw new ExchangeError(ExchangeError.ORDER_NOT_FOUND, "No unfinished orders");
        }
        return orderList(orders);
    }

    private JsonNode orderList(List<Order> orders) {
        ArrayNode reply = Json.array();
        orders.forEach(o -> reply.add(orderRecord(o)));
        return reply;
    }

    private JsonNode orderRecord(Order o) {
        Variant variant = exchange.variant();
        return exchange.locked(() -> {
            ObjectNode r = Json.object();
            // Variant A names the market, variant B the trade coin.
            r.put("currency", variant == Variant.A ? o.market().name() : o.market().baseCoin());
            r.put("id", Long.toString(o.id()));
            r.put("price", o.price());
            r.put("status", o.status(variant));
            r.put("total_amount", o.amount());
            r.put("trade_amount", o.filled());
            r.put("trade_money", o.filledMoney());
            r.put("trade_date", o.createdAt());
            r.put("type", o.side().wire());
            if (variant == Variant.B) {
                r.put("trade_price", o.averagePrice());
            }
            return r;
        });
    }

    private JsonNode accountInfo(ApiKey key) {
        User user = key.user();
        return exchange.locked(() -> {
            ObjectNode reply = Json.object();
            ObjectNode result = reply.putObject("result");
            ArrayNode coins = result.putArray("coins");
            for (Coin coin : exchange.coins().all()) {
                Balance b = user.spot().balance(coin.key());
                ObjectNode c = coins.addObject();
                c.put("key", coin.key());
                c.put("enName", coin.enName());
                c.put("cnName", coin.cnName());
                c.put("showName", coin.enName());
                c.put("unitTag", coin.unitTag());
                c.put("unitDecimal", coin.unitDecimal());
                c.put("fundstype", coin.fundsType());
                c.put("available", plain(b.available(), coin.unitDecimal()));
                c.put("freez", plain(b.frozen(), coin.unitDecimal()));
                c.put("isCanRecharge", true);
                c.put("isCanWithdraw", true);
                c.put("canLoan", coin.key().equals("usdt") || coin.key().equals("btc"));
            }
            ObjectNode base = result.putObject("base");
            base.put("username", user.username());
            base.put("trade_password_enabled", true);
            base.put("auth_google_enabled", true);
            base.put("auth_mobile_enabled", false);
            for (Permission p : Permission.values()) {
                reply.put(p.flag(), key.has(p));
            }
            return reply;
        });
    }

    /** Balances are shown with the coin's decimals, or more if a balance really has more. */
    static String plain(BigDecimal value, int unitDecimal) {
        return value.setScale(Math.max(unitDecimal, value.stripTrailingZeros().scale())).toPlainString();
    }

    private JsonNode address(User user, String coin, boolean deposit) {
        String address = exchange.locked(() -> (deposit ? user.depositAddresses() : user.withdrawAddresses()).get(coin));
        ObjectNode reply = Json.object();
        reply.put("code", 1000);
        ObjectNode message = reply.putObject("message");
        message.put("des", "success");
        message.put("isSuc", true);
        message.putObject("datas").put("key", address);
        return reply;
    }

    private JsonNode withdrawRecords(User user, String coin, int pageIndex, int pageSize) {
        List<WithdrawalRecord> all = exchange.locked(() -> user.withdrawals().stream()
                .filter(w -> w.coin().equals(coin))
                .sorted(Comparator.comparingLong(WithdrawalRecord::submitTime)
                        // Equal times (a clock that stands still) still list the newest request first.
                        .thenComparingLong(WithdrawalRecord::id).reversed())
                .toList());
        ObjectNode reply = Json.object();
        reply.put("code", 1000);
        ObjectNode message = reply.putObject("message");
        message.put("des", "success");
        message.put("isSuc", true);
        ObjectNode datas = message.putObject("datas");
        ArrayNode list = datas.putArray("list");
        all.stream().skip((long) (pageIndex - 1) * pageSize).limit(pageSize).forEach(w -> {
            ObjectNode r = list.addObject();
            r.put("id", w.id());
            r.put("amount", w.amount());
            r.put("fees", w.fees());
            r.put("submitTime", w.submitTime());
            r.put("manageTime", w.manageTime());
            r.put("status", w.status());
            r.put("toAddress", w.toAddress());
        });
        datas.put("pageIndex", pageIndex);
        datas.put("pageSize", pageSize);
        datas.put("totalCount", all.size());
        datas.put("totalPage", (all.size() + pageSize - 1) / pageSize);
        return reply;
    }

    static ObjectNode success(boolean stringCode, String message) {
        ObjectNode reply = Json.object();
        if (stringCode) {
            reply.put("code", "1000");
        } else {
            reply.put("code", 1000);
        }
        reply.put("message", message);
        return reply;
    }

    // ---------------------------------------------------------------- parameter rules

    private static Side side(Params params) {
        String text = params.required("tradeType");
        if (!text.equals("0") && !text.equals("1")) {
            throw ExchangeError.invalidArguments("tradeType must be 1 (buy) or 0 (sell)");
        }
        return Side.fromWire(Integer.parseInt(text));
    }

    /** Margin ({@code acctType=1}) additionally needs the key's leverPerm. */
    private static int acctType(Params params, ApiKey key) {
        int acctType = params.zeroOrOne("acctType", 0);
        if (acctType == 1 && !key.has(Permission.LEVER)) {
            throw new ExchangeError(ExchangeError.NO_PERMISSION, "Insufficient permissions: leverPerm");
        }
        return acctType;
    }

    private Long id(Params params) {
        Long id = params.optionalLong("id");
        String cid = params.get("customerOrderId");
        if ((id == null) == (cid == null)) {
            throw ExchangeError.invalidArguments("exactly one of id and customerOrderId is required");
        }
        return id;
    }

    private static String customerOrderId(Params params) {
        return params.get("customerOrderId");
    }

    private static int pageIndex(Params params) {
        int pageIndex = params.intOr("pageIndex", 1);
        if (pageIndex < 1) {
            throw ExchangeError.invalidArguments("pageIndex must be at least 1");
        }
        return pageIndex;
    }

    /**
     * The page of the order queries: variant A answers at most 10 orders a page whatever is asked;
     * variant B honours up to 100.
     */
    private int ordersPageSize(Params params) {
        return pageSize(params, exchange.variant() == Variant.A ? ORDERS_PAGE : MAX_PAGE);
    }

    /** {@code pageSize} (10 when absent), capped at {@code max}. */
    private static int pageSize(Params params, int max) {
        int pageSize = params.intOr("pageSize", ORDERS_PAGE);
        if (pageSize < 1) {
            throw ExchangeError.invalidArguments("pageSize must be at least 1");
        }
        return Math.min(pageSize, max);
    }

    private String coin(Params params) {
        String coin = params.required("currency");
        if (!exchange.coins().exists(coin)) {
            throw ExchangeError.invalidArguments("unknown coin " + Echo.quoted(coin));
        }
        return coin;
    }
}
