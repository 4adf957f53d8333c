package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The exchange's API, one GET at a time, whatever carried it: {@code /data/v1/<operation>} for market data and
 * {@code /api/<method>} for signed calls, from a path, the decoded query parameters, the User-Agent and the caller's
 * address to a status, a content type and a body. The HTTP server ({@link SimulatorHttpServer}) and the in-process
 * road ({@link #serve}) both go through here, so a call meets the same checks on either: path → HTTP method →
 * User-Agent, then (trade API) IP limit → method → key → signature → reqTime → key/user limit → parameters →
 * permission → engine. Requests by method and error replies by code are counted here, for both roads. The checks of
 * signed calls are {@link SignedCalls}', which the WebSocket's signed frames meet too, against the same limits.
 */
public final class ApiService {
    private static final Logger LOG = LoggerFactory.getLogger(ApiService.class);
    static final String DATA_PREFIX = "/data/v1/";
    static final String API_PREFIX = "/api/";
    static final String JSON = "application/json;charset=UTF-8";
    /**
     * The longest request line accepted (Vert.x answers 414 beyond). Far above any real request, so that
     * a client sending a huge value meets the simulator's own checks and error replies.
     */
    static final int MAX_REQUEST_LINE = 256 * 1024;

    /** A reply: its status, content type and whole body. */
    public record Reply(int status, String contentType, String body) {
    }

    /**
     * A request that passed the checks made before a fault may play; or, when {@code refused} is not null, the reply
     * that ends it there.
     *
     * @param method the last path segment: the signed method or the market-data operation
     * @param trade  whether it is a call of the signed interface
     */
    record Admitted(String method, boolean trade, Reply refused) {
    }

    private final SimulatedExchange exchange;
    private final RequestLimits limits;
    private final Duration reqTimeWindow;
    private final MarketDataApi marketData;
    private final TradeApi tradeApi;
    private final SignedCalls signedCalls;
    /** The WebSocket's signed frames served in process. */
    private final FramesInProcess frames;
    /** The clock of limits and reqTime: the engine's, except in a replay, whose clock is the replayed one. */
    private final Clock requestClock;
    private final Map<String, LongAdder> requestsByMethod = new ConcurrentHashMap<>();
    private final Map<Integer, LongAdder> errorReplies = new ConcurrentHashMap<>();

    /** The API of {@code exchange}; served over HTTP by {@link SimulatorHttpServer}, or in process alone. */
    public ApiService(SimulatedExchange exchange, SimulatorLimits limits, Duration reqTimeWindow, Clock requestClock) {
        this.exchange = exchange;
        this.limits = new RequestLimits(limits);
        this.reqTimeWindow = reqTimeWindow;
        this.requestClock = requestClock;
        this.marketData = new MarketDataApi(exchange);
        this.tradeApi = new TradeApi(exchange);
        this.signedCalls = new SignedCalls(exchange, this.limits, requestClock);
        this.frames = new FramesInProcess(exchange, this);
    }

    /**
     * One signed WebSocket frame given as its text, served on the caller's thread as a connection's frame is (see
     * {@link FramesInProcess}); the reply's text, which echoes the frame's {@code no}. Plays no fault, as
     * {@link #serve} plays none.
     *
     * @param callerAddress the address the IP limits count the call under
     */
    public String serveFrame(String text, String callerAddress) {
        return frames.serve(text, callerAddress);
    }

    MarketDataApi marketData() {
        return marketData;
    }

    /** The checks of signed calls, with the limits every interface shares. */
    SignedCalls signedCalls() {
        return signedCalls;
    }

    TradeApi tradeApi() {
        return tradeApi;
    }

    /** Counts an error reply sent on another interface (the WebSocket) with the ones sent here. */
    void countError(int code) {
        errorReplies.computeIfAbsent(code, c -> new LongAdder()).increment();
    }

    /**
     * One GET given as its raw path and query ({@code /api/order?currency=btc_usdt&...}), its query decoded as the
     * HTTP server decodes it ({@link QueryParameters}), served on the caller's thread. Plays no
     * {@link com.camelexchange.simulator.FaultPlan fault}: faults are what a network and a web server in front of
     * the exchange do to a call (a reset, a lost or late reply, a gateway's error page), and this road has neither;
     * the faults planned stay for the calls that come over HTTP.
     *
     * @param callerAddress the address the IP limits count the call under
     */
    public Reply serve(String pathAndQuery, String userAgent, String callerAddress) {
        if (pathAndQuery.length() > MAX_REQUEST_LINE) {
            return new Reply(414, "text/plain", "URI Too Long");
        }
        int fragment = pathAndQuery.indexOf('#');
        String target = fragment < 0 ? pathAndQuery : pathAndQuery.substring(0, fragment);
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        Admitted call = admit("GET", path, userAgent);
        if (call.refused() != null) {
            return call.refused();
        }
        Map<String, String> params;
        try {
            params = QueryParameters.firstValues(query < 0 ? "" : target.substring(query + 1));
        } catch (IllegalArgumentException malformed) {
            return new Reply(400, "text/plain", "Bad Request");
        }
        return answer(call, params, callerAddress);
    }

    /**
     * The checks made before a fault may play: a path of the API (404), a GET (405), a User-Agent (403). Counts the
     * request by method once its method is known.
     */
    Admitted admit(String httpMethod, String path, String userAgent) {
        boolean trade = path.startsWith(API_PREFIX);
        if (!trade && !path.startsWith(DATA_PREFIX)) {
            return new Admitted(null, false, notFound());
        }
        if (!httpMethod.equals("GET")) {
            // The real API is GET-only; a web server refuses other methods before the application sees them.
            return new Admitted(null, trade, new Reply(405, "text/plain", "Method Not Allowed"));
        }
        String method = path.substring(trade ? API_PREFIX.length() : DATA_PREFIX.length());
        requestsByMethod.computeIfAbsent(method, m -> new LongAdder()).increment();
        if (userAgent == null || userAgent.isBlank()) {
            // The service sits behind a web firewall that turns away requests without a User-Agent.
            return new Admitted(method, trade, html(403, "403 Forbidden", "Request blocked."));
        }
        return new Admitted(method, trade, null);
    }

    /** Serves an admitted call: its checks, the engine and the JSON reply, or the error reply of what refused it. */
    Reply answer(Admitted call, Map<String, String> parameters, String callerAddress) {
        Params params = new Params(parameters);
        String body;
        try {
            body = Json.write(call.trade() ? trade(call.method(), params, callerAddress)
                    : marketData(call.method(), params, callerAddress));
        } catch (ExchangeError e) {
            errorReplies.computeIfAbsent(e.code(), c -> new LongAdder()).increment();
            body = Json.write(error(e, call.trade() && stringCode(call.method())));
        } catch (NotFound e) {
            return notFound();
        } catch (RuntimeException e) {
            LOG.warn("Simulator failed on {}", Echo.cut((call.trade() ? API_PREFIX : DATA_PREFIX) + call.method()), e);
            body = Json.write(error(new ExchangeError(9999, "Unknown error"), false));
        }
        return new Reply(200, JSON, body);
    }

    public long requestCount(String method) {
        LongAdder n = requestsByMethod.get(method);
        return n == null ? 0 : n.sum();
    }

    public long errorReplyCount(int code) {
        LongAdder n = errorReplies.get(code);
        return n == null ? 0 : n.sum();
    }

    private JsonNode marketData(String operation, Params params, String ip) {
        if (operation.equals("kline") && !limits.admitKline(ip, requestClock.millis())) {
            throw new ExchangeError(ExchangeError.TOO_FREQUENT, "Requests too frequent");
        }
        JsonNode reply = marketData.handle(operation, params);
        if (reply == null) {
            throw new NotFound();
        }
        return reply;
    }

    private JsonNode trade(String methodName, Params params, String ip) {
        RestCall call = new RestCall(methodName, ApiMethod.find(methodName, exchange.variant()), params);
        ApiKey key = signedCalls.admit(call, ip);
        return tradeApi.handle(call.method(), params, key);
    }

    /** A signed GET: its method is the path's, and it signs its sorted query text. */
    private final class RestCall implements SignedRequest {
        private final String methodName;
        private final ApiMethod method;
        private final Params params;

        RestCall(String methodName, ApiMethod method, Params params) {
            this.methodName = methodName;
            this.method = method;
            this.params = params;
        }

        ApiMethod method() {
            return method;
        }

        @Override
        public void checkMethod() {
            if (method == null) {
                // Variant B has no orderMoreV2: refused like any unknown method.
                throw ExchangeError.invalidArguments("unknown method " + Echo.quoted(methodName));
            }
            if (!methodName.equals(params.get("method"))) {
                throw ExchangeError.invalidArguments("method must equal the path: " + Echo.quoted(methodName));
            }
        }

        @Override
        public String accessKey() {
            return params.get("accesskey");
        }

        @Override
        public boolean signedWith(byte[] hmacKey) {
            return SignatureVerifier.verify(hmacKey, params.asMap(), params.get("sign"));
        }

        @Override
        public boolean fresh(long now) {
            Long reqTime = params.optionalLong("reqTime");
            return reqTime != null && Math.abs(now - reqTime) <= reqTimeWindow.toMillis();
        }

        @Override
        public String unknownParameter() {
            for (String name : params.asMap().keySet()) {
                if (!method.accepts(name, exchange.variant())) {
                    return name;
                }
            }
            return null;
        }

        @Override
        public Permission permission() {
            return method.permission();
        }
    }

    /** Whether a method's replies carry a string code; looked up in variant A, which has every method. */
    static boolean stringCode(String methodName) {
        ApiMethod method = ApiMethod.find(methodName, Variant.A);
        return method != null && method.stringCode();
    }

    static ObjectNode error(ExchangeError e, boolean stringCode) {
        ObjectNode reply = Json.object();
        if (stringCode) {
            reply.put("code", Integer.toString(e.code()));
        } else {
            reply.put("code", e.code());
        }
        reply.put("message", e.getMessage());
        return reply;
    }

    /** An unknown path: 404, as a web server would. */
    static Reply notFound() {
        return new Reply(404, "text/plain", "Not Found");
    }

    /** A web server's or firewall's page. */
    static Reply html(int status, String title, String text) {
        return new Reply(status, "text/html;charset=UTF-8", "<!DOCTYPE html><html><head><title>" + title
                + "</title></head><body><h1>" + title + "</h1><p>" + text + "</p></body></html>");
    }

    /** An operation market data does not have. */
    private static final class NotFound extends RuntimeException {
        NotFound() {
            super(null, null, false, false);
        }
    }
}
