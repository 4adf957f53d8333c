package com.camelexchange.simulator;

import com.camelexchange.simulator.http.ApiService;

import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The simulator's API called in process, on the caller's thread: the same request a client would send over HTTP (a
 * raw path and query, signed and URL-encoded as on the wire, and a User-Agent), the same checks (User-Agent, IP and
 * key limits, method, key, signature, {@code reqTime} window, parameters, permission), the same engine and the same
 * reply, with no socket and no event loop in between; see {@link ApiService}. For a client in the same JVM that
 * makes many calls in a row, such as a backtest's, whose every order would otherwise wait on a loopback round trip.
 *
 * <p>It plays no {@link FaultPlan faults}, and leaves them planned: a fault stands for what the network and the web
 * server in front of the exchange do to a call (a reset, a lost, late, trickled or oversized reply, a gateway's error
 * page), and this road has no network; the HTTP calls still meet them.
 *
 * <p>Calls count in {@link ExchangeSimulator#inProcessRequestCount()}, not among the HTTP requests
 * ({@link ExchangeSimulator#requestCount()}, {@link ExchangeSimulator#signedRequestCount()}); by method and by error
 * code they count with the HTTP ones. The IP limits count them under the loopback address {@value #CALLER}, the one
 * a client in this JVM calling over HTTP would come from, so the two roads share one budget.
 */
public final class InProcessApi {
    /** The caller's address as the IP limits see it. */
    public static final String CALLER = "127.0.0.1";

    private final Supplier<ApiService> api;
    private final LongAdder calls;

    InProcessApi(Supplier<ApiService> api, LongAdder calls) {
        this.api = api;
        this.calls = calls;
    }

    /**
     * One GET, e.g. {@code get("/api/order?currency=btc_usdt&...&sign=...&reqTime=...", userAgent)}.
     *
     * @param pathAndQuery the raw path and query, values URL-encoded as over HTTP
     * @param userAgent    the User-Agent header the request would carry; null for none (refused as over HTTP)
     * @throws NotStarted when the simulator is not started (nothing is served, as nothing would listen)
     */
    public ApiService.Reply get(String pathAndQuery, String userAgent) {
        Objects.requireNonNull(pathAndQuery, "pathAndQuery");
        ApiService service = api.get();
        if (service == null) {
            throw new NotStarted();
        }
        calls.increment();
        return service.serve(pathAndQuery, userAgent, CALLER);
    }

    /**
     * One signed frame of the WebSocket, e.g. {@code {"accesskey":"…","amount":"0.1","channel":"btcusdt_order",…}},
     * served as the same frame on a connection to {@code /websocket} is (the same checks, budget, engine and reply),
     * but for faults and push subscriptions, which need a connection. Counts in
     * {@link ExchangeSimulator#inProcessRequestCount()} too.
     *
     * @return the reply's text, echoing the frame's {@code no}
     * @throws NotStarted when the simulator is not started
     */
    public String frame(String frame) {
        Objects.requireNonNull(frame, "frame");
        ApiService service = api.get();
        if (service == null) {
            throw new NotStarted();
        }
        calls.increment();
        return service.serveFrame(frame, CALLER);
    }

    /** The simulator is not started: the request was not served, nor looked at. */
    public static final class NotStarted extends IllegalStateException {
        NotStarted() {
            super("The simulator is not started");
        }
    }
}
