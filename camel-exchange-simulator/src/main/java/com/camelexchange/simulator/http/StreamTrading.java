package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.market.MarketSpec;
import com.fasterxml.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Serves the signed frames of the WebSocket: the same checks and limits as a REST call ({@link SignedCalls}, one
 * budget per key whichever interface spends it), the same engine and records ({@link TradeApi}), and replies in the
 * WebSocket's shapes ({@link TradingPayloads}). A push subscription is admitted here and registered by the hub.
 */
final class StreamTrading {
    private static final Logger LOG = LoggerFactory.getLogger(StreamTrading.class);

    /**
     * What a frame came to.
     *
     * @param text         the reply
     * @param subscription the push subscription admitted; null for a request or a refusal
     */
    record Outcome(String text, AccountPushes.Subscription subscription) {
    }

    private final ApiService api;
    private final Map<String, MarketSpec> byPair;
    private final Map<String, LongAdder> requests = new ConcurrentHashMap<>();

    StreamTrading(ApiService api, Map<String, MarketSpec> byPair) {
        this.api = api;
        this.byPair = byPair;
    }

    /** Signed frames received on a channel's method (e.g. {@code order}), whatever came of them. */
    long requestCount(String method) {
        LongAdder n = requests.get(method);
        return n == null ? 0 : n.sum();
    }

    /** The reply to one signed frame; refusals are replies too, with the service's code. */
    Outcome serve(TradingChannel channel, JsonNode frame, String ip) {
        return serve(channel, TradingFrame.no(frame), () -> TradingFrame.read(frame), ip);
    }

    /** {@link #serve(TradingChannel, JsonNode, String)} of a frame read plain ({@link TradingFrame#readPlain}). */
    Outcome serve(TradingChannel channel, TradingFrame fields, String ip) {
        return serve(channel, fields.fields().get("no"), () -> fields, ip);
    }

    /** Reads the frame's fields (which may refuse it), admits the call and carries it out. */
    private Outcome serve(TradingChannel channel, String no, Supplier<TradingFrame> reading, String ip) {
        requests.computeIfAbsent(channel.method().wire(), m -> new LongAdder()).increment();
        try {
            TradingFrame fields = reading.get();
            ApiKey key = api.signedCalls().admit(new FrameCall(channel, fields), ip);
            return execute(channel, fields, key, no);
        } catch (ExchangeError e) {
            api.countError(e.code());
            return new Outcome(TradingPayloads.error(channel.name(), no, e.code(), e.getMessage()), null);
        } catch (RuntimeException e) {
            LOG.warn("Simulator failed on WebSocket channel {}", Echo.cut(channel.name()), e);
            api.countError(9999);
            return new Outcome(TradingPayloads.error(channel.name(), no, 9999, "Unknown error"), null);
        }
    }

    private Outcome execute(TradingChannel channel, TradingFrame frame, ApiKey key, String no) {
        Params params = new Params(parameters(channel, frame));
        TradeApi trade = api.tradeApi();
        String name = channel.name();
        return switch (channel.method()) {
            case ORDER -> new Outcome(TradingPayloads.orderPlaced(name, no,
                    Long.parseLong(trade.handle(ApiMethod.ORDER, params, key).get("id").asText())), null);
            case CANCEL_ORDER -> {
                trade.handle(ApiMethod.CANCEL_ORDER, params, key);
                yield reply(name, no, null);
            }
            case GET_ORDER -> reply(name, no, trade.handle(ApiMethod.GET_ORDER, params, key));
            case GET_ORDERS -> reply(name, no, trade.handle(ApiMethod.GET_ORDERS, params, key));
            case GET_ORDERS_NEW -> reply(name, no, trade.orderPage(params, key.user(), true, false));
            case GET_ORDERS_IGNORE_TRADE_TYPE -> reply(name, no, trade.orderPage(params, key.user(), false, false));
            case GET_UNFINISHED_ORDERS_IGNORE_TRADE_TYPE ->
                    reply(name, no, trade.orderPage(params, key.user(), false, true));
            case GET_ACCOUNT_INFO -> reply(name, no, trade.handle(ApiMethod.GET_ACCOUNT_INFO, params, key).get("result"));
            case GET_USER_ADDRESS -> reply(name, no, datas(trade.handle(ApiMethod.GET_USER_ADDRESS, params, key)));
            case GET_WITHDRAW_ADDRESS ->
                    reply(name, no, datas(trade.handle(ApiMethod.GET_WITHDRAW_ADDRESS, params, key)));
            case GET_WITHDRAW_RECORD ->
                    reply(name, no, datas(trade.handle(ApiMethod.GET_WITHDRAW_RECORD, params, key)));
            case PUSH_RECORDS -> {
                MarketSpec market = pushMarket(frame.get("market"));
                yield new Outcome(TradingPayloads.subscribed(name, no, market == null ? null : market.pairCode()),
                        new AccountPushes.Subscription(TradingMethod.PUSH_RECORDS, key.user().id(), market));
            }
            case PUSH_ASSETS -> new Outcome(TradingPayloads.subscribed(name, no, null),
                    new AccountPushes.Subscription(TradingMethod.PUSH_ASSETS, key.user().id(), null));
        };
    }

    private static Outcome reply(String channel, String no, JsonNode data) {
        return new Outcome(TradingPayloads.success(channel, no, TradingPayloads.SUCCESS, data), null);
    }

    /** The {@code message.datas} of an address or record reply: what the WebSocket sends as its data. */
    private static JsonNode datas(JsonNode restReply) {
        return restReply.path("message").path("datas");
    }

    /** The market a record subscription follows: null for all; 3005 for one that does not exist. */
    private MarketSpec pushMarket(String pair) {
        if (pair == null) {
            return null;
        }
        MarketSpec spec = byPair.get(pair);
        if (spec == null) {
            throw ExchangeError.invalidArguments("unknown market " + Echo.quoted(pair));
        }
        return spec;
    }

    /** The REST parameters of a frame: its method's fields, and the market or coin its channel names. */
    private static Map<String, String> parameters(TradingChannel channel, TradingFrame frame) {
        Map<String, String> out = new HashMap<>();
        frame.fields().forEach((name, value) -> {
            if (!TradingMethod.COMMON.contains(name)) {
                out.put(name, value);
            }
        });
        switch (channel.method().scope()) {
            case MARKET -> out.put("currency", channel.market().name());
            case COIN -> out.put("currency", channel.coin());
            case ACCOUNT -> {
            }
        }
        return out;
    }

    /** A signed frame as the shared checks see it. */
    private record FrameCall(TradingChannel channel, TradingFrame frame) implements SignedRequest {
        @Override
        public void checkMethod() {
            if (!channel.known()) {
                throw ExchangeError.invalidArguments((channel.method().scope() == TradingMethod.Scope.COIN
                        ? "unknown coin " : "unknown market ") + Echo.quoted(channel.named()));
            }
        }

        @Override
        public String accessKey() {
            return frame.get("accesskey");
        }

        @Override
        public boolean signedWith(byte[] hmacKey) {
            return frame.signedWith(hmacKey);
        }

        @Override
        public boolean fresh(long now) {
            // A frame carries no time: the connection it came on is the client's proof of being live.
            return true;
        }

        @Override
        public String unknownParameter() {
            for (String name : frame.fields().keySet()) {
                if (!channel.method().accepts(name)) {
                    return name;
                }
            }
            return null;
        }

        @Override
        public Permission permission() {
            return channel.method().permission();
        }
    }
}
