package com.camelexchange.benchmarks;

import com.camelexchange.client.ClientResources;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.TradeTransport;
import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.feed.Feed;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code ws-trading} section: trading over REST and over the WebSocket side by side, against one simulator with
 * its limits lifted (and the client's budgets off, its REST pool and WebSocket in-flight bound above the highest
 * level), and the account's order events polled versus pushed.
 *
 * <p><b>Trading.</b> At each level N (1, 8, 32, 128), N threads each place a limit buy that rests (btc_usdt, far
 * below the market, a price of its own per order so that {@code LookAlikeWrites} does not serialise them) and cancel
 * it, back to back. REST and WebSocket take turns in rounds (which goes first alternates), on one client and its
 * {@link ExchangeClient#over WebSocket view}. The figures: orders placed and cancelled a second, p50 and p99 of every
 * call (places and cancels), the REST requests and WebSocket frames the simulator counted per order.
 *
 * <p><b>Events.</b> A second account's orders are placed and then filled by a third account inside the simulator
 * (no REST call), at random gaps of 40-160 ms; a {@link Feed#orders} feed of the second account, polled at the
 * default poll delay and then streamed, delivers NEW and FILLED. The delay is from the operation at the simulator to
 * the listener; the REST calls are every signed HTTP request the simulator counted from the feed being up to the
 * last event delivered.
 *
 * <p>System properties: {@code wsTradingLevels} (1,8,32,128), {@code wsTradingRounds} (2) of
 * {@code wsTradingRoundSeconds} (2) per transport and level, {@code wsTradingWarmUpSeconds} (3),
 * {@code wsTradingEventSeconds} (6) per feed, {@code wsTradingOnly} ({@code rest} or {@code websocket}: that road
 * alone, for a profile).
 */
final class WsTradingSection {
    private static final int[] LEVELS = Arrays.stream(System.getProperty("wsTradingLevels", "1,8,32,128").split(","))
            .mapToInt(Integer::parseInt).toArray();
    private static final int ROUNDS = Integer.getInteger("wsTradingRounds", 2);
    private static final int ROUND_SECONDS = Integer.getInteger("wsTradingRoundSeconds", 2);
    private static final int WARM_UP_SECONDS = Integer.getInteger("wsTradingWarmUpSeconds", 3);
    private static final int EVENT_SECONDS = Integer.getInteger("wsTradingEventSeconds", 6);
    /** {@code rest} or {@code websocket} to measure that road alone (what a profile is taken on); both unless set. */
    private static final String ONLY = System.getProperty("wsTradingOnly", "");
    private static final String MARKET = "btc_usdt";
    private static final String AMOUNT = "0.002";

    private WsTradingSection() {
    }

    /** What one transport did at one level: cycles (an order placed and cancelled), call latencies, counts. */
    private record Run(long orders, long failures, double seconds, long[] latenciesMicros, long restRequests,
                       long frames, long cpuNanos) {
        double rate() {
            return orders / seconds;
        }

        static Run combine(List<Run> runs) {
            long[] all = runs.stream().flatMapToLong(r -> Arrays.stream(r.latenciesMicros)).sorted().toArray();
            return new Run(runs.stream().mapToLong(Run::orders).sum(), runs.stream().mapToLong(Run::failures).sum(),
                    runs.stream().mapToDouble(Run::seconds).sum(), all, runs.stream().mapToLong(Run::restRequests).sum(),
                    runs.stream().mapToLong(Run::frames).sum(), runs.stream().mapToLong(Run::cpuNanos).sum());
        }

        /**
         * CPU time of this whole process (client and simulator, every thread) per order placed and cancelled, in
         * microseconds: what a road costs, apart from how long its calls wait.
         */
        double cpuMicrosPerOrder() {
            return orders == 0 ? 0 : cpuNanos / 1000.0 / orders;
        }

        double percentileMs(double p) {
            return latenciesMicros.length == 0 ? 0
                    : latenciesMicros[Math.min(latenciesMicros.length - 1, (int) (latenciesMicros.length * p))] / 1000.0;
        }

        double restPerOrder() {
            return orders == 0 ? 0 : (double) restRequests / orders;
        }

        double framesPerOrder() {
            return orders == 0 ? 0 : (double) frames / orders;
        }
    }

    /** Runs the section: the printed lines first, then a markdown table of the same and more. */
    static List<String> run() throws Exception {
        List<String> lines = new ArrayList<>();
        List<String> table = new ArrayList<>();
        table.add("| in flight | REST orders/s | WS orders/s | WS ÷ REST | REST p50 / p99 ms | WS p50 / p99 ms"
                  + " | REST requests per order, REST / WS | WS frames per order | CPU µs per order, REST / WS"
                  + " | failed calls REST / WS |");
        table.add("|---|---|---|---|---|---|---|---|---|---|");
        trading(lines, table);
        String events = events(table);
        lines.add(events);
        List<String> out = new ArrayList<>(lines);
        out.add("");
        out.addAll(table);
        return out;
    }

    // ---------------------------------------------------------------- trading

    private static void trading(List<String> lines, List<String> table) throws Exception {
        int most = Arrays.stream(LEVELS).max().orElse(1);
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).activity(false).quiet()
                .limits(SimulatorLimits.none()).build().start()) {
            sim.createAccount("AK", "SK").fund("usdt", new BigDecimal("100000000"));
            ClientResources resources = ClientResources.builder().rateLimits(false).maxConnections(most * 2).build();
            ExecutorService pool = Executors.newFixedThreadPool(most);
            try (ExchangeClient rest = ExchangeClient.builder().baseUrl(sim.baseUrl()).keys("AK", "SK")
                    .resources(resources).webSocketCallsInFlight(most * 2).build()) {
                ExchangeClient ws = rest.over(TradeTransport.WEBSOCKET);
                AtomicLong seq = new AtomicLong();
                // Both roads, the simulator serving them and the session opened, before anything is measured.
                measure(sim, rest, pool, 32, WARM_UP_SECONDS, seq);
                measure(sim, ws, pool, 32, WARM_UP_SECONDS, seq);
                for (int level : LEVELS) {
                    List<Run> restRuns = new ArrayList<>();
                    List<Run> wsRuns = new ArrayList<>();
                    for (int round = 0; round < ROUNDS; round++) {
                        if (round % 2 == 0) {
                            restRuns.add(measure(sim, rest, pool, level, ROUND_SECONDS, seq));
                            wsRuns.add(measure(sim, ws, pool, level, ROUND_SECONDS, seq));
                        } else {
                            wsRuns.add(measure(sim, ws, pool, level, ROUND_SECONDS, seq));
                            restRuns.add(measure(sim, rest, pool, level, ROUND_SECONDS, seq));
                        }
                    }
                    Run r = Run.combine(restRuns);
                    Run w = Run.combine(wsRuns);
                    String line = String.format("ws-trading inFlight=%d restOrdersPerSecond=%.0f wsOrdersPerSecond=%.0f"
                            + " restP99Ms=%.1f wsP99Ms=%.1f", level, r.rate(), w.rate(), r.percentileMs(0.99),
                            w.percentileMs(0.99));
                    System.out.println(line);
                    lines.add(line);
                    table.add(String.format("| %d | %,.0f | %,.0f | **%.2f** | %.1f / %.1f | %.1f / %.1f | %.2f / %.2f"
                                            + " | %.2f | %.0f / %.0f | %d / %d |",
                            level, r.rate(), w.rate(), w.rate() / r.rate(), r.percentileMs(0.5), r.percentileMs(0.99),
                            w.percentileMs(0.5), w.percentileMs(0.99), r.restPerOrder(), w.restPerOrder(),
                            w.framesPerOrder(), r.cpuMicrosPerOrder(), w.cpuMicrosPerOrder(), r.failures(),
                            w.failures()));
                }
            } finally {
                pool.shutdownNow();
                resources.close();
            }
        }
    }

    /** {@code level} threads placing and cancelling for {@code seconds}, each order at a price of its own. */
    private static Run measure(ExchangeSimulator sim, ExchangeClient client, ExecutorService pool, int level,
                               int seconds, AtomicLong seq) throws Exception {
        if (!ONLY.isEmpty() && !client.tradeTransport().name().equalsIgnoreCase(ONLY)) {
            return new Run(0, 0, 1, new long[0], 0, 0, 0);
        }
        long restBefore = sim.requestCount();
        long framesBefore = frames(sim);
        long cpuBefore = processCpuNanos();
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        List<Future<long[]>> parts = new ArrayList<>();
        AtomicLong orders = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        for (int t = 0; t < level; t++) {
            parts.add(pool.submit(() -> {
                long[] samples = new long[1 << 12];
                int n = 0;
                while (System.nanoTime() < end) {
                    // 1000.00 to 1999.99: far below the market's 65000, so it rests; its own price for 100,000 orders.
                    long k = seq.getAndIncrement() % 100_000;
                    String price = BigDecimal.valueOf(100_000 + k, 2).toPlainString();
                    try {
                        long t0 = System.nanoTime();
                        String id = client.placeOrder(OrderRequest.limit(MARKET, OrderSide.BUY, price, AMOUNT)).id();
                        long t1 = System.nanoTime();
                        client.cancelOrder(MARKET, id);
                        long t2 = System.nanoTime();
                        if (n + 2 > samples.length) {
                            samples = Arrays.copyOf(samples, samples.length * 2);
                        }
                        samples[n++] = (t1 - t0) / 1000;
                        samples[n++] = (t2 - t1) / 1000;
                        orders.incrementAndGet();
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                    }
                }
                return Arrays.copyOf(samples, n);
            }));
        }
        List<long[]> all = new ArrayList<>();
        for (Future<long[]> part : parts) {
            all.add(part.get());
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long[] latencies = all.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        return new Run(orders.get(), failures.get(), elapsed, latencies, sim.requestCount() - restBefore,
                frames(sim) - framesBefore, processCpuNanos() - cpuBefore);
    }

    /** The CPU time this process used so far, every thread; 0 where the runtime does not tell. */
    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? Math.max(0, os.getProcessCpuTime()) : 0;
    }

    private static long frames(ExchangeSimulator sim) {
        long sum = 0;
        for (String method : List.of("order", "cancelorder", "getorder", "getorders", "getordersignoretradetype",
                "getunfinishedordersignoretradetype")) {
            sum += sim.streamRequestCount(method);
        }
        return sum;
    }

    // ---------------------------------------------------------------- events

    private static String events(List<String> table) throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).activity(false).quiet()
                .limits(SimulatorLimits.none()).build().start()) {
            User alice = sim.exchange().createUser("events", false);
            sim.exchange().deposit(alice, 0, "usdt", new BigDecimal("1000000"));
            sim.exchange().addKey(alice, "EK", "ES", EnumSet.allOf(Permission.class));
            User bob = sim.exchange().createUser("taker", false);
            sim.exchange().deposit(bob, 0, "btc", new BigDecimal("1000"));
            try (ExchangeClient client = ExchangeClient.builder().baseUrl(sim.baseUrl()).keys("EK", "ES")
                    .resources(r -> r.rateLimits(false)).build()) {
                Events polled = events(sim, client, alice, bob, false, 0);
                Events pushed = events(sim, client, alice, bob, true, 50_000);
                table.add("");
                table.add("| order events | delivered | delay p50 / p99 ms | REST calls | REST calls per event |");
                table.add("|---|---|---|---|---|");
                for (Events e : List.of(polled, pushed)) {
                    table.add(String.format("| %s | %d of %d | %.1f / %.1f | %d | %.3f |",
                            e.pushed ? "pushed (streaming=true)" : "polled (default 500 ms delay)", e.delivered,
                            e.expected, e.p50Ms, e.p99Ms, e.restCalls, e.restCallsPerEvent()));
                }
                String line = String.format("ws-trading events polledDelayMs=%.1f pushedDelayMs=%.1f"
                        + " restCallsPerEventPolled=%.3f restCallsPerEventPushed=%.3f", polled.p50Ms, pushed.p50Ms,
                        polled.restCallsPerEvent(), pushed.restCallsPerEvent());
                System.out.println(line);
                return line;
            }
        }
    }

    private record Events(boolean pushed, int expected, int delivered, double p50Ms, double p99Ms, long restCalls) {
        double restCallsPerEvent() {
            return delivered == 0 ? 0 : (double) restCalls / delivered;
        }
    }

    private static Events events(ExchangeSimulator sim, ExchangeClient client, User alice, User bob, boolean streaming,
                                 int priceOffset) throws Exception {
        Map<String, Long> done = new ConcurrentHashMap<>();
        Map<String, Long> delivered = new ConcurrentHashMap<>();
        try (Feed feed = Feed.orders(client, MARKET).streaming(streaming)
                .start(event -> delivered.putIfAbsent(key(event), System.nanoTime()))) {
            long waitUntil = System.nanoTime() + 10_000_000_000L;
            while (feed.health().state() != ConsumerHealth.State.UP && System.nanoTime() < waitUntil) {
                Thread.sleep(20);
            }
            Thread.sleep(600);
            long restBefore = sim.signedRequestCount();
            long end = System.nanoTime() + EVENT_SECONDS * 1_000_000_000L;
            ThreadLocalRandom random = ThreadLocalRandom.current();
            int k = 0;
            while (System.nanoTime() < end) {
                BigDecimal price = BigDecimal.valueOf(100_000 + priceOffset + k++, 2);
                long placedAt = System.nanoTime();
                long id = sim.exchange().place(alice, OrderCommand.limit(MARKET, Side.BUY, price,
                        new BigDecimal(AMOUNT))).id();
                done.put(id + ":NEW", placedAt);
                Thread.sleep(random.nextInt(40, 161));
                long filledAt = System.nanoTime();
                sim.exchange().place(bob, OrderCommand.limit(MARKET, Side.SELL, price, new BigDecimal(AMOUNT)));
                done.put(id + ":FILLED", filledAt);
                Thread.sleep(random.nextInt(40, 161));
            }
            long drain = System.nanoTime() + 5_000_000_000L;
            while (!delivered.keySet().containsAll(done.keySet()) && System.nanoTime() < drain) {
                Thread.sleep(5);
            }
            long restCalls = sim.signedRequestCount() - restBefore;
            long[] delays = done.entrySet().stream().filter(e -> delivered.containsKey(e.getKey()))
                    .mapToLong(e -> delivered.get(e.getKey()) - e.getValue()).sorted().toArray();
            return new Events(streaming, done.size(), delays.length, percentileMs(delays, 0.5),
                    percentileMs(delays, 0.99), restCalls);
        }
    }

    private static String key(OrderEvent event) {
        return event.order().id() + ":" + event.type();
    }

    private static double percentileMs(long[] sortedNanos, double p) {
        return sortedNanos.length == 0 ? 0
                : sortedNanos[Math.min(sortedNanos.length - 1, (int) (sortedNanos.length * p))] / 1e6;
    }
}
