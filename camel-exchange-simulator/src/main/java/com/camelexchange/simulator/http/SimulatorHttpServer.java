package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.FaultPlan;
import com.camelexchange.simulator.StreamFaults;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The HTTP face of the simulator on Vert.x: {@code /data/v1/<operation>} for market data and
 * {@code /api/<method>} for signed calls, keep-alive, one event loop per core. Each request goes
 * User-Agent check → fault → (trade API: IP limit → method → key → signature → reqTime → key/user
 * limit → parameters → permission) → reply. {@code /simulator/counters} is the simulator's own: what it received.
 */
public final class SimulatorHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SimulatorHttpServer.class);
    private static final String DATA_PREFIX = "/data/v1/";
    private static final String API_PREFIX = "/api/";
    private static final String JSON = "application/json;charset=UTF-8";
    /**
     * The longest request line accepted (Vert.x answers 414 beyond). Far above any real request, so that
     * a client sending a huge value meets the simulator's own checks and error replies.
     */
    static final int MAX_REQUEST_LINE = 256 * 1024;

    private final SimulatedExchange exchange;
    private final FaultPlan faults;
    private final RequestLimits limits;
    private final Duration reqTimeWindow;
    private final MarketDataApi marketData;
    private final TradeApi tradeApi;
    private final StreamHub streams;
    private final StreamEndpoint streamEndpoint;
    private final LongAdder requests = new LongAdder();
    private final LongAdder signedRequests = new LongAdder();
    private final Map<String, LongAdder> requestsByMethod = new ConcurrentHashMap<>();
    private final RequestsByPath requestsByPath = new RequestsByPath();
    private final Map<Integer, LongAdder> errorReplies = new ConcurrentHashMap<>();
    private final Vertx vertx;
    /** The clock of limits and reqTime: the engine's, except in a replay, whose clock is the replayed one. */
    private final Clock requestClock;
    private final List<HttpServer> servers = new ArrayList<>();
    private int port;

    public SimulatorHttpServer(SimulatedExchange exchange, FaultPlan faults, StreamFaults streamFaults,
                               SimulatorLimits limits, Duration reqTimeWindow, int streamChannelLimit, Vertx vertx) {
        this(exchange, faults, streamFaults, limits, reqTimeWindow, streamChannelLimit, vertx, exchange.clock());
    }

    /**
     * @param requestClock the clock of rate-limit windows, the IP lock and the {@code reqTime} check, which
     *                     follow the callers' real time even when the engine replays another
     */
    public SimulatorHttpServer(SimulatedExchange exchange, FaultPlan faults, StreamFaults streamFaults,
                               SimulatorLimits limits, Duration reqTimeWindow, int streamChannelLimit, Vertx vertx,
                               Clock requestClock) {
        this.exchange = exchange;
        this.requestClock = requestClock;
        this.faults = faults;
        this.limits = new RequestLimits(limits);
        this.reqTimeWindow = reqTimeWindow;
        this.marketData = new MarketDataApi(exchange);
        this.tradeApi = new TradeApi(exchange);
        this.vertx = vertx;
        // Created from a non-Vert.x thread, this is a context of its own: every WebSocket frame leaves from it.
        this.streams = new StreamHub(exchange, marketData, streamFaults, vertx.getOrCreateContext(),
                streamChannelLimit);
        this.streamEndpoint = new StreamEndpoint(streams, streamFaults);
    }

    /**
     * Listens on {@code host:port} (0 for a free port) with one server per event loop sharing the port,
     * and returns once connections are accepted.
     */
    public int start(String host, int requestedPort, int eventLoops) throws Exception {
        // Vert.x shares one bound socket between servers that ask for the same host:port; for a
        // random port that sharing needs a negative port (port 0 would give each server its own).
        int asked = requestedPort == 0 ? -1 : requestedPort;
        port = listen(host, asked).actualPort();
        for (int i = 1; i < eventLoops; i++) {
            int shared = listen(host, asked).actualPort();
            if (shared != port) {
                throw new IllegalStateException("Event loops did not share port " + port + ": " + shared);
            }
        }
        LOG.debug("Listening on {}:{} with {} event loop(s)", host, port, eventLoops);
        return port;
    }

    private HttpServer listen(String host, int onPort) throws Exception {
        HttpServerOptions options = new HttpServerOptions().setHost(host).setPort(onPort)
                .setTcpNoDelay(true).setCompressionSupported(false).setIdleTimeout(120)
                .setIdleTimeoutUnit(TimeUnit.SECONDS).setMaxInitialLineLength(MAX_REQUEST_LINE)
                .setMaxWebSocketFrameSize(StreamEndpoint.MAX_FRAME)
                // Messages are assembled and bounded by the stream hub; this only keeps the codec out of the way.
                .setMaxWebSocketMessageSize(4 * StreamEndpoint.MAX_FRAME);
        // Created from a non-Vert.x thread, each server gets its own context and event loop; Vert.x
        // balances the connections of a shared port across them.
        HttpServer server = vertx.createHttpServer(options).requestHandler(this::handle)
                .connectionHandler(SimulatorHttpServer::quietOnClientAbort).listen()
                .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        servers.add(server);
        return server;
    }

    /**
     * Clients reset connections in mid-reply (a timeout, a size cap, a test that closes after the first
     * megabyte); without a handler Vert.x logs each such I/O error at ERROR. They are the client's
     * business, so they are logged at DEBUG.
     */
    private static void quietOnClientAbort(HttpConnection connection) {
        connection.exceptionHandler(e -> LOG.debug("Connection from {}: {}", connection.remoteAddress(), e.toString()));
    }

    public int port() {
        return port;
    }

    public long requestCount() {
        return requests.sum();
    }

    /** Requests received for the signed interface ({@code /api/...}), whatever came of them. */
    public long signedRequestCount() {
        return signedRequests.sum();
    }

    public long requestCount(String method) {
        LongAdder n = requestsByMethod.get(method);
        return n == null ? 0 : n.sum();
    }

    /** Open WebSocket connections now. */
    public int streamConnections() {
        return streams.openConnections();
    }

    /** WebSocket connections accepted since the server started. */
    public long streamConnectionsOpened() {
        return streams.connectionsOpened();
    }

    /** Connections subscribed to a channel now. */
    public int streamSubscriptions(String channel) {
        return streams.subscriptions(channel);
    }

    /** Data frames sent on the WebSocket interface: snapshots and pushes (not pongs or errors). */
    public long streamFramesPushed() {
        return streams.framesPushed();
    }

    /** Error replies sent with this code (e.g. 4002), whatever the method. */
    public long errorReplyCount(int code) {
        LongAdder n = errorReplies.get(code);
        return n == null ? 0 : n.sum();
    }

    private void handle(HttpServerRequest request) {
        String path = request.path();
        if (CountersEndpoint.serves(path)) {
            CountersEndpoint.reply(request, requests.sum(), signedRequests.sum(), requestsByPath.snapshot());
            return;
        }
        requests.increment();
        requestsByPath.count(request.method().name(), path);
        if (StreamEndpoint.serves(path)) {
            streamEndpoint.upgrade(request);
            return;
        }
        boolean trade = path.startsWith(API_PREFIX);
        if (trade) {
            signedRequests.increment();
        }
        if (!trade && !path.startsWith(DATA_PREFIX)) {
            request.response().setStatusCode(404).putHeader("content-type", "text/plain").end("Not Found");
            return;
        }
        if (request.method() != HttpMethod.GET) {
            // The real API is GET-only; a web server refuses other methods before the application sees them.
            request.response().setStatusCode(405).putHeader("Allow", "GET").putHeader("content-type", "text/plain")
                    .end("Method Not Allowed");
            return;
        }
        String method = path.substring(trade ? API_PREFIX.length() : DATA_PREFIX.length());
        requestsByMethod.computeIfAbsent(method, m -> new LongAdder()).increment();
        String userAgent = request.getHeader("User-Agent");
        if (userAgent == null || userAgent.isBlank()) {
            // The service sits behind a web firewall that turns away requests without a User-Agent.
            html(request.response(), 403, "403 Forbidden", "Request blocked.");
            return;
        }
        Fault fault = faults.next(method);
        if (fault != null && !fault.kind().executes()) {
            playBefore(request, fault, trade && stringCode(method));
            return;
        }
        Params params = new Params(parameters(request.params()));
        String ip = request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
        String body;
        try {
            body = Json.write(trade ? trade(method, params, ip) : marketData(method, params, ip));
        } catch (ExchangeError e) {
            errorReplies.computeIfAbsent(e.code(), c -> new LongAdder()).increment();
            body = Json.write(error(e, trade && stringCode(method)));
        } catch (NotFound e) {
            request.response().setStatusCode(404).putHeader("content-type", "text/plain").end("Not Found");
            return;
        } catch (RuntimeException e) {
            LOG.warn("Simulator failed on {}", Echo.cut(path), e);
            body = Json.write(error(new ExchangeError(9999, "Unknown error"), false));
        }
        if (fault == null) {
            request.response().putHeader("content-type", JSON).end(body);
        } else {
            playAfter(request, fault, body, trade && stringCode(method));
        }
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
        long now = requestClock.millis();
        if (!limits.admitIp(ip, now)) {
            throw new ExchangeError(ExchangeError.API_LOCKED, "API locked: too many requests from this IP");
        }
        ApiMethod method = ApiMethod.find(methodName, exchange.variant());
        if (method == null) {
            // Variant B has no orderMoreV2: refused like any unknown method.
            throw ExchangeError.invalidArguments("unknown method " + Echo.quoted(methodName));
        }
        if (!methodName.equals(params.get("method"))) {
            throw ExchangeError.invalidArguments("method must equal the path: " + Echo.quoted(methodName));
        }
        ApiKey key = exchange.key(params.get("accesskey"));
        if (key == null) {
            throw new ExchangeError(ExchangeError.UNKNOWN_USER, "User does not exist");
        }
        if (!SignatureVerifier.verify(key.hmacKey(), params.asMap(), params.get("sign"))) {
            throw new ExchangeError(ExchangeError.SIGNATURE, "Verification failed");
        }
        Long reqTime = params.optionalLong("reqTime");
        if (reqTime == null || Math.abs(now - reqTime) > reqTimeWindow.toMillis()) {
            throw new ExchangeError(ExchangeError.REQUEST_EXPIRED, "Request time expired");
        }
        String scope = exchange.variant().hasVariantAFeatures()
                ? "key:" + key.accessKey() : "user:" + key.user().id();
        if (!limits.admitScope(scope, now)) {
            throw new ExchangeError(ExchangeError.TOO_FREQUENT, "Requests too frequent");
        }
        for (String name : params.asMap().keySet()) {
            if (!method.accepts(name, exchange.variant())) {
                throw ExchangeError.invalidArguments("unknown parameter " + Echo.quoted(name));
            }
        }
        if (!key.has(method.permission())) {
            throw new ExchangeError(ExchangeError.NO_PERMISSION,
                    "Insufficient permissions: " + method.permission().flag());
        }
        return tradeApi.handle(method, params, key);
    }

    /** Whether a method's replies carry a string code; looked up in variant A, which has every method. */
    private static boolean stringCode(String methodName) {
        ApiMethod method = ApiMethod.find(methodName, Variant.A);
        return method != null && method.stringCode();
    }

    private static ObjectNode error(ExchangeError e, boolean stringCode) {
        ObjectNode reply = Json.object();
        if (stringCode) {
            reply.put("code", Integer.toString(e.code()));
        } else {
            reply.put("code", e.code());
        }
        reply.put("message", e.getMessage());
        return reply;
    }

    /** The first value of each parameter, decoded. */
    private static Map<String, String> parameters(MultiMap params) {
        Map<String, String> out = new HashMap<>(params.size() * 2);
        params.forEach(e -> out.putIfAbsent(e.getKey(), e.getValue()));
        return out;
    }

    // ---------------------------------------------------------------- faults

    private void playBefore(HttpServerRequest request, Fault fault, boolean stringCode) {
        switch (fault.kind()) {
            case HTTP_500 -> html(request.response(), 500, "500 Internal Server Error", "Internal Server Error");
            case HTTP_502 -> html(request.response(), 502, "502 Bad Gateway", "The upstream server did not answer.");
            case HTML_ERROR_PAGE -> html(request.response(), 200, "Maintenance",
                    "The exchange is under maintenance. Please try again later.");
            case CONNECTION_RESET -> request.connection().close();
            case ERROR_REPLY -> faultCode(request, fault, stringCode);
            default -> throw new IllegalStateException("Not a fault played before execution: " + fault);
        }
    }

    private void playAfter(HttpServerRequest request, Fault fault, String body, boolean stringCode) {
        switch (fault.kind()) {
            case DELAY -> vertx.setTimer(Math.max(1, fault.delayDuration().toMillis()), id -> {
                if (!request.response().closed()) {
                    request.response().putHeader("content-type", JSON).end(body);
                }
            });
            case MALFORMED_JSON -> request.response().putHeader("content-type", JSON)
                    .end(body.substring(0, Math.max(1, body.length() / 2)));
            case LOSE_REPLY -> request.connection().close();
            case TRICKLE -> TrickledReply.play(vertx, request.response(), JSON, body, fault.perByte());
            case OVERSIZED -> OversizedReply.play(request.response(), JSON, body, fault.bytes());
            case FORGED_TRADE -> request.response().putHeader("content-type", JSON)
                    .end(ForgedTrade.into(body, fault.tid()));
            case REWRITE -> request.response().putHeader("content-type", JSON).end(fault.rewritten(body));
            case HTTP_504 -> html(request.response(), 504, "504 Gateway Timeout", "The upstream server took too long.");
            case ERROR_REPLY_AFTER_EXECUTION -> faultCode(request, fault, stringCode);
            default -> throw new IllegalStateException("Not a fault played after execution: " + fault);
        }
    }

    /** The error reply of an error-code fault, in the form the method's real errors take. */
    private static void faultCode(HttpServerRequest request, Fault fault, boolean stringCode) {
        request.response().putHeader("content-type", JSON).end(Json.write(error(new ExchangeError(fault.code(),
                "Error " + fault.code() + " (simulated fault)"), stringCode)));
    }

    private static void html(HttpServerResponse response, int status, String title, String text) {
        response.setStatusCode(status).putHeader("content-type", "text/html;charset=UTF-8")
                .end("<!DOCTYPE html><html><head><title>" + title + "</title></head><body><h1>" + title
                        + "</h1><p>" + text + "</p></body></html>");
    }

    @Override
    public void close() {
        streams.close();
        for (HttpServer server : servers) {
            try {
                server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                LOG.debug("Closing server", e);
            }
        }
        servers.clear();
    }

    /** An unknown path: 404, as a web server would. */
    private static final class NotFound extends RuntimeException {
        NotFound() {
            super(null, null, false, false);
        }
    }
}
