package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.FaultPlan;
import com.camelexchange.simulator.JsonRewrite;
import com.camelexchange.simulator.StreamFaults;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.engine.SimulatedExchange;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The HTTP face of the simulator on Vert.x: {@code /data/v1/<operation>} for market data and
 * {@code /api/<method>} for signed calls, keep-alive, one event loop per core. Each request goes
 * User-Agent check → fault → (trade API: IP limit → method → key → signature → reqTime → key/user
 * limit → parameters → permission) → reply; all but the fault are {@link ApiService}'s, which the in-process road
 * shares. {@code /simulator/counters} is the simulator's own: what it received.
 */
public final class SimulatorHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SimulatorHttpServer.class);
    private static final String JSON = ApiService.JSON;

    private final FaultPlan faults;
    private final ApiService api;
    private final StreamHub streams;
    private final StreamEndpoint streamEndpoint;
    /** HTTP requests received: what came over a socket, the in-process road's calls not among them. */
    private final LongAdder requests = new LongAdder();
    private final LongAdder signedRequests = new LongAdder();
    private final RequestsByPath requestsByPath = new RequestsByPath();
    private final Vertx vertx;
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
        this.faults = faults;
        this.api = new ApiService(exchange, limits, reqTimeWindow, requestClock);
        this.vertx = vertx;
        // Created from a non-Vert.x thread, this is a context of its own: every WebSocket frame leaves from it.
        this.streams = new StreamHub(exchange, api, streamFaults, vertx.getOrCreateContext(),
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
                .setIdleTimeoutUnit(TimeUnit.SECONDS).setMaxInitialLineLength(ApiService.MAX_REQUEST_LINE)
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

    /** Requests for one method or market-data operation, over HTTP and in process. */
    public long requestCount(String method) {
        return api.requestCount(method);
    }

    /** The API this server serves, which the in-process road calls directly. */
    public ApiService api() {
        return api;
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

    /** Pongs sent on the WebSocket interface: the answers to clients' pings. */
    public long streamPongs() {
        return streams.pongs();
    }

    /** Signed WebSocket frames received for a method, named as the end of its channel ({@code order}, ...). */
    public long streamRequestCount(String method) {
        return streams.tradingRequestCount(method);
    }

    /** Account push subscriptions of a channel ({@code push_user_incr_record}, ...) now. */
    public int streamAccountSubscriptions(String channel) {
        return streams.accountSubscriptions(channel);
    }

    /** Error replies sent with this code (e.g. 4002), whatever the method, over HTTP, in process and on the WebSocket. */
    public long errorReplyCount(int code) {
        return api.errorReplyCount(code);
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
        if (path.startsWith(ApiService.API_PREFIX)) {
            signedRequests.increment();
        }
        ApiService.Admitted call = api.admit(request.method().name(), path, request.getHeader("User-Agent"));
        if (call.refused() != null) {
            write(request.response(), call.refused());
            return;
        }
        boolean stringCode = call.trade() && ApiService.stringCode(call.method());
        Fault fault = faults.next(call.method());
        if (fault != null && !fault.kind().executes()) {
            playBefore(request, fault, stringCode);
            return;
        }
        String ip = request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
        ApiService.Reply reply = api.answer(call, parameters(request.params()), ip);
        if (fault == null || reply.status() != 200) {
            write(request.response(), reply);
        } else {
            playAfter(request, fault, reply.body(), stringCode);
        }
    }

    private static void write(HttpServerResponse response, ApiService.Reply reply) {
        if (reply.status() == 405) {
            response.putHeader("Allow", "GET");
        }
        response.setStatusCode(reply.status()).putHeader("content-type", reply.contentType()).end(reply.body());
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
            case DROP_REPLY -> LOG.debug("Dropping the reply to {} (simulated fault)", request.path());
            case TRICKLE -> TrickledReply.play(vertx, request.response(), JSON, body, fault.perByte());
            case OVERSIZED -> OversizedReply.play(request.response(), JSON, body, fault.bytes());
            case FORGED_TRADE -> request.response().putHeader("content-type", JSON)
                    .end(ForgedTrade.into(body, fault.tid()));
            case REWRITE -> request.response().putHeader("content-type", JSON)
                    .end(Buffer.buffer(JsonRewrite.bytes(fault.rewritten(body))));
            case HTTP_504 -> html(request.response(), 504, "504 Gateway Timeout", "The upstream server took too long.");
            case ERROR_REPLY_AFTER_EXECUTION -> faultCode(request, fault, stringCode);
            default -> throw new IllegalStateException("Not a fault played after execution: " + fault);
        }
    }

    /** The error reply of an error-code fault, in the form the method's real errors take. */
    private static void faultCode(HttpServerRequest request, Fault fault, boolean stringCode) {
        request.response().putHeader("content-type", JSON).end(Json.write(ApiService.error(
                new ExchangeError(fault.code(), "Error " + fault.code() + " (simulated fault)"), stringCode)));
    }

    private static void html(HttpServerResponse response, int status, String title, String text) {
        write(response, ApiService.html(status, title, text));
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
}
