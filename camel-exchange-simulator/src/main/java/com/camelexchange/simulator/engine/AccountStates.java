package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.account.Balance;
import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.account.Wallet;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The accounts of a simulator as JSON text, to keep between runs: per user its access keys, both wallets,
 * every order (open ones with what is left of them) with its fills, and the sequences that number orders
 * and fills. Secrets are not in it: an import finds each account by an access key the new simulator was
 * built with. Withdrawal records and addresses are not in it either; they derive from the seed.
 */
public final class AccountStates {
    /** Names the layout, so that a later layout can still read this one. */
    public static final String FORMAT = "camel-exchange-simulator/accounts/1";
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final ObjectMapper MAPPER = new ObjectMapper().setNodeFactory(NODES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private AccountStates() {
    }

    /** The accounts with at least one key, as JSON text. */
    public static String export(SimulatedExchange exchange) {
        ObjectNode root = exchange.locked(() -> {
            ObjectNode out = NODES.objectNode();
            out.put("format", FORMAT);
            out.put("nextOrderSequence", exchange.history().nextOrderSequence());
            out.put("nextBookSequence", exchange.history().nextBookSequence());
            out.put("nextFillId", exchange.settlement().nextFillId());
            ArrayNode accounts = out.putArray("accounts");
            usersWithKeys(exchange).forEach((user, keys) -> account(accounts.addObject(), exchange, user, keys));
            return out;
        });
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A tree of strings and numbers always serialises", e);
        }
    }

    private static Map<User, List<String>> usersWithKeys(SimulatedExchange exchange) {
        Map<User, List<String>> users = new LinkedHashMap<>();
        exchange.apiKeys().stream().sorted(Comparator.comparingLong((ApiKey k) -> k.user().id())
                        .thenComparing(ApiKey::accessKey))
                .forEach(k -> users.computeIfAbsent(k.user(), u -> new ArrayList<>()).add(k.accessKey()));
        return users;
    }

    private static void account(ObjectNode out, SimulatedExchange exchange, User user, List<String> keys) {
        ArrayNode accessKeys = out.putArray("accessKeys");
        keys.forEach(accessKeys::add);
        out.put("username", user.username());
        ObjectNode wallets = out.putObject("wallets");
        wallet(wallets.putObject("spot"), user.wallet(0));
        wallet(wallets.putObject("margin"), user.wallet(1));
        ArrayNode orders = out.putArray("orders");
        for (Order o : exchange.history().of(user)) {
            ObjectNode r = orders.addObject();
            r.put("id", Long.toString(o.id()));
            r.put("customerOrderId", o.customerOrderId());
            r.put("market", o.market().name());
            r.put("side", o.side().name());
            r.put("price", o.price().toPlainString());
            r.put("amount", o.amount().toPlainString());
            r.put("type", o.type().name());
            r.put("acctType", o.acctType());
            r.put("createdAt", Instant.ofEpochMilli(o.createdAt()).toString());
            r.put("marketTime", Instant.ofEpochMilli(o.marketTime()).toString());
            r.put("sequence", o.sequence());
            r.put("state", o.state().name());
            r.put("filled", o.filled().toPlainString());
            r.put("filledMoney", o.filledMoney().toPlainString());
            if (o.isOpen() && exchange.cancelSent(o)) {
                // Accepted and still on its way (paper latency): the next run carries it out.
                r.put("cancelSent", true);
            }
            ArrayNode fills = r.putArray("fills");
            for (Fill f : o.fills()) {
                fills.addObject().put("id", f.id()).put("price", f.price().toPlainString())
                        .put("amount", f.amount().toPlainString()).put("fee", f.fee().toPlainString())
                        .put("feeCoin", f.feeCoin()).put("maker", f.maker()).put("time", f.time().toString())
                        .put("model", f.model());
            }
        }
    }

    private static void wallet(ObjectNode out, Wallet wallet) {
        for (Coin coin : wallet.coins().all()) {
            Balance b = wallet.balance(coin.key());
            out.putObject(coin.key()).put("available", b.available().toPlainString())
                    .put("frozen", b.frozen().toPlainString());
        }
    }

    /**
     * Restores exported accounts into a simulator that has their keys and no orders yet: balances are set,
     * orders (open ones back on the book, in their time order) and fills restored, and the sequences moved
     * past the imported ones.
     *
     * @throws IllegalArgumentException when the text is not such an export, names a market the simulator
     *                                  does not have, or an account none of whose keys it has
     */
    public static void restore(SimulatedExchange exchange, String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Imported accounts are not JSON: "
                    + Echo.problem(e.getOriginalMessage()));
        }
        Fields r = new Fields();
        if (root == null || !FORMAT.equals(root.path("format").asText())) {
            throw new IllegalArgumentException("Imported accounts must be an export of format " + FORMAT);
        }
        exchange.locked(() -> {
            List<Order> restored = new ArrayList<>();
            List<Order> cancelSent = new ArrayList<>();
            for (JsonNode account : r.array(root, "accounts")) {
                User user = user(exchange, r.array(account, "accessKeys"));
                JsonNode wallets = r.object(account, "wallets");
                restoreWallet(r, r.object(wallets, "spot"), user.wallet(0));
                restoreWallet(r, r.object(wallets, "margin"), user.wallet(1));
                for (JsonNode o : r.array(account, "orders")) {
                    Order order = order(exchange, r, user, o);
                    restored.add(order);
                    if (o.path("cancelSent").asBoolean(false)) {
                        cancelSent.add(order);
                    }
                }
            }
            restored.sort(Comparator.comparingLong(Order::sequence));
            restored.forEach(exchange::restore);
            cancelSent.forEach(exchange::cancelImported);
            exchange.history().restoreSequences(r.whole(root, "nextOrderSequence"), r.whole(root, "nextBookSequence"));
            exchange.settlement().restoreNextFillId(r.whole(root, "nextFillId"));
            return null;
        });
    }

    private static User user(SimulatedExchange exchange, JsonNode accessKeys) {
        for (JsonNode key : accessKeys) {
            ApiKey known = exchange.key(key.asText());
            if (known != null) {
                return known.user();
            }
        }
        throw new IllegalArgumentException("The simulator has none of the keys of an imported account: "
                + Echo.cut(accessKeys.toString()) + "; build it with key(accessKey, secretKey)");
    }

    private static void restoreWallet(Fields r, JsonNode balances, Wallet wallet) {
        for (var it = balances.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!wallet.coins().exists(e.getKey())) {
                throw new IllegalArgumentException("Unknown coin in imported accounts: " + Echo.quoted(e.getKey()));
            }
            wallet.restore(e.getKey(), r.decimal(e.getValue(), "available"), r.decimal(e.getValue(), "frozen"));
        }
    }

    private static Order order(SimulatedExchange exchange, Fields r, User user, JsonNode o) {
        MarketSpec spec = exchange.market(r.text(o, "market"));
        if (spec == null) {
            throw new IllegalArgumentException("Imported order of a market the simulator does not have: "
                    + Echo.quoted(r.text(o, "market")));
        }
        Side side = r.enumValue(Side.class, o, "side");
        JsonNode cid = o.get("customerOrderId");
        long createdAt = r.time(o, "createdAt").toEpochMilli();
        // Exports made before orders kept their market time: the two clocks were taken to agree then.
        long marketTime = o.hasNonNull("marketTime") ? marketTime(r.time(o, "marketTime"), createdAt) : createdAt;
        Order order = new Order(r.whole(o, "id"), cid == null || cid.isNull() ? null : cid.asText(), user, spec,
                side, r.decimal(o, "price"), r.decimal(o, "amount"), r.enumValue(OrderType.class, o, "type"),
                (int) r.whole(o, "acctType"), createdAt, marketTime, r.whole(o, "sequence"));
        List<Fill> fills = new ArrayList<>();
        for (JsonNode f : r.array(o, "fills")) {
            fills.add(new Fill(r.whole(f, "id"), order.id(), spec.name(), side, r.decimal(f, "price"),
                    r.decimal(f, "amount"), r.decimal(f, "fee"), r.text(f, "feeCoin"), f.path("maker").asBoolean(),
                    r.time(f, "time"), order.price(), model(r, f)));
        }
        order.restore(r.decimal(o, "filled"), r.decimal(o, "filledMoney"),
                r.enumValue(Order.State.class, o, "state"), fills);
        if (order.remaining().signum() < 0) {
            throw new IllegalArgumentException("Imported order " + order.id() + " filled more than its amount");
        }
        return order;
    }

    /** The fill model a fill was made by: one of the names there are, or null in an export made before fills had it. */
    private static String model(Fields r, JsonNode fill) {
        return fill.hasNonNull("model") ? FillModel.Kind.named(r.text(fill, "model")).optionName() : null;
    }

    /**
     * An order's time on the market's clock within the bounds of the dates the market's data may carry (see
     * {@link MarketDates}), taken from the order's placement: one beyond them came from a wrongly dated piece of
     * data, and would keep the order from filling.
     */
    private static long marketTime(Instant marketTime, long createdAt) {
        Instant placed = Instant.ofEpochMilli(createdAt);
        if (marketTime.isBefore(MarketDates.EARLIEST) || marketTime.isAfter(placed.plus(MarketDates.MOST_AHEAD))) {
            throw new IllegalArgumentException("Imported accounts: an order's marketTime " + marketTime + " is before "
                    + MarketDates.EARLIEST + " or more than a day after it was placed (" + placed + ")");
        }
        return marketTime.toEpochMilli();
    }

    /** Reads the fields of an export, refusing what is missing or out of bounds. */
    private static final class Fields {
        private JsonNode required(JsonNode node, String field) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                throw new IllegalArgumentException("Imported accounts: " + field + " is missing");
            }
            return value;
        }

        JsonNode array(JsonNode node, String field) {
            JsonNode value = required(node, field);
            if (!value.isArray()) {
                throw new IllegalArgumentException("Imported accounts: " + field + " must be a list");
            }
            return value;
        }

        JsonNode object(JsonNode node, String field) {
            JsonNode value = required(node, field);
            if (!value.isObject()) {
                throw new IllegalArgumentException("Imported accounts: " + field + " must be an object");
            }
            return value;
        }

        String text(JsonNode node, String field) {
            return Echo.cut(required(node, field).asText());
        }

        long whole(JsonNode node, String field) {
            JsonNode value = required(node, field);
            String text = value.asText();
            try {
                return value.isIntegralNumber() && value.canConvertToLong() ? value.asLong() : Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Imported accounts: " + field + " must be a whole number: "
                        + Echo.quoted(text));
            }
        }

        BigDecimal decimal(JsonNode node, String field) {
            JsonNode value = required(node, field);
            BigDecimal parsed;
            try {
                parsed = value.isNumber() ? value.decimalValue()
                        : BoundedDecimal.parse(value.asText(), field, ExchangeError.INVALID_ARGUMENTS);
            } catch (ExchangeError e) {
                throw new IllegalArgumentException("Imported accounts: " + e.getMessage());
            }
            if (!BoundedDecimal.fits(parsed) || parsed.signum() < 0) {
                throw new IllegalArgumentException("Imported accounts: " + field + " is negative or out of bounds");
            }
            return parsed;
        }

        Instant time(JsonNode node, String field) {
            String text = text(node, field);
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("Imported accounts: " + field + " is not an ISO-8601 time: "
                        + Echo.quoted(text));
            }
        }

        <E extends Enum<E>> E enumValue(Class<E> type, JsonNode node, String field) {
            String text = text(node, field);
            try {
                return Enum.valueOf(type, text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Imported accounts: " + field + " is not one of "
                        + Arrays.toString(type.getEnumConstants()) + ": " + Echo.quoted(text));
            }
        }
    }
}
