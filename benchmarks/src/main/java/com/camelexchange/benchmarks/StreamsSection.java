package com.camelexchange.benchmarks;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.internal.stream.StreamSession;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The {@code streams} section: what the streaming trades consumer buys over polling, on loopback against
 * a quiet embedded simulator (no synthetic activity, the default variant-A limits, which do not limit
 * market data) with the component's defaults: 10 market-data requests per second, client-side limits
 * on, keep-alive 3 s, silence timeout 10 s, reconnect delay 500 ms.
 *
 * <ol>
 *     <li>push-to-route latency: the harness appends trades at a steady rate, noting {@code System.nanoTime()}
 *     just before each append; the route notes it on arrival; latency = arrival − append. After a warm-up
 *     that is discarded. Streaming, polling every 1000 ms and polling every 100 ms, each on a fresh
 *     simulator;</li>
 *     <li>REST {@code trades} calls the simulator counted during the measurement ÷ trades delivered;</li>
 *     <li>exactly once: the tids delivered equal the tids appended (warm-up and measurement), in order;</li>
 *     <li>time to resume after {@code streamFaults().dropAll()}: from the drop to the arrival of a trade
 *     appended right after it (so it can only come over the new connection or its REST catch-up).</li>
 * </ol>
 *
 * <p>System properties: {@code streamRate} (20 trades/s), {@code streamSeconds} (15),
 * {@code streamWarmUpSeconds} (5), {@code resumeRounds} (10).
 */
final class StreamsSection {
    private static final String MARKET = "btc_usdt";
    private static final String CHANNEL = "btcusdt_trades";
    private static final int RATE = Integer.getInteger("streamRate", 20);
    private static final int SECONDS = Integer.getInteger("streamSeconds", 15);
    private static final int WARM_UP_SECONDS = Integer.getInteger("streamWarmUpSeconds", 5);
    private static final int RESUME_ROUNDS = Integer.getInteger("resumeRounds", 10);

    private StreamsSection() {
    }

    /** Runs the section; returns the lines to print (a table, then notes). */
    static List<String> run() throws Exception {
        List<String> out = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        out.add(String.format("Trades appended at %d/s for %d s after a %d s warm-up (discarded); loopback, quiet"
                + " simulator with its default (variant A) limits, component defaults (10 market-data requests/s).",
                RATE, SECONDS, WARM_UP_SECONDS));
        out.add("");
        out.add("| mode | p50 ms | p99 ms | REST/trade |");
        out.add("|---|---|---|---|");
        for (String[] mode : new String[][] {
                {"streaming", "exchange:trades?market=" + MARKET + "&streaming=true"},
                {"polling delay=1000", "exchange:trades?market=" + MARKET + "&delay=1000"},
                {"polling delay=100", "exchange:trades?market=" + MARKET + "&delay=100"}}) {
            Result r;
            try {
                r = latency(mode[0], mode[1]);
            } catch (Exception e) {
                out.add("| " + mode[0] + " | failed: " + e.getMessage() + " | | |");
                continue;
            }
            out.add(String.format("| %s | %.2f | %.2f | %.3f (%d calls / %d trades) |", r.mode, r.p50, r.p99,
                    r.restPerTrade(), r.restCalls, r.measured));
            notes.add(String.format("exactly once, %s: %s (appended %d, delivered %d, missing %d, duplicates %d,"
                    + " not appended %d, out of order %d); max %.2f ms; REST trades calls before the warm-up %d",
                    r.mode, r.exactlyOnce() ? "yes" : "NO", r.appended, r.delivered, r.missing, r.duplicates,
                    r.extra, r.outOfOrder, r.max, r.startupCalls));
        }
        out.add("");
        notes.forEach(n -> out.add("- " + n));
        try {
            out.add("- " + resume());
        } catch (Exception e) {
            out.add("- time to resume after dropAll(): failed: " + e.getMessage());
        }
        return out;
    }

    // ---------------------------------------------------------------- 1, 2 and 3: latency, REST per trade, exactly once

    private record Result(String mode, double p50, double p99, double max, long restCalls, int measured,
                          long startupCalls, int appended, int delivered, int missing, int duplicates, int extra,
                          int outOfOrder) {
        double restPerTrade() {
            return measured == 0 ? Double.NaN : (double) restCalls / measured;
        }

        boolean exactlyOnce() {
            return missing == 0 && duplicates == 0 && extra == 0 && outOfOrder == 0 && delivered == appended;
        }
    }

    /** What the route saw: arrival time by tid, and anything seen twice or out of order. */
    private static final class Arrivals {
        final Map<Long, Long> at = new ConcurrentHashMap<>();
        final AtomicInteger duplicates = new AtomicInteger();
        final AtomicInteger outOfOrder = new AtomicInteger();
        final AtomicLong last = new AtomicLong(Long.MIN_VALUE);

        void arrived(long tid, long nanos) {
            if (at.putIfAbsent(tid, nanos) != null) {
                duplicates.incrementAndGet();
            }
            if (tid <= last.getAndSet(tid)) {
                outOfOrder.incrementAndGet();
            }
        }

        void route(CamelContext context, String uri) throws Exception {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(uri).process(e -> arrived(e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class),
                            System.nanoTime()));
                }
            });
        }
    }

    private static Result latency(String mode, String uri) throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).quiet().build().start()) {
            long seedTid = append(sim);
            CamelContext context = LoadHarness.context(sim, ApiVariant.A, true);
            ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
            if (component.getMarketDataRequestsPerSecond() != 10) {
                throw new IllegalStateException("expected the default 10 market-data requests/s");
            }
            Arrivals arrivals = new Arrivals();
            arrivals.route(context, uri);
            boolean streaming = uri.contains("streaming=true");
            // Ready: polling has taken its baseline (the newest trade); streaming has subscribed (without a position
            // it starts with its first push, and needs no request).
            await(mode + " ready", 30, streaming
                    ? () -> sim.streamSubscriptions(CHANNEL) == 1
                    : () -> sim.requestCount("trades") >= 1);
            Thread.sleep(300);
            long startupCalls = sim.requestCount("trades");

            Map<Long, Long> appendedAt = new ConcurrentHashMap<>();
            List<Long> warmUp = appendSteadily(sim, RATE * WARM_UP_SECONDS, appendedAt);
            await(mode + " warm-up delivered", 30, () -> arrivals.at.keySet().containsAll(warmUp));
            long restBefore = sim.requestCount("trades");
            List<Long> measured = appendSteadily(sim, RATE * SECONDS, appendedAt);
            await(mode + " measurement delivered", 60, () -> arrivals.at.keySet().containsAll(measured));
            long restCalls = sim.requestCount("trades") - restBefore;
            // Time for a late repeat to show up before the exactly-once check.
            Thread.sleep(1500);
            context.stop();

            double[] latencies = measured.stream()
                    .mapToDouble(tid -> (arrivals.at.get(tid) - appendedAt.get(tid)) / 1e6).sorted().toArray();
            TreeSet<Long> delivered = new TreeSet<>(arrivals.at.keySet());
            delivered.remove(seedTid); // never expected: consumers start after the newest trade
            int missing = (int) appendedAt.keySet().stream().filter(t -> !delivered.contains(t)).count();
            int extra = (int) delivered.stream().filter(t -> !appendedAt.containsKey(t)).count()
                    + (arrivals.at.containsKey(seedTid) ? 1 : 0);
            return new Result(mode, percentile(latencies, 50), percentile(latencies, 99),
                    latencies[latencies.length - 1], restCalls, measured.size(), startupCalls, appendedAt.size(),
                    arrivals.at.size(), missing, arrivals.duplicates.get(), extra, arrivals.outOfOrder.get());
        }
    }

    /** Appends {@code count} trades at {@link #RATE} a second, noting each one's append time by tid. */
    private static List<Long> appendSteadily(ExchangeSimulator sim, int count, Map<Long, Long> appendedAt) {
        List<Long> tids = new ArrayList<>(count);
        long period = TimeUnit.SECONDS.toNanos(1) / RATE;
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long due = start + i * period;
            long wait;
            while ((wait = due - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            long before = System.nanoTime();
            // The harness is the only writer of the tape, so the last trade after the append is ours.
            long tid = append(sim);
            appendedAt.put(tid, before);
            tids.add(tid);
        }
        return tids;
    }

    private static final AtomicLong PRICE_STEP = new AtomicLong();

    private static long append(ExchangeSimulator sim) {
        long i = PRICE_STEP.incrementAndGet();
        sim.exchange().recordHistoricalTrade(MARKET, sim.clock().millis(), new BigDecimal(65000 + i % 7),
                new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
        return sim.exchange().lastTrade(MARKET).tid();
    }

    // ---------------------------------------------------------------- 4. resume after a dropped connection

    private static String resume() throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).quiet().build().start()) {
            append(sim);
            CamelContext context = LoadHarness.context(sim, ApiVariant.A, true);
            ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
            Arrivals arrivals = new Arrivals();
            arrivals.route(context, "exchange:trades?market=" + MARKET + "&streaming=true");
            await("resume: ready", 30, () -> sim.streamSubscriptions(CHANNEL) == 1);
            StreamSession session = ClientInternals.streams(component.clientResources()).all().get(0);
            long reconnectsBefore = session.reconnects();
            long opensBefore = sim.streamConnectionsOpened();
            List<Long> appended = new ArrayList<>();
            double[] millis = new double[RESUME_ROUNDS];
            double[] afterSubscribe = new double[RESUME_ROUNDS];
            long[] restPerRound = new long[RESUME_ROUNDS];
            for (int round = 0; round < RESUME_ROUNDS; round++) {
                // Live again before each drop: subscribed on the server, and a trade arrives by push.
                await("resume: subscribed again", 30, () -> sim.streamSubscriptions(CHANNEL) == 1);
                long live = append(sim);
                appended.add(live);
                await("resume: live", 30, () -> arrivals.at.containsKey(live));
                Thread.sleep(500);
                long rest = sim.requestCount("trades");
                long opened = sim.streamConnectionsOpened();
                long t0 = System.nanoTime();
                sim.streamFaults().dropAll();
                // Queued behind the drop on the simulator's stream context, so its push goes to no one.
                long tid = append(sim);
                appended.add(tid);
                // Watched every millisecond: when the simulator sees the new connection subscribed again.
                long[] resubscribed = {0};
                await("resume: trade after the drop", 60, () -> {
                    if (resubscribed[0] == 0 && sim.streamConnectionsOpened() > opened
                            && sim.streamSubscriptions(CHANNEL) == 1) {
                        resubscribed[0] = System.nanoTime();
                    }
                    return arrivals.at.containsKey(tid);
                });
                long arrival = arrivals.at.get(tid);
                millis[round] = (arrival - t0) / 1e6;
                afterSubscribe[round] = resubscribed[0] == 0 ? Double.NaN : (arrival - resubscribed[0]) / 1e6;
                restPerRound[round] = sim.requestCount("trades") - rest;
            }
            Thread.sleep(1000);
            long reconnects = session.reconnects() - reconnectsBefore;
            long opens = sim.streamConnectionsOpened() - opensBefore;
            context.stop();
            boolean exactlyOnce = arrivals.duplicates.get() == 0 && arrivals.outOfOrder.get() == 0
                    && arrivals.at.keySet().equals(new java.util.HashSet<>(appended));
            double[] sorted = millis.clone();
            Arrays.sort(sorted);
            double[] sortedAfter = afterSubscribe.clone();
            Arrays.sort(sortedAfter);
            return String.format("time to resume after dropAll(), streaming, %d drops: median **%.0f ms**, max %.0f ms"
                    + " (min %.0f; each: %s ms), of which after the simulator saw the channel subscribed again:"
                    + " median %.0f ms, max %.0f ms (the rest is noticing the drop and the reconnect backoff); reconnects counted by the session %d, connections opened %d;"
                    + " REST trades calls per resume %s; exactly once: %s",
                    RESUME_ROUNDS, percentile(sorted, 50), sorted[sorted.length - 1], sorted[0],
                    Arrays.toString(Arrays.stream(millis).mapToLong(Math::round).toArray()),
                    percentile(sortedAfter, 50), sortedAfter[sortedAfter.length - 1], reconnects, opens,
                    Arrays.toString(restPerRound), exactlyOnce ? "yes" : "NO");
        }
    }

    // ---------------------------------------------------------------- plumbing

    /** Nearest rank on sorted values. */
    private static double percentile(double[] sorted, int p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private static void await(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not within " + seconds + " s: " + what);
            }
            Thread.sleep(1);
        }
    }
}
