package com.camelexchange.client.internal.feed;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.ExchangeRequest;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.internal.json.Records;

import java.io.InterruptedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The market-data replies that the polling consumers of one application (a Camel component) share, so that the exchange's budget is
 * spent on distinct data, not on consumers. A reply is keyed by its {@link ReadProfile} and its request (market,
 * size, position...), and serves a consumer when it is younger than that consumer's period and newer than any
 * reply the consumer got before: each consumer still gets fresh data at its own delay, and never the same reply
 * twice. Otherwise the consumer fetches it, and consumers asking for the same request meanwhile wait for that
 * fetch rather than send their own (single flight). A full page of trades never changes, so it serves any consumer
 * at that position, whatever its age. Signed requests are never shared.
 *
 * <p>At most {@value #MOST_KEPT} replies are kept, the least recently used going first.
 */
public final class SharedReads {
    static final int MOST_KEPT = 1024;
    /** The exchange answers at most this many trades per request: a full page is every trade after its id. */
    public static final int TRADES_PAGE = 50;

    /** A reply and the number of the fetch that brought it: greater is later. */
    record Served<T>(T value, long fetch) {
    }

    private record Key(ReadProfile profile, ExchangeRequest<?> request) {
    }

    private static final class Entry {
        Object value;
        long fetch;
        long fetchedAt;
        boolean lasting;
        CompletableFuture<Served<Object>> inFlight;
    }

    private final Map<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, SharedReads.Entry> eldest) {
            return size() > MOST_KEPT;
        }
    };
    private final Map<ReadProfile, TickerInterest> tickers = new ConcurrentHashMap<>();
    private final AtomicLong fetches = new AtomicLong();
    private final LongAdder fetched = new LongAdder();
    private final LongAdder shared = new LongAdder();

    /**
     * The reads of one consumer whose requests are sent as {@code profile} says.
     *
     * @param client the consumer's client, which sends its own fetches
     * @param period how often the consumer polls: a reply younger than that serves it
     */
    public SharedReader reader(ReadProfile profile, ExchangeClient client, long period, TimeUnit unit) {
        return new SharedReader(this, profile, Reads.of(client), Math.max(1, unit.toNanos(Math.max(1, period))),
                tickers.computeIfAbsent(profile, p -> new TickerInterest()));
    }

    /** Requests sent for consumers so far. */
    public long fetched() {
        return fetched.sum();
    }

    /** Reads answered without a request of their own: by a reply kept, or by a fetch another consumer waited for. */
    public long shared() {
        return shared.sum();
    }

    /** How many replies are kept now. */
    public int kept() {
        synchronized (entries) {
            return entries.size();
        }
    }

    /**
     * The reply to {@code request}: a kept one that is younger than {@code maxAge} (nanoseconds) and from a fetch
     * numbered above {@code after}, or the one of the fetch under way, or a new one fetched with {@code client}
     * on this thread.
     *
     * @param client the consumer's own reads ({@link Reads#of}), which send its fetches
     */
    @SuppressWarnings("unchecked")
    <T> Served<T> read(ReadProfile profile, ExchangeRequest<T> request, long after, long maxAge, Reads client) {
        Key key = new Key(profile, request);
        Entry entry;
        CompletableFuture<Served<Object>> running;
        long fetch;
        long startedAt;
        synchronized (entries) {
            entry = entries.computeIfAbsent(key, k -> new Entry());
            startedAt = System.nanoTime();
            if (entry.value != null && (entry.lasting || entry.fetch > after && startedAt - entry.fetchedAt <= maxAge)) {
                shared.increment();
                return new Served<>((T) entry.value, entry.fetch);
            }
            running = entry.inFlight;
            if (running != null) {
                shared.increment();
                fetch = -1;
            } else {
                running = new CompletableFuture<>();
                entry.inFlight = running;
                fetch = fetches.incrementAndGet();
            }
        }
        if (fetch < 0) {
            return (Served<T>) await(running, request);
        }
        try {
            Object value = readOnly(client.read(request));
            fetched.increment();
            Served<Object> served = new Served<>(value, fetch);
            synchronized (entries) {
                entry.value = value;
                entry.fetch = fetch;
                entry.fetchedAt = startedAt;
                entry.lasting = lasting(request, value);
                entry.inFlight = null;
                // Put back when it was dropped while the fetch ran.
                entries.putIfAbsent(key, entry);
            }
            running.complete(served);
            return (Served<T>) served;
        } catch (RuntimeException | Error e) {
            synchronized (entries) {
                entry.inFlight = null;
            }
            running.completeExceptionally(e);
            throw e;
        }
    }

    /** Whether a reply stays true whatever its age: a full page of trades after a trade id. */
    private static boolean lasting(ExchangeRequest<?> request, Object reply) {
        return request instanceof GetTrades trades && trades.since() != null && reply instanceof List<?> page
               && Records.sent(page) >= TRADES_PAGE;
    }

    /** Shared between consumers, a reply must not be changed by one of them. */
    private static Object readOnly(Object reply) {
        if (reply instanceof Map<?, ?> map) {
            return Collections.unmodifiableMap(map);
        }
        if (reply instanceof List<?> list) {
            return Collections.unmodifiableList(list);
        }
        return reply;
    }

    private static Served<Object> await(CompletableFuture<Served<Object>> running, ExchangeRequest<?> request) {
        try {
            return running.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExchangeTransportException(operation(request),
                    new InterruptedIOException("interrupted while waiting for the reply another consumer asked for"));
        } catch (ExecutionException e) {
            // The fetch's own failure, as the consumer that sent it got it.
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** {@code GetTrades} to {@code trades}, for messages. */
    private static String operation(ExchangeRequest<?> request) {
        String name = request.getClass().getSimpleName();
        return name.startsWith("Get") ? Character.toLowerCase(name.charAt(3)) + name.substring(4) : name;
    }
}
