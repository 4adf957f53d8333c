package com.camelexchange.client.internal.http;

import com.camelexchange.client.spi.CallTransport;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.error.ExchangeTransportException;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolStats;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one HTTP road to the exchange: a pooled, keep-alive Apache HttpClient 5, created once per
 * component. Automatic retries are off: the API places orders with GET, and a client that silently
 * re-sends a GET whose reply was lost (as the JDK client does) can place an order twice.
 *
 * <p>Every call is bounded twice. In time: a deadline covers the whole call (waiting for a pooled
 * connection, connecting, sending, the reply and all of its body); when it passes, the call is aborted
 * and its connection closed, so a server that trickles a reply cannot hold the caller (nor the rate-limit
 * permit the caller holds) any longer. In size: the body is read as a stream up to a cap, and a larger
 * reply is refused without being read further.
 *
 * <p>A failure says whether the request may have left ({@link ExchangeTransportException#requestSent()}): only a call
 * that never got a connection to the exchange certainly did not send it.
 */
public final class HttpTransport implements CallTransport, AutoCloseable {

    private static final int FIRST_CHUNK = 8192;
    /**
     * How often the deadline thread wakes when no deadline wakes it. A scheduled pool's thread sleeps until its
     * earliest task, and a task that becomes the earliest wakes it. One call at a time (a route's producer) finds the
     * queue empty, so its abort, earliest at once, woke the thread on every call, which went back to sleep when the
     * call ended and cancelled it: a context switch and about 7 µs of CPU a call, a third of what the call cost over a
     * plain GET. This tick stays the earliest task ahead of every abort due later than the next tick (a
     * requestTimeout of 10 s by default): such an abort is queued, and cancelled, without waking anyone. An abort due
     * sooner still becomes the earliest and wakes the thread, and each abort still runs at its own deadline.
     */
    private static final long TICK_MILLIS = 1000;

    private final PoolingHttpClientConnectionManager connections;
    private final CloseableHttpClient client;
    private final ScheduledExecutorService deadlines;
    /** The deadline thread's tick ({@link #TICK_MILLIS}), cancelled when the transport closes. */
    private final ScheduledFuture<?> tick;
    private volatile boolean closed;

    /**
     * @param deadlines runs the aborts of calls that pass their deadline; a pool's cancelled aborts are
     *                  removed at once, so calls that end in time leave nothing queued behind them but the tick
     *                  ({@link #TICK_MILLIS}) that spares the pool's thread a wake-up a call
     */
    public HttpTransport(TransportSettings settings, ScheduledExecutorService deadlines) {
        PoolingHttpClientConnectionManagerBuilder poolBuilder = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(settings.maxConnections())
                .setMaxConnPerRoute(settings.maxConnections())
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(settings.connectTimeout()))
                        .setTimeToLive(TimeValue.ofMinutes(5))
                        .build());
        if (settings.sslContext() != null) {
            poolBuilder.setTlsSocketStrategy(new DefaultClientTlsStrategy(settings.sslContext()));
        }
        connections = poolBuilder.build();
        HttpClientBuilder builder = HttpClients.custom()
                .setConnectionManager(connections)
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                .evictExpiredConnections()
                .evictIdleConnections(TimeValue.ofSeconds(30))
                .addExecInterceptorAfter(ChainElement.CONNECT.name(), ConnectedMark.NAME, new ConnectedMark());
        if (settings.proxyHost() != null && !settings.proxyHost().isBlank()) {
            builder.setRoutePlanner(new LoopbackDirectRoutePlanner(
                    new HttpHost(settings.proxyHost(), settings.proxyPort())));
        }
        client = builder.build();
        this.deadlines = deadlines;
        if (deadlines instanceof ScheduledThreadPoolExecutor pool) {
            pool.setRemoveOnCancelPolicy(true);
        }
        tick = deadlines.scheduleAtFixedRate(HttpTransport::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Nothing: the tick only keeps the deadline thread asleep until the next one ({@link #TICK_MILLIS}). */
    private static void tick() {
    }

    /**
     * One GET within {@code deadline} and {@code maxReplySize}. A call that fails on the way (refused,
     * reset, aborted at its deadline) becomes an {@link ExchangeTransportException}, which says whether the request
     * may have been sent (false only when no connection was established); a body larger than
     * the cap an {@link ExchangeReplyFormatException}; any status is returned as it is, for the caller to judge.
     * Messages name the operation, never the URI: a signed URI carries the key and a signature.
     */
    @Override
    public Reply get(String operation, URI uri, String userAgent, Duration deadline, int maxReplySize) {
        if (closed) {
            throw new IllegalStateException("The client's connection pool is closed: " + operation + " not sent");
        }
        HttpGet get = new HttpGet(uri);
        get.setHeader(HttpHeaders.USER_AGENT, userAgent);
        get.setHeader(HttpHeaders.ACCEPT, "application/json");
        get.setConfig(RequestConfig.custom()
                .setResponseTimeout(Timeout.of(deadline))
                .setConnectionRequestTimeout(Timeout.of(deadline))
                .build());
        CallAbort abort = new CallAbort(get);
        ScheduledFuture<?> timer = deadlines.schedule(abort, deadline.toNanos(), TimeUnit.NANOSECONDS);
        HttpClientContext context = HttpClientContext.create();
        try {
            return client.execute(get, context,
                    response -> new Reply(response.getCode(), body(get, response, maxReplySize)));
        } catch (ReplyTooLarge e) {
            throw CallTransport.tooLarge(operation, maxReplySize);
        } catch (IOException e) {
            // Aborted at the deadline, or silent for as long (the socket's own timeout): out of time either way.
            boolean sent = ConnectedMark.reached(context);
            throw abort.end() || e instanceof SocketTimeoutException
                    ? new ExchangeTransportException(operation, deadline, sent)
                    : new ExchangeTransportException(operation, e, sent);
        } finally {
            abort.end();
            timer.cancel(false);
        }
    }

    /**
     * The body, read up to {@code max} bytes. A larger body is not read on: the call is aborted, which
     * closes its connection (draining it to keep the connection would read all of it).
     */
    private static byte[] body(HttpGet get, ClassicHttpResponse response, int max) throws IOException {
        HttpEntity entity = response.getEntity();
        if (entity == null) {
            return new byte[0];
        }
        long declared = entity.getContentLength();
        if (declared > max) {
            throw refuse(get);
        }
        InputStream in = entity.getContent();
        if (declared >= 0) {
            byte[] body = new byte[(int) declared];
            in.readNBytes(body, 0, body.length);
            return body;
        }
        byte[] buffer = new byte[Math.min(FIRST_CHUNK, max + 1)];
        int length = 0;
        for (int read = 0; read >= 0; ) {
            if (length == buffer.length) {
                if (length > max) {
                    throw refuse(get);
                }
                buffer = Arrays.copyOf(buffer, (int) Math.min(2L * length, max + 1L));
            }
            read = in.read(buffer, length, buffer.length - length);
            length += Math.max(read, 0);
        }
        if (length > max) {
            throw refuse(get);
        }
        return Arrays.copyOf(buffer, length);
    }

    private static ReplyTooLarge refuse(HttpGet get) {
        get.cancel();
        return new ReplyTooLarge();
    }

    /** Ends a call whose reply is over the cap; the connection was closed first, so nothing drains it. */
    private static final class ReplyTooLarge extends IOException {
        ReplyTooLarge() {
            super("reply larger than the cap", null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** Leased, available and pending connections of the pool (a leak shows as leased connections at rest). */
    public PoolStats poolStats() {
        return connections.getTotalStats();
    }

    @Override
    public void close() {
        closed = true;
        tick.cancel(false);
        client.close(CloseMode.GRACEFUL);
    }
}
