package com.camelexchange.client.internal.stream;

import com.camelexchange.client.error.ExchangeTransportException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client's signed calls over one WebSocket connection: each request carries a {@code no} of its own, its reply
 * is matched to it by that {@code no}, and many calls are in flight at once, at most {@code maxInFlight} (a caller
 * waits for a slot within its deadline; a call that gets none sent nothing). The connection is opened by the first
 * call and again by the first call after it was lost; nothing is opened in the background, since only a caller knows
 * how long it may wait. A lost connection fails every call waiting on it: their requests went out, so what a write
 * did is open ({@link ExchangeTransportException#requestSent()} true) and its caller settles it by looking.
 *
 * <p>No thread of its own: frames are read where the resources' WebSocket client reads them
 * ({@link StreamSessions#ON_ARRIVAL}), a reply wakes its caller, and each caller waits on its own thread.
 */
public final class TradingSession implements AutoCloseable {
    private final URI uri;
    private final HttpClient http;
    private final ScheduledExecutorService timer;
    private final String ping;
    private final Duration keepAlive;
    private final Duration silenceTimeout;
    private final Duration connectTimeout;
    private final int maxFrameSize;
    private final Semaphore slots;
    /** Told once the session closed, so that the resources no longer hold it. */
    private final java.util.function.Consumer<TradingSession> onClose;
    private final AtomicLong numbers = new AtomicLong();
    /** The calls waiting for their reply, by {@code no}; at most {@code maxInFlight} (each holds a slot). */
    private final ConcurrentHashMap<String, Pending> pending = new ConcurrentHashMap<>();

    // Guarded by this.
    private Connection current;
    private CompletableFuture<Connection> opening;
    private int attempts;
    private boolean closed;
    private ScheduledFuture<?> keepAliveTask;

    /** A call waiting on a connection for its reply. */
    private record Pending(Connection on, CompletableFuture<String> reply) {
    }

    /**
     * @param timer    the streams' timer: the keepalive runs there, and a failed send is reported there (not on the
     *                 sender's thread, which holds the connection's lock)
     * @param ping     the frame the exchange answers with a pong
     * @param settings the streams' keepalive, silence timeout, connect timeout and frame bound
     * @param closed   told when the session closed
     */
    public TradingSession(URI uri, HttpClient http, ScheduledExecutorService timer, String ping,
                          StreamSettings settings, int maxInFlight, java.util.function.Consumer<TradingSession> closed) {
        this.uri = uri;
        this.http = http;
        this.timer = timer;
        this.ping = ping;
        this.keepAlive = settings.keepAlive();
        this.silenceTimeout = settings.silenceTimeout();
        this.connectTimeout = settings.connectTimeout();
        this.maxFrameSize = settings.maxFrameSize();
        this.slots = new Semaphore(maxInFlight, true);
        this.onClose = closed;
    }

    /** A {@code no} no other request of this session carried. */
    public String nextNo() {
        return Long.toString(numbers.incrementAndGet());
    }

    /**
     * Sends one request and waits for its reply.
     *
     * @param operation names the call in failures
     * @param no        the request's {@code no}, from {@link #nextNo()}, inside {@code frame}
     * @param wait      the longest wait, for a slot, the connection and the reply together
     * @return the reply's text
     * @throws ExchangeTransportException when no reply came: {@code requestSent()} false when the request never left
     *                                    (no slot, no connection in time), true once it did
     */
    public String call(String operation, String no, String frame, Duration wait) {
        long end = System.nanoTime() + wait.toNanos();
        try {
            if (!slots.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new ExchangeTransportException(operation, wait, "waiting for a free slot on the WebSocket"
                        + " session (all calls in flight)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw notSent(operation, new IOException("interrupted waiting for a slot"));
        }
        try {
            while (true) {
                Connection connection = connection(operation, end);
                CompletableFuture<String> reply = new CompletableFuture<>();
                pending.put(no, new Pending(connection, reply));
                try {
                    if (connection.gone) {
                        // Lost between being taken and the call being registered (a cut the session learned of just
                        // now): nothing was sent, so the call takes the next connection, within its time.
                        if (System.nanoTime() - end >= 0) {
                            throw notSent(operation, new IOException("the WebSocket connection was lost before"
                                    + " sending"));
                        }
                        continue;
                    }
                    connection.send(frame);
                    return await(operation, reply, end, wait);
                } finally {
                    pending.remove(no);
                }
            }
        } finally {
            slots.release();
        }
    }

    private String await(String operation, CompletableFuture<String> reply, long end, Duration wait) {
        try {
            return reply.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException late) {
            throw new ExchangeTransportException(operation, wait, true);
        } catch (ExecutionException lost) {
            Throwable cause = lost.getCause();
            throw new ExchangeTransportException(operation, cause instanceof IOException io ? io
                    : new IOException(String.valueOf(cause)), true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExchangeTransportException(operation, new IOException("interrupted waiting for the reply"),
                    true);
        }
    }

    /** The open connection, opened now if there is none, within the caller's time. */
    private Connection connection(String operation, long end) {
        CompletableFuture<Connection> open;
        synchronized (this) {
            if (closed) {
                throw notSent(operation, new IOException("the client is closed"));
            }
            if (current != null && !current.gone) {
                return current;
            }
            if (opening == null) {
                opening = open(++attempts);
            }
            open = opening;
        }
        try {
            return open.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw notSent(operation, new IOException("no WebSocket connection to " + uri + " in time"));
        } catch (ExecutionException e) {
            throw notSent(operation, new IOException("cannot connect to " + uri + ": "
                    + SessionLink.reason(e.getCause())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw notSent(operation, new IOException("interrupted waiting for the WebSocket connection"));
        }
    }

    private CompletableFuture<Connection> open(int attempt) {
        TradingReceiver receiver = new TradingReceiver(this, maxFrameSize, attempt);
        return http.newWebSocketBuilder().connectTimeout(connectTimeout).buildAsync(uri, receiver)
                .handle((socket, failure) -> opened(attempt, socket, failure, receiver));
    }

    private synchronized Connection opened(int attempt, WebSocket socket, Throwable failure,
                                           TradingReceiver receiver) {
        opening = null;
        if (failure != null) {
            throw new IllegalStateException(SessionLink.reason(failure), failure);
        }
        if (closed) {
            socket.abort();
            throw new IllegalStateException("the client is closed");
        }
        Connection connection = new Connection(attempt, socket, timer,
                (failed, why) -> lost(failed, "sending failed: " + SessionLink.reason(why)));
        receiver.take(connection);
        current = connection;
        if (keepAliveTask == null) {
            long every = keepAlive.toMillis();
            keepAliveTask = timer.scheduleWithFixedDelay(this::keepAlive, every, every, TimeUnit.MILLISECONDS);
        }
        return connection;
    }

    /**
     * As the market-data session does: a ping every {@code keepAlive}, and a connection that brought no frame at all
     * for {@code silenceTimeout} is lost, so that calls waiting on a dead connection settle and the next call opens a
     * new one, rather than each waiting out its deadline on it.
     */
    private void keepAlive() {
        Connection connection;
        synchronized (this) {
            connection = current;
        }
        if (connection == null || connection.gone) {
            return;
        }
        long silentNanos = System.nanoTime() - connection.lastFrame;
        if (silentNanos > silenceTimeout.toNanos()) {
            lost(connection.attempt, "silent for " + TimeUnit.NANOSECONDS.toMillis(silentNanos) + " ms");
        } else {
            connection.ping(ping);
        }
    }

    /** A reply (or any frame naming a {@code no}) arrived: the call waiting for it, if any, is woken. */
    void replied(String no, String text) {
        Pending call = pending.get(no);
        if (call != null) {
            call.reply.complete(text);
        }
    }

    /** The connection of {@code attempt} is gone: every call waiting on it fails, its request sent. */
    void lost(int attempt, String cause) {
        Connection gone;
        synchronized (this) {
            if (current == null || current.attempt != attempt) {
                return;
            }
            gone = current;
            gone.gone = true;
            current = null;
        }
        gone.socket.abort();
        failWaiting(gone, "the WebSocket connection was lost (" + cause + ") before the reply");
    }

    private void failWaiting(Connection on, String why) {
        pending.values().forEach(call -> {
            if (on == null || call.on == on) {
                call.reply.completeExceptionally(new IOException(why));
            }
        });
    }

    /** Calls waiting for their reply now. */
    public int inFlight() {
        return pending.size();
    }

    /** Whether a connection is open now. */
    public synchronized boolean connected() {
        return current != null && !current.gone;
    }

    /** Closes the connection; every call waiting fails as if it were lost, and later ones send nothing. */
    @Override
    public void close() {
        Connection was;
        synchronized (this) {
            closed = true;
            was = current;
            current = null;
            if (keepAliveTask != null) {
                keepAliveTask.cancel(false);
                keepAliveTask = null;
            }
        }
        if (was != null) {
            was.gone = true;
            WebSocket socket = was.socket;
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(1, TimeUnit.SECONDS)
                    .whenComplete((ws, e) -> socket.abort());
        }
        failWaiting(null, "the client closed before the reply");
        onClose.accept(this);
    }

    private static ExchangeTransportException notSent(String operation, IOException why) {
        return new ExchangeTransportException(operation, why, false);
    }

    @Override
    public String toString() {
        return "TradingSession[" + uri + "]";
    }
}
