package com.camelexchange.component.metrics;

import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.metrics.ConnectionState;
import com.camelexchange.client.metrics.Metrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.spi.Registry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Records the component's meters into a Micrometer {@link MeterRegistry}. Loaded only when Micrometer is on the
 * classpath (see {@link Metrics#lookUp}). Meter names start with {@code camel.exchange.}; no tag ever holds a
 * key: a key's budget is named by a hash of the key.
 */
public final class MicrometerMetrics implements Metrics {
    private static final Logger LOG = LoggerFactory.getLogger(MicrometerMetrics.class);
    /** The name camel-micrometer binds its registry under. */
    private static final String CAMEL_MICROMETER_NAME = "metricsRegistry";

    public static final String CALLS = "camel.exchange.calls";
    public static final String PERMIT_WAIT = "camel.exchange.rate.permit.wait";
    public static final String PERMITS_IN_USE = "camel.exchange.rate.permits.in.use";
    public static final String RATE_LIMIT_REPLIES = "camel.exchange.rate.limit.replies";
    public static final String ORDERS = "camel.exchange.orders";
    public static final String STREAM_RECONNECTS = "camel.exchange.stream.reconnects";
    public static final String STREAM_CONNECTED = "camel.exchange.stream.connected";
    public static final String STREAM_UNDECODABLE = "camel.exchange.stream.undecodable";
    public static final String STREAM_SILENCES = "camel.exchange.stream.silences";
    public static final String STREAM_RESUBSCRIBES = "camel.exchange.stream.resubscribes";
    public static final String REFUSED_TRADE_IDS = "camel.exchange.trades.refused";
    public static final String REFUSED_REPLIES = "camel.exchange.replies.refused";
    public static final String CONSUMER_BACKOFF = "camel.exchange.consumer.backoff";

    private final MeterRegistry registry;
    private final Map<List<String>, Timer> calls = new ConcurrentHashMap<>();
    private final Map<List<String>, Timer> waits = new ConcurrentHashMap<>();
    private final Map<List<String>, Timer> backoffs = new ConcurrentHashMap<>();
    private final Set<Tracked> tracked = ConcurrentHashMap.newKeySet();
    private volatile boolean started = true;

    MicrometerMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** See {@link Metrics#lookUp}; called only when Micrometer is on the classpath. */
    static Metrics lookUp(CamelContext context, Object option) {
        if (option != null) {
            if (!(option instanceof MeterRegistry given)) {
                throw new ExchangeValidationException("option meterRegistry", "a Micrometer MeterRegistry is required,"
                        + " not a " + option.getClass().getName());
            }
            return new MicrometerMetrics(given);
        }
        MeterRegistry found = find(context.getRegistry());
        return found == null ? NONE : new MicrometerMetrics(found);
    }

    /**
     * The one MeterRegistry bean; among several, the one camel-micrometer binds as {@code metricsRegistry}, else
     * the one composite (Spring Boot's, which feeds all the others).
     */
    private static MeterRegistry find(Registry beans) {
        MeterRegistry single = beans.findSingleByType(MeterRegistry.class);
        if (single != null) {
            return single;
        }
        Set<MeterRegistry> all = beans.findByType(MeterRegistry.class);
        if (all.isEmpty()) {
            return null;
        }
        MeterRegistry named = beans.lookupByNameAndType(CAMEL_MICROMETER_NAME, MeterRegistry.class);
        if (named != null) {
            return named;
        }
        List<MeterRegistry> composites = all.stream().filter(CompositeMeterRegistry.class::isInstance).toList();
        if (composites.size() == 1) {
            return composites.get(0);
        }
        LOG.info("{} Micrometer MeterRegistry beans are bound and none is the obvious one: the exchange component"
                 + " records no meters until its option meterRegistry names one", all.size());
        return null;
    }

    @Override
    public boolean enabled() {
        return true;
    }

    @Override
    public String describe() {
        return "Micrometer (" + registry.getClass().getSimpleName() + ")";
    }

    @Override
    public void call(String operation, String outcome, long nanos) {
        calls.computeIfAbsent(List.of(operation, outcome), k -> Timer.builder(CALLS)
                .description("Requests to the exchange (each attempt), from asking for the rate-limit permit until"
                             + " the reply was read")
                .tag("operation", operation).tag("outcome", outcome)
                .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void rateLimitReply(String operation, int code) {
        Counter.builder(RATE_LIMIT_REPLIES)
                .description("Replies 4002 (too frequent) and 4001 (API locked for this IP) of the exchange")
                .tag("code", Integer.toString(code)).tag("operation", operation)
                .register(registry).increment();
    }

    @Override
    public void permitWait(String budget, String scope, boolean acquired, long nanos) {
        String outcome = acquired ? "acquired" : "refused";
        waits.computeIfAbsent(List.of(budget, scope, outcome), k -> Timer.builder(PERMIT_WAIT)
                .description("Time spent waiting for a client-side rate-limit permit")
                .tag("budget", budget).tag("scope", scope).tag("outcome", outcome)
                .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public Registration budget(String budget, String scope, RateBudget rateBudget) {
        if (rateBudget.inUse() < 0) {
            return Registration.NONE;
        }
        return track(() -> List.of(Gauge.builder(PERMITS_IN_USE, rateBudget, RateBudget::inUse)
                .description("Rate-limit permits held now (requests reserved or in flight)")
                .tag("budget", budget).tag("scope", scope)
                .register(registry)));
    }

    @Override
    public void orders(String operation, String outcome, int count) {
        Counter.builder(ORDERS)
                .description("Orders by outcome: placed, recovered after a lost reply, or unknown")
                .tag("operation", operation).tag("outcome", outcome)
                .register(registry).increment(count);
    }

    @Override
    public Registration stream(ConnectionState session) {
        String address = session.uri().toString();
        return track(() -> List.of(
                FunctionCounter.builder(STREAM_RECONNECTS, session, ConnectionState::reconnects)
                        .description("Times the WebSocket connection was opened again after it had been open")
                        .tag("address", address).register(registry),
                Gauge.builder(STREAM_CONNECTED, session, s -> s.connected() ? 1 : 0)
                        .description("1 while the WebSocket connection is open, 0 otherwise")
                        .tag("address", address).register(registry)));
    }

    @Override
    public void streamUndecodable(String address, String channel) {
        Counter.builder(STREAM_UNDECODABLE)
                .description("Pushes that could not be read, per channel (unknown: not even the channel could be"
                             + " read); each is caught up")
                .tag("address", address).tag("channel", channel)
                .register(registry).increment();
    }

    @Override
    public void streamSilence(String address, String channel) {
        Counter.builder(STREAM_SILENCES)
                .description("Times a channel was found silent while its connection was alive")
                .tag("address", address).tag("channel", channel)
                .register(registry).increment();
    }

    @Override
    public void streamResubscribe(String address, String channel) {
        Counter.builder(STREAM_RESUBSCRIBES)
                .description("Times a silent channel was subscribed again on a live connection")
                .tag("address", address).tag("channel", channel)
                .register(registry).increment();
    }

    @Override
    public void refusedTradeId(String market, String source) {
        Counter.builder(REFUSED_TRADE_IDS)
                .description("Trade ids refused: out of range, or never confirmed by the exchange's REST interface")
                .tag("market", market).tag("source", source)
                .register(registry).increment();
    }

    @Override
    public void refusedRecords(String operation, String source, String scope, int count) {
        Counter.builder(REFUSED_REPLIES)
                .description("Records of replies and pushes refused for a value out of bounds (scope record: the"
                             + " rest was read), and replies and pushes refused whole (scope reply)")
                .tag("operation", operation).tag("source", source).tag("scope", scope)
                .register(registry).increment(count);
    }

    @Override
    public void consumerBackoff(String consumer, String failure, long nanos) {
        backoffs.computeIfAbsent(List.of(consumer, failure), k -> Timer.builder(CONSUMER_BACKOFF)
                .description("The waits of consumers before trying again after a failed poll or catch-up over REST,"
                             + " one per failure: the count is the retries put off, the max the longest wait lately"
                             + " (doubling per failure in a row up to the cap)")
                .tag("consumer", consumer).tag("failure", failure)
                .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void start() {
        started = true;
        tracked.forEach(Tracked::register);
    }

    @Override
    public void stop() {
        started = false;
        tracked.forEach(Tracked::unregister);
    }

    private Registration track(Supplier<List<Meter>> meters) {
        Tracked registration = new Tracked(meters);
        tracked.add(registration);
        if (started) {
            registration.register();
        }
        return registration;
    }

    /** Meters following a live object: removed while the component is stopped, for good once closed. */
    private final class Tracked implements Registration {
        private final Supplier<List<Meter>> meters;
        private List<Meter> registered = List.of();
        private boolean closed;

        Tracked(Supplier<List<Meter>> meters) {
            this.meters = meters;
        }

        synchronized void register() {
            if (!closed && registered.isEmpty()) {
                registered = meters.get();
            }
        }

        synchronized void unregister() {
            registered.forEach(registry::remove);
            registered = List.of();
        }

        @Override
        public synchronized void close() {
            closed = true;
            unregister();
            tracked.remove(this);
        }
    }

    @Override
    public String toString() {
        return describe();
    }
}
