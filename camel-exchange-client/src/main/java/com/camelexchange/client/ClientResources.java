package com.camelexchange.client;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.internal.MarketDirectory;
import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.internal.http.ClientSettings;
import com.camelexchange.client.internal.http.Credentials;
import com.camelexchange.client.internal.http.HttpTransport;
import com.camelexchange.client.internal.http.RetryPolicy;
import com.camelexchange.client.internal.http.TransportSettings;
import com.camelexchange.client.spi.MarketDataSource;
import com.camelexchange.client.spi.SignedCallRedirect;
import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.internal.budget.RateLimits;
import com.camelexchange.client.internal.budget.TradeRateLimits;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.internal.feed.ReadProfile;
import com.camelexchange.client.internal.feed.SharedReads;
import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.internal.stream.CatchUpTurns;
import com.camelexchange.client.internal.stream.StreamSessions;
import com.camelexchange.client.internal.stream.StreamSettings;

import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import javax.net.ssl.SSLContext;

/**
 * What every client of one application shares, made when first needed and closed once: the HTTP connection pool
 * with the timer that ends calls past their deadline, the rate budgets of market data and of each API variant's
 * trade interface, the market list of each address, the JSON reader, and the WebSocket sessions with their threads.
 * Threads and connections grow with the exchange's work, never with the number of clients. Clients made by
 * {@link #client} use it until it is closed. Thread-safe.
 */
public final class ClientResources implements AutoCloseable {
    static {
        ClientInternals.grant(new ClientInternals.Access() {
            @Override
            public StreamSessions streams(ClientResources resources) {
                return resources.streams();
            }

            @Override
            public StreamSessions streamsIfOpen(ClientResources resources) {
                return resources.streamsIfOpen();
            }

            @Override
            public SharedReads sharedReads(ClientResources resources) {
                return resources.sharedReads;
            }

            @Override
            public HttpTransport transport(ClientResources resources) {
                return resources.transport();
            }

            @Override
            public HttpTransport transportIfMade(ClientResources resources) {
                synchronized (resources) {
                    return resources.transport;
                }
            }

            @Override
            public ExchangeJson json(ClientResources resources) {
                return resources.json;
            }

            @Override
            public ReadProfile readProfile(ExchangeClient client) {
                return client.readProfile();
            }

            @Override
            public com.camelexchange.client.internal.http.Credentials accountKeys(ExchangeClient client) {
                return client.accountKeys();
            }
        });
    }

    private final Settings settings;
    private final Map<String, MarketDirectory> directories = new ConcurrentHashMap<>();
    private final Map<ApiVariant, TradeRateLimits> tradeLimits = new EnumMap<>(ApiVariant.class);
    /** The limits of redirected signed calls (paper trading's), per variant: in this process, whatever the budgets. */
    private final Map<ApiVariant, TradeRateLimits> redirectLimits = new EnumMap<>(ApiVariant.class);
    private final ExchangeJson json;
    /** The market-data replies the polled feeds of these resources' clients share. */
    private final SharedReads sharedReads = new SharedReads();
    // Guarded by this.
    private HttpTransport transport;
    private ScheduledExecutorService deadlines;
    private RateLimits limits;
    private StreamSessions streams;
    private ScheduledExecutorService streamTimers;
    private ExecutorService streamWorkers;
    private boolean closed;

    private ClientResources(Settings settings) {
        this.settings = settings;
        this.json = new ExchangeJson(new ReplyRefusals(settings.metrics));
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * A client of these resources: its own settings and keys, this application's connection pool, budgets, market
     * list of its address and streams.
     *
     * @param credentials null for a client of market data only
     * @param tap         told of every piece of market data the client receives; {@link MarketDataListener#NONE}
     * @param redirect    null, or where the client's signed calls go instead (paper trading)
     */
    ExchangeClient client(ClientSettings client, ApiVariant variant, Credentials credentials, RetryPolicy reads,
                          MarketDataListener tap, SignedCallRedirect redirect) {
        return client(client, variant, credentials, reads, tap, redirect, null);
    }

    /**
     * {@link #client(ClientSettings, ApiVariant, Credentials, RetryPolicy, MarketDataListener, SignedCallRedirect)},
     * its market data answered by {@code marketData} instead of the exchange when that is not null.
     */
    ExchangeClient client(ClientSettings client, ApiVariant variant, Credentials credentials, RetryPolicy reads,
                          MarketDataListener tap, SignedCallRedirect redirect, MarketDataSource marketData) {
        ExchangeClient made = new ExchangeClient(client, variant, credentials, reads, this::transport, limits(),
                tradeLimits(variant), directory(client.baseUrl()), json, settings.metrics, tap, redirect, marketData,
                redirect == null ? null : redirectLimits(variant));
        made.resources = this;
        return made;
    }

    /** The market list of an address, shared by every client of it. */
    MarketDirectory directory(String baseUrl) {
        return directories.computeIfAbsent(baseUrl, url -> new MarketDirectory());
    }

    /** The market list of each address used so far. */
    Map<String, MarketDirectory> directories() {
        return Map.copyOf(directories);
    }

    /** The market-data replies the polled feeds of these resources' clients share: one fetch serves them all. */
    SharedReads sharedReads() {
        return sharedReads;
    }

    /** The longest wait after failures in a row: of a stream's reconnects, and of a feed's polls or catch-ups. */
    public Duration maxReconnectDelay() {
        return settings.maxReconnectDelay;
    }

    /** Where meters go. */
    public Metrics metrics() {
        return settings.metrics;
    }

    // ---------------------------------------------------------------- how they stand, for a console or a page

    /**
     * One address's market list.
     *
     * @param markets the markets it holds
     * @param age     how long ago it was fetched; null before it was
     */
    public record MarketListStatus(int markets, Duration age) {
    }

    /** The market list of each address used so far, by address. */
    public Map<String, MarketListStatus> marketLists() {
        Map<String, MarketListStatus> lists = new java.util.TreeMap<>();
        directories.forEach((address, directory) -> lists.put(address,
                new MarketListStatus(directory.size(), directory.age().orElse(null))));
        return lists;
    }

    /** How long a market list is kept before it is fetched again. */
    public static Duration marketListTimeToLive() {
        return MarketDirectory.timeToLive();
    }

    /**
     * How the polled feeds of these resources' clients share market-data replies.
     *
     * @param fetched requests sent
     * @param shared  reads answered by a reply another feed fetched
     * @param kept    replies kept now
     */
    public record ReadSharing(long fetched, long shared, int kept) {
    }

    public ReadSharing readSharing() {
        return new ReadSharing(sharedReads.fetched(), sharedReads.shared(), sharedReads.kept());
    }

    /** Each WebSocket session, ordered by address; none before the first feed streamed. */
    public synchronized List<StreamStatus> streamStatus() {
        if (streams == null) {
            return List.of();
        }
        return streams.all().stream().sorted(java.util.Comparator.comparing(session -> session.uri().toString()))
                .map(session -> new StreamStatus(session.uri(), session.connected(), session.reconnects(),
                        session.undecodableFrames(), session.channelStatuses())).toList();
    }

    /**
     * The streamed feeds' turns at catching up over REST.
     *
     * @param slots   how many may catch up at once ({@code streamCatchUps})
     * @param inUse   how many do now
     * @param waiting how many wait for a turn
     */
    public record CatchUps(int slots, int inUse, int waiting) {
    }

    /** The turns at catching up; empty before the first feed streamed. */
    public synchronized java.util.Optional<CatchUps> catchUps() {
        if (streams == null) {
            return java.util.Optional.empty();
        }
        CatchUpTurns turns = streams.catchUps();
        return java.util.Optional.of(new CatchUps(turns.slots(), turns.inUse(), turns.waiting()));
    }


    /** The one reader of replies and pushes, counting what they lose to their bounds. */
    ExchangeJson json() {
        return json;
    }

    /** The connection pool, made with the first call. */
    synchronized HttpTransport transport() {
        open();
        if (transport == null) {
            deadlines = settings.threads.scheduled("ExchangeCallDeadlines", 1);
            transport = new HttpTransport(new TransportSettings(settings.connectTimeout, settings.proxyHost,
                    settings.proxyPort, settings.sslContext, settings.maxConnections), deadlines);
        }
        return transport;
    }

    /** The budget of market-data calls and K-lines. */
    synchronized RateLimits limits() {
        open();
        if (limits == null) {
            limits = settings.rateLimits ? new RateLimits(settings.rateBudgets, settings.marketDataRequestsPerSecond,
                    settings.rateLimitMaxWait) : RateLimits.off();
        }
        return limits;
    }

    /** The budget of a variant's trade interface: per key or user, and per IP. */
    synchronized TradeRateLimits tradeLimits(ApiVariant variant) {
        open();
        return tradeLimits.computeIfAbsent(variant, v -> settings.rateLimits
                ? new TradeRateLimits(v, settings.rateBudgets, settings.rateLimitMaxWait) : TradeRateLimits.off(v));
    }

    /**
     * The limits a variant's redirected signed calls keep to (a paper exchange's): the exchange's, kept in this process
     * (the user's budgets, shared between instances, are the real exchange's), off with the resources' rate limits.
     */
    synchronized TradeRateLimits redirectLimits(ApiVariant variant) {
        open();
        return redirectLimits.computeIfAbsent(variant, v -> settings.rateLimits
                ? new TradeRateLimits(v, RateBudgets.local(), settings.rateLimitMaxWait) : TradeRateLimits.off(v));
    }

    /** The WebSocket sessions, one per address, made with the first stream. */
    synchronized StreamSessions streams() {
        open();
        if (streams == null) {
            streamTimers = settings.threads.scheduled("ExchangeStreams", 1);
            streamWorkers = settings.threads.fixed("ExchangeStreamWork", settings.streamThreads);
            // The JDK client hands what its selector thread reads to this executor; run there, each frame is read
            // and handed to the workers where it arrived, with one hand-off between threads rather than two. What
            // the connection's listener does is bounded (read a frame, keep what it carries, wake a worker) and
            // never waits: a slow route holds a worker, never the socket.
            HttpClient.Builder http = HttpClient.newBuilder().executor(StreamSessions.ON_ARRIVAL)
                    .connectTimeout(settings.connectTimeout);
            if (settings.sslContext != null) {
                http.sslContext(settings.sslContext);
            }
            if (settings.proxyHost != null) {
                http.proxy(ProxySelector.of(new InetSocketAddress(settings.proxyHost,
                        settings.proxyPort == 0 ? 80 : settings.proxyPort)));
            }
            streams = new StreamSessions(http.build(), streamTimers, new StreamSettings(settings.keepAlive,
                    settings.silenceTimeout, settings.reconnectDelay, settings.maxReconnectDelay,
                    settings.connectTimeout, settings.maxFrameSize, settings.channelSilence), new PushFrames(json),
                    streamWorkers, new CatchUpTurns(settings.streamCatchUps), settings.metrics);
        }
        return streams;
    }

    /** The WebSocket sessions, or null before the first stream. */
    synchronized StreamSessions streamsIfOpen() {
        return streams;
    }

    private void open() {
        if (closed) {
            throw new IllegalStateException("The client's resources are closed");
        }
    }

    /**
     * Closes the connection pool, the streams (the clients' trading sessions too) and their threads; a client made here
     * fails from then on. The JDK's
     * WebSocket client shuts down when no longer referenced (Java 17), so it is let go of with its executor.
     */
    @Override
    public synchronized void close() {
        closed = true;
        // The pool first: once a write waiting on the WebSocket fails (its session closed, or the WebSocket client
        // shut down under it), what it did can no longer be looked up, and it ends unknown rather than depending on
        // whether a look-up beat the close.
        if (transport != null) {
            transport.close();
            transport = null;
            settings.threads.shutdown(deadlines);
            deadlines = null;
        }
        if (streams != null) {
            streams.close();
            streams.closeTrading();
            streams = null;
            settings.threads.shutdown(streamTimers);
            settings.threads.shutdown(streamWorkers);
            streamTimers = null;
            streamWorkers = null;
        }
    }

    private record Settings(Duration connectTimeout, String proxyHost, int proxyPort, SSLContext sslContext,
                            int maxConnections, boolean rateLimits, int marketDataRequestsPerSecond,
                            Duration rateLimitMaxWait, RateBudgets rateBudgets, Metrics metrics, Duration keepAlive,
                            Duration silenceTimeout, Duration channelSilence, Duration reconnectDelay,
                            Duration maxReconnectDelay, int maxFrameSize, int streamThreads, int streamCatchUps,
                            ClientThreads threads) {
    }

    /** The shared resources' settings; every one has the default the component's option of the same name has. */
    public static final class Builder {
        private Duration connectTimeout = Duration.ofSeconds(5);
        private String proxyHost;
        private int proxyPort;
        private SSLContext sslContext;
        private int maxConnections = 20;
        private boolean rateLimits = true;
        private int marketDataRequestsPerSecond = 10;
        private Duration rateLimitMaxWait = Duration.ofSeconds(30);
        private RateBudgets rateBudgets = RateBudgets.local();
        private Metrics metrics = Metrics.NONE;
        private Duration keepAlive = Duration.ofSeconds(3);
        private Duration silenceTimeout = Duration.ofSeconds(10);
        private Duration channelSilence = Duration.ofSeconds(60);
        private Duration reconnectDelay = Duration.ofMillis(500);
        private Duration maxReconnectDelay = Duration.ofSeconds(30);
        private int maxFrameSize = 4 * 1024 * 1024;
        private int streamThreads = 4;
        private int streamCatchUps = 2;
        private ClientThreads threads = ClientThreads.DAEMON;

        private Builder() {
        }

        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        /** A proxy for every connection, REST and WebSocket alike; port 0 for 80. */
        public Builder proxy(String host, int port) {
            this.proxyHost = host;
            this.proxyPort = port;
            return this;
        }

        /** TLS for every connection, REST and WebSocket alike; null for the JVM's default. */
        public Builder sslContext(SSLContext context) {
            this.sslContext = context;
            return this;
        }

        public Builder maxConnections(int connections) {
            this.maxConnections = connections;
            return this;
        }

        /** Whether calls keep to the exchange's limits (true); false only for load tests against a simulator. */
        public Builder rateLimits(boolean on) {
            this.rateLimits = on;
            return this;
        }

        public Builder marketDataRequestsPerSecond(int perSecond) {
            this.marketDataRequestsPerSecond = perSecond;
            return this;
        }

        public Builder rateLimitMaxWait(Duration wait) {
            this.rateLimitMaxWait = wait;
            return this;
        }

        /** Where the budgets are kept: in this process by default, or shared between instances. */
        public Builder rateBudgets(RateBudgets budgets) {
            this.rateBudgets = budgets;
            return this;
        }

        public Builder metrics(Metrics meters) {
            this.metrics = meters;
            return this;
        }

        public Builder keepAliveInterval(Duration interval) {
            this.keepAlive = interval;
            return this;
        }

        public Builder silenceTimeout(Duration timeout) {
            this.silenceTimeout = timeout;
            return this;
        }

        public Builder channelSilenceTimeout(Duration timeout) {
            this.channelSilence = timeout;
            return this;
        }

        public Builder reconnectDelay(Duration delay) {
            this.reconnectDelay = delay;
            return this;
        }

        public Builder maxReconnectDelay(Duration delay) {
            this.maxReconnectDelay = delay;
            return this;
        }

        /** The largest pushed frame read, in bytes. */
        public Builder maxFrameSize(int bytes) {
            this.maxFrameSize = bytes;
            return this;
        }

        public Builder streamThreads(int threads) {
            this.streamThreads = threads;
            return this;
        }

        public Builder streamCatchUps(int catchUps) {
            this.streamCatchUps = catchUps;
            return this;
        }

        public Builder threads(ClientThreads factory) {
            this.threads = factory;
            return this;
        }

        /**
         * The resources, their every setting checked first: a bad one is an {@link ExchangeValidationException}
         * naming it, before anything is made.
         */
        public ClientResources build() {
            Map<String, Duration> durations = new LinkedHashMap<>();
            durations.put("connectTimeout", connectTimeout);
            durations.put("keepAliveInterval", keepAlive);
            durations.put("silenceTimeout", silenceTimeout);
            durations.put("reconnectDelay", reconnectDelay);
            durations.put("maxReconnectDelay", maxReconnectDelay);
            durations.put("channelSilenceTimeout", channelSilence);
            durations.forEach((name, value) -> {
                if (value == null || value.toMillis() < 1) {
                    throw new ExchangeValidationException("option " + name, (value == null ? "none"
                            : value.toMillis() + "") + " is out of range; at least 1 (milliseconds)");
                }
            });
            if (rateLimitMaxWait == null || rateLimitMaxWait.isNegative()) {
                throw new ExchangeValidationException("option rateLimitMaxWait", rateLimitMaxWait
                        + " is out of range; zero or more");
            }
            Map<String, Integer> counts = new LinkedHashMap<>();
            counts.put("maxConnections", maxConnections);
            counts.put("maxFrameSize", maxFrameSize);
            counts.put("streamThreads", streamThreads);
            counts.put("streamCatchUps", streamCatchUps);
            counts.forEach((name, value) -> {
                if (value < 1) {
                    throw new ExchangeValidationException("option " + name, value + " is out of range; at least 1");
                }
            });
            if (marketDataRequestsPerSecond < 0) {
                throw new ExchangeValidationException("option marketDataRequestsPerSecond",
                        marketDataRequestsPerSecond + " is out of range; zero (no budget) or more");
            }
            if (proxyPort < 0 || proxyPort > 65_535) {
                throw new ExchangeValidationException("option proxyPort", proxyPort + " is out of range; 0-65535");
            }
            java.util.Objects.requireNonNull(rateBudgets, "rateBudgets");
            java.util.Objects.requireNonNull(metrics, "metrics");
            java.util.Objects.requireNonNull(threads, "threads");
            return new ClientResources(new Settings(connectTimeout, proxyHost, proxyPort, sslContext, maxConnections,
                    rateLimits, marketDataRequestsPerSecond, rateLimitMaxWait, rateBudgets, metrics, keepAlive,
                    silenceTimeout, channelSilence, reconnectDelay, maxReconnectDelay, maxFrameSize, streamThreads,
                    streamCatchUps, threads));
        }
    }
}
