package com.camelexchange.client.internal.stream;

import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.metrics.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The WebSocket sessions of one component, one per address, created when a consumer first asks for it; and what
 * every streaming consumer of the component shares whatever their number: the pool their pushes are turned into
 * exchanges on, the timer of their waits, and the turns at catching up over REST.
 */
public final class StreamSessions {
    /**
     * The executor of the sessions' {@link HttpClient}: what its selector thread reads is read on, and handed to the
     * workers from, that thread. The JDK runs a task on its executor only when the selector thread asks, so that
     * thread is the one that reads every frame, and no thread is added between the socket and the workers.
     */
    public static final Executor ON_ARRIVAL = Runnable::run;

    private static final Logger LOG = LoggerFactory.getLogger(StreamSessions.class);

    private final HttpClient http;
    private final ScheduledExecutorService scheduler;
    private final StreamSettings settings;
    private final PushFrames frames;
    private final Executor workers;
    private final CatchUpTurns catchUps;
    private final Map<String, StreamSession> sessions = new ConcurrentHashMap<>();
    /** The clients' trading sessions open now: they end with these sessions, their calls waiting failing as sent. */
    private final java.util.Set<TradingSession> trading = ConcurrentHashMap.newKeySet();
    private final Metrics metrics;
    private final List<Metrics.Registration> registrations = new CopyOnWriteArrayList<>();

    /**
     * @param scheduler the sessions' keepalives and reconnects, and the consumers' waits: short tasks only
     * @param workers   where the consumers turn pushes into exchanges (a small pool, whatever the routes)
     * @param catchUps  the consumers' turns at catching up over REST
     * @param metrics   follows each session's reconnects and connection
     */
    public StreamSessions(HttpClient http, ScheduledExecutorService scheduler, StreamSettings settings,
                          PushFrames frames, Executor workers, CatchUpTurns catchUps, Metrics metrics) {
        this.http = http;
        this.scheduler = scheduler;
        this.settings = settings;
        this.frames = frames;
        this.workers = workers;
        this.catchUps = catchUps;
        this.metrics = metrics;
    }

    /** The session of an address, e.g. {@code wss://api.example.com/websocket}. */
    public StreamSession session(String address) {
        return sessions.computeIfAbsent(address, a -> {
            StreamSession session = new StreamSession(URI.create(a), http, scheduler, settings, frames, metrics);
            registrations.add(metrics.stream(session));
            return session;
        });
    }

    /**
     * The session of one account's pushes at {@code address}: a connection of its own, since the exchange pushes an
     * account's changes on the connection that subscribed with its key and names neither key nor account in them;
     * the same machinery as the market data's (reconnects, keepalive, settlement), one connection per key whatever
     * the number of its feeds. Not counted in the stream meters, which name a session by its address: the
     * market-data session of the same address is.
     */
    public StreamSession accountSession(String address, String accessKey) {
        return sessions.computeIfAbsent(address + "#account:" + accessKey, a -> new StreamSession(URI.create(address),
                http, scheduler, settings, frames, metrics));
    }

    /**
     * A new session for one client's signed calls at {@code address}, on these sessions' WebSocket client and timer,
     * kept alive as they are: it adds no thread. Its owner closes it.
     *
     * @param maxInFlight the most calls waiting for their reply at once
     */
    public TradingSession trading(String address, int maxInFlight) {
        TradingSession session = new TradingSession(URI.create(address), http, scheduler, frames.ping(), settings,
                maxInFlight, trading::remove);
        trading.add(session);
        return session;
    }

    /** Every session opened so far. */
    public List<StreamSession> all() {
        return List.copyOf(sessions.values());
    }

    /** How the sessions keep their connections alive, and how long they wait to connect again. */
    /** Where the streams' meters go, and their consumers'. */
    public Metrics metrics() {
        return metrics;
    }

    public StreamSettings settings() {
        return settings;
    }

    public PushFrames frames() {
        return frames;
    }

    /** The pool the consumers' work runs on. */
    public Executor workers() {
        return workers;
    }

    /** The timer of the consumers' waits (a backoff, a candle's close): short tasks only. */
    public ScheduledExecutorService timer() {
        return scheduler;
    }

    /** The turns at catching up over REST. */
    public CatchUpTurns catchUps() {
        return catchUps;
    }

    /**
     * Closes the clients' trading sessions still open: their calls waiting fail as sent. Apart from {@link #close()}
     * so that the resources can close their connection pool first: a write waiting here then cannot be settled by a
     * look-up racing the close, and ends unknown.
     */
    public void closeTrading() {
        List.copyOf(trading).forEach(TradingSession::close);
    }

    public void close() {
        sessions.values().forEach(StreamSession::close);
        sessions.clear();
        registrations.forEach(Metrics.Registration::close);
        registrations.clear();
        shutDown(http);
    }

    /**
     * Ends the client's selector thread now where the runtime can: Java 21 gave {@code HttpClient} a
     * {@code shutdownNow()}, which Java 17 (what this is compiled for) lacks. On 17 the thread ends once the
     * component lets go of the client, at the collector's next run.
     */
    private static void shutDown(HttpClient http) {
        try {
            HttpClient.class.getMethod("shutdownNow").invoke(http);
        } catch (NoSuchMethodException java17) {
            // Let go of it instead (the component drops its reference).
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("Could not shut the WebSocket client down; it ends once unreferenced: {}", e.toString());
        }
    }
}
