package com.camelexchange.benchmarks;

import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.paper.Backtest;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The backtest section: the component's {@code replayFrom} running routes on a JSON-lines recording in lock-step,
 * side by side in one run with the floor of reading and parsing the same file with Jackson into the models alone
 * ({@link BacktestRecording}).
 *
 * <ul>
 *   <li>market data only: a streaming trades, depth and ticker consumer, each route counting;</li>
 *   <li>with a strategy: the same three routes, and on every 100th event (counted over the three) a route
 *   {@code direct:strategy} that places or cancels an order, in turns: a crossing buy, a resting buy below the
 *   book, a crossing sell, the resting buy's cancel;</li>
 *   <li>with resting orders: on a recording of its own ({@code backtestRestingEvents}, a market that climbs, see
 *   {@link BacktestRecording#writeClimbing}), the same three counting routes, and on every
 *   {@code backtestRestingEvery}th trade a limit order at that trade's price, buy and sell in turn: the buys rest to
 *   the end, so the paper book holds thousands of them (a strategy as a new user writes one, issue 39's item 5);
 *   beside it, a market-data run on the same recording, its yardstick;</li>
 *   <li>heap: used heap after a full GC, sampled every {@code backtestHeapSampleMillis} during a market-data run
 *   on recordings of each length in {@code backtestHeapEvents}: flat if the recording streams.</li>
 * </ul>
 *
 * <p>A run's events/s is measured around it: from starting the CamelContext until the backtest has stopped it
 * (start and stop included, so a little below the summary line's own figure, which the log shows too). Each workload
 * runs once unmeasured, then {@code backtestRounds} rounds alternate the order of the three sides; figures are
 * medians over rounds, a ratio the median of the rounds' ratios.
 *
 * <p>System properties: {@code backtestEvents} (300000), {@code backtestRounds} (3), {@code backtestHeapEvents}
 * (300000,3000000,10000000), {@code backtestHeapSampleMillis} (250), {@code backtestStrategyEvery} (100),
 * {@code backtestRestingEvents} (1200000), {@code backtestRestingEvery} (100), {@code backtestOnly} ({@code resting}:
 * the resting-orders pair alone, for a profile).
 */
final class BacktestSection {
    private static final long EVENTS = Long.getLong("backtestEvents", 300_000);
    private static final int ROUNDS = Integer.getInteger("backtestRounds", 3);
    private static final List<Long> HEAP_EVENTS = Arrays.stream(
            System.getProperty("backtestHeapEvents", "300000,3000000,10000000").split(",")).map(Long::valueOf).toList();
    private static final long HEAP_SAMPLE_MILLIS = Long.getLong("backtestHeapSampleMillis", 250);
    private static final String M = BacktestRecording.MARKET;
    /** The strategy acts on every this many events. */
    private static final int EVERY = Integer.getInteger("backtestStrategyEvery", 100);
    /** The resting-orders run's recording: about the 1.18 M events of the user's run the workload comes from. */
    private static final long RESTING_EVENTS = Long.getLong("backtestRestingEvents", 1_200_000);
    /** The resting-orders strategy places an order on every this many trades. */
    private static final int RESTING_EVERY = Integer.getInteger("backtestRestingEvery", 100);
    /** {@code resting}: only the resting-orders pair, for a profile of it. */
    private static final boolean ONLY_RESTING = "resting".equals(System.getProperty("backtestOnly"));

    private BacktestSection() {
    }

    static List<String> run(Path dir) throws Exception {
        // The summary line (INFO) shown among the harness's WARN-level log: each run's own figure beside ours.
        System.setProperty("org.slf4j.simpleLogger.log.com.camelexchange.paper.BacktestSummary", "info");
        long t0 = System.nanoTime();
        Files.createDirectories(dir);
        Path climbing = BacktestRecording.writeClimbing(dir.resolve("backtest-climbing-" + RESTING_EVENTS + ".jsonl"),
                RESTING_EVENTS);
        if (ONLY_RESTING) {
            return restingOnly(climbing, dir);
        }
        Path recording = BacktestRecording.write(dir.resolve("backtest-" + EVENTS + ".jsonl"), EVENTS);
        long size = Files.size(recording);
        // Warm: every side once, unmeasured.
        floor(recording);
        marketData(recording, dir, null);
        strategy(recording, dir);
        marketData(climbing, dir, null);
        resting(climbing, dir);
        List<Double> floors = new ArrayList<>();
        List<Double> markets = new ArrayList<>();
        List<Double> strategies = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> strategyRatios = new ArrayList<>();
        List<Double> climbingMarkets = new ArrayList<>();
        List<Double> restings = new ArrayList<>();
        List<Double> restingRatios = new ArrayList<>();
        Strategy last = null;
        Resting lastResting = null;
        for (int round = 0; round < ROUNDS; round++) {
            double f;
            double m;
            Result s;
            double cm;
            Resting r;
            if (round % 2 == 0) {
                f = floor(recording);
                m = marketData(recording, dir, null).rate;
                s = strategy(recording, dir);
                cm = marketData(climbing, dir, null).rate;
                r = resting(climbing, dir);
            } else {
                r = resting(climbing, dir);
                cm = marketData(climbing, dir, null).rate;
                s = strategy(recording, dir);
                m = marketData(recording, dir, null).rate;
                f = floor(recording);
            }
            last = s.strategy;
            lastResting = r;
            floors.add(f);
            markets.add(m);
            strategies.add(s.rate);
            ratios.add(m / f);
            strategyRatios.add(s.rate / f);
            climbingMarkets.add(cm);
            restings.add(r.rate);
            restingRatios.add(r.rate / cm);
            System.out.printf(Locale.ROOT, "backtest round %d: floor %,.0f, market data %,.0f, with a strategy %,.0f"
                    + " events/s%n", round + 1, f, m, s.rate);
            System.out.println(r.line(cm));
        }
        List<Heap> heaps = new ArrayList<>();
        for (long events : HEAP_EVENTS) {
            Path file = events == EVENTS ? recording
                    : BacktestRecording.write(dir.resolve("backtest-" + events + ".jsonl"), events);
            HeapSampler sampler = new HeapSampler();
            Result r = marketData(file, dir, sampler);
            // A book, a ticker and a trade per recorded second: 10,000,000 asked is 9,999,999 written.
            heaps.add(new Heap(events / 3 * 3, Files.size(file), sampler.baseline, sampler.max(), sampler.samples(), r.rate));
            if (file != recording) {
                Files.delete(file);
            }
        }
        Files.delete(recording);
        Files.delete(climbing);
        double minutes = (System.nanoTime() - t0) / 60e9;
        List<String> lines = table(size, floors, markets, strategies, ratios, strategyRatios, last, heaps, minutes);
        lines.addAll(restingRows(climbingMarkets, restings, restingRatios, lastResting));
        return lines;
    }

    /** The resting-orders pair alone, once unmeasured and once measured: what a profile of it is taken on. */
    private static List<String> restingOnly(Path climbing, Path dir) throws Exception {
        marketData(climbing, dir, null);
        resting(climbing, dir);
        double cm = marketData(climbing, dir, null).rate;
        Resting r = resting(climbing, dir);
        System.out.println(r.line(cm));
        Files.delete(climbing);
        return restingRows(List.of(cm), List.of(r.rate), List.of(r.rate / cm), r);
    }

    private static List<String> restingRows(List<Double> markets, List<Double> restings, List<Double> ratios,
                                            Resting last) {
        double market = median(markets);
        double rate = median(restings);
        double ratio = median(ratios);
        // The targets: 0.4 of the market-data run, and 100,000 events/s where that run reaches 250,000.
        boolean fast = market < 250_000 || rate >= 100_000;
        return List.of(String.format(Locale.ROOT, "| market data only, on the resting-orders run's recording (%,d"
                                + " events of a climbing market) | %,.0f events/s (%,.0f-%,.0f) | | |",
                        RESTING_EVENTS / 3 * 3, market, min(markets), max(markets)),
                String.format(Locale.ROOT, "| with resting orders: a limit order at the last trade's price on every"
                                + " %dth trade, buy and sell in turn (per run %d placed, %d fills, so %d resting at the end: each fill"
                                + " fills an order whole here)"
                                + " | **%,.0f events/s** (%,.0f-%,.0f) | ≥ 100,000 where market data reaches 250,000"
                                + " | %s |", RESTING_EVERY, last.placed, last.filled, last.placed - last.filled, rate,
                        min(restings), max(restings), market < 250_000 ? "n/a: market data below 250,000" : met(fast)),
                String.format(Locale.ROOT, "| with resting orders ÷ market data on the same recording | **%.2f**"
                        + " (%.2f-%.2f) | ≥ 0.4 | %s |", ratio, min(ratios), max(ratios), met(ratio >= 0.4)));
    }

    private static List<String> table(long size, List<Double> floors, List<Double> markets, List<Double> strategies,
                                      List<Double> ratios, List<Double> strategyRatios, Strategy strategy,
                                      List<Heap> heaps, double minutes) {
        double market = median(markets);
        double ratio = median(ratios);
        double withStrategy = median(strategies);
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "# Backtest, %d cores%n", Runtime.getRuntime().availableProcessors()));
        lines.add(String.format(Locale.ROOT, "Recording: %,d events of %s (a book of 10 levels a side, a ticker and"
                        + " a trade per recorded second), %d MB; %d rounds after one unmeasured run of each side;"
                        + " medians (range over rounds). Section time %.1f min.%n",
                EVENTS / 3 * 3, M, size >> 20, ROUNDS, minutes));
        lines.add("| figure | measured | target | |");
        lines.add("|---|---|---|---|");
        lines.add(String.format(Locale.ROOT, "| floor: the file read with Jackson into the models alone | %,.0f events/s"
                + " (%,.0f-%,.0f) | | |", median(floors), min(floors), max(floors)));
        lines.add(String.format(Locale.ROOT, "| market data only: trades, depth and ticker consumers (streamed), each"
                        + " route counting | **%,.0f events/s** (%,.0f-%,.0f) | ≥ 250,000 | %s |",
                market, min(markets), max(markets), met(market >= 250_000)));
        lines.add(String.format(Locale.ROOT, "| market data only ÷ floor | **%.2f** (%.2f-%.2f) | ≥ 0.5 | %s |",
                ratio, min(ratios), max(ratios), met(ratio >= 0.5)));
        lines.add(String.format(Locale.ROOT, "| with a strategy: an order placed or cancelled on every %dth event"
                        + " | **%,.0f events/s** (%,.0f-%,.0f); ÷ floor %.2f; per run %d placed, %d cancelled,"
                        + " %d failed | ≥ 100,000 | %s |",
                EVERY, withStrategy, min(strategies), max(strategies), median(strategyRatios), strategy.placed.get(),
                strategy.cancelled.get(), strategy.failed.get(), met(withStrategy >= 100_000)));
        StringBuilder heapCells = new StringBuilder();
        for (Heap h : heaps) {
            heapCells.append(String.format(Locale.ROOT, "%s%,d events (%d MB): %d MiB max of %d samples (%d MiB"
                            + " before; run %,.0f events/s)", heapCells.isEmpty() ? "" : "; ", h.events, h.bytes >> 20,
                    h.max >> 20, h.samples, h.baseline >> 20, h.rate));
        }
        long smallest = heaps.get(0).max;
        long largest = heaps.get(heaps.size() - 1).max;
        // Flat: the longest recording's peak within 16 MiB or 25 % of the shortest's, whichever is larger (a run too
        // short for a sample shows none, and proves nothing).
        boolean flat = heaps.stream().allMatch(h -> h.samples > 0)
                && largest - smallest <= Math.max(16L << 20, smallest / 4);
        lines.add(String.format(Locale.ROOT, "| heap used after GC during a market-data run, by recording length |"
                + " %s | flat | %s |", heapCells, heaps.size() < 2 ? "n/a: one length" : met(flat)));
        return lines;
    }

    private static String met(boolean met) {
        return met ? "met" : "**missed**";
    }

    private static double floor(Path recording) throws Exception {
        long start = System.nanoTime();
        long events = BacktestRecording.readIntoModels(recording);
        return events / ((System.nanoTime() - start) / 1e9);
    }

    private record Result(double rate, Strategy strategy) {
    }

    private record Heap(long events, long bytes, long baseline, long max, int samples, double rate) {
    }

    /** Market data only: three counting routes. */
    private static Result marketData(Path recording, Path dir, HeapSampler sampler) throws Exception {
        AtomicLong events = new AtomicLong();
        double rate = backtest(recording, dir, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + M + "&streaming=true").process(e -> events.incrementAndGet());
                from("exchange:depth?market=" + M + "&streaming=true").process(e -> events.incrementAndGet());
                from("exchange:ticker?market=" + M + "&streaming=true").process(e -> events.incrementAndGet());
            }
        }, events::get, sampler);
        return new Result(rate, null);
    }

    /** The three counting routes, and on every 100th event the strategy's route. */
    private static Result strategy(Path recording, Path dir) throws Exception {
        AtomicLong events = new AtomicLong();
        Strategy strategy = new Strategy();
        double rate = backtest(recording, dir, new RouteBuilder() {
            @Override
            public void configure() {
                onException(Exception.class).handled(true).process(e -> strategy.failed.incrementAndGet());
                from("exchange:trades?market=" + M + "&streaming=true")
                        .process(e -> strategy.last = e.getMessage().getBody(Trade.class).price())
                        .filter(e -> events.incrementAndGet() % EVERY == 0).to("direct:strategy");
                from("exchange:depth?market=" + M + "&streaming=true")
                        .filter(e -> events.incrementAndGet() % EVERY == 0).to("direct:strategy");
                from("exchange:ticker?market=" + M + "&streaming=true")
                        .filter(e -> events.incrementAndGet() % EVERY == 0).to("direct:strategy");
                from("direct:strategy").process(strategy::next)
                        .choice()
                        .when(header(ExchangeConstants.ORDER_ID).isNotNull())
                        .to("exchange:cancelOrder?market=" + M).process(e -> strategy.cancelled.incrementAndGet())
                        .when(body().isNotNull())
                        .to("exchange:order").process(strategy::placed)
                        .end();
            }
        }, events::get, null);
        return new Result(rate, strategy);
    }

    /**
     * The strategy's turns: a crossing buy, a resting buy 100 below the last trade, a crossing sell, the resting
     * buy's cancel. Crossing orders alternate sides, so the balances stay where they started.
     */
    private static final class Strategy {
        final AtomicLong placed = new AtomicLong();
        final AtomicLong cancelled = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        BigDecimal last;
        String resting;
        long turn;

        void next(Exchange e) {
            long step = turn++ % 4;
            e.getMessage().setBody(null);
            if (last == null) {
                return;
            }
            if (step == 3) {
                if (resting != null) {
                    e.getMessage().setHeader(ExchangeConstants.ORDER_ID, resting);
                    resting = null;
                }
                return;
            }
            OrderSide side = step == 2 ? OrderSide.SELL : OrderSide.BUY;
            BigDecimal price = switch ((int) step) {
                case 0 -> last.add(BigDecimal.TEN);
                case 1 -> last.subtract(BigDecimal.valueOf(100));
                default -> last.subtract(BigDecimal.TEN);
            };
            e.getMessage().setHeader("strategyResting", step == 1);
            e.getMessage().setBody(OrderRequest.limit(M, side, price.toPlainString(), "0.001"));
        }

        void placed(Exchange e) {
            placed.incrementAndGet();
            if (Boolean.TRUE.equals(e.getMessage().getHeader("strategyResting", Boolean.class))) {
                resting = e.getMessage().getBody(PlacedOrder.class).id();
            }
        }
    }

    /**
     * The resting-orders run: the three counting routes, and on every {@code RESTING_EVERY}th trade a limit order of
     * 0.001 btc at that trade's price, buy and sell in turn. What the run placed and what filled come from the
     * backtest's summary line, the figures of its paper report.
     */
    private static Resting resting(Path recording, Path dir) throws Exception {
        AtomicLong events = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long[] trades = {0};
        String[] summary = {null};
        double rate = backtest(recording, dir, new RouteBuilder() {
            @Override
            public void configure() {
                onException(Exception.class).handled(true).process(e -> failed.incrementAndGet());
                from("exchange:trades?market=" + M + "&streaming=true")
                        .process(e -> {
                            events.incrementAndGet();
                            long n = ++trades[0];
                            Trade trade = e.getMessage().getBody(Trade.class);
                            e.getMessage().setBody(n % RESTING_EVERY != 0 ? null : OrderRequest.limit(M,
                                    n / RESTING_EVERY % 2 == 1 ? OrderSide.BUY : OrderSide.SELL,
                                    trade.price().toPlainString(), "0.001"));
                        })
                        .filter(body().isNotNull()).to("exchange:order");
                from("exchange:depth?market=" + M + "&streaming=true").process(e -> events.incrementAndGet());
                from("exchange:ticker?market=" + M + "&streaming=true").process(e -> events.incrementAndGet());
            }
        }, events::get, null, s -> summary[0] = s);
        return new Resting(rate, events.get(), figure(summary[0], "orders"), figure(summary[0], "fills"),
                failed.get());
    }

    /** A resting-orders run: its events/s, and from its summary line the orders placed and the fills. */
    private record Resting(double rate, long events, long placed, long filled, long failed) {
        /** The line the README documents, one per measured run. */
        String line(double marketData) {
            return String.format(Locale.ROOT, "backtest resting: events=%d orders=%d fills=%d resting=%d failed=%d"
                            + " eventsPerSecond=%.0f marketDataEventsPerSecond=%.0f ratioToMarketData=%.2f", events,
                    placed, filled, placed - filled, failed, rate, marketData, rate / marketData);
        }
    }

    /** A {@code name=N} figure of a backtest's summary line; -1 when the line or the figure is missing. */
    private static long figure(String summary, String name) {
        if (summary == null) {
            return -1;
        }
        for (String part : summary.split(" ")) {
            if (part.startsWith(name + "=")) {
                return Long.parseLong(part.substring(name.length() + 1));
            }
        }
        return -1;
    }

    /**
     * Runs {@code routes} in backtest on {@code recording} (10,000,000 usdt and 1,000 btc) until the backtest stops
     * its context; returns the events delivered per second of wall time, start and stop included.
     */
    private static double backtest(Path recording, Path dir, RouteBuilder routes, LongSupplier delivered,
                                   HeapSampler sampler) throws Exception {
        return backtest(recording, dir, routes, delivered, sampler, s -> { });
    }

    /** {@link #backtest}, telling {@code summary} the backtest's summary line once it ended. */
    private static double backtest(Path recording, Path dir, RouteBuilder routes, LongSupplier delivered,
                                   HeapSampler sampler, Consumer<String> summary) throws Exception {
        DefaultCamelContext context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        // Never reached: a backtest sends nothing to the network.
        component.getConfiguration().setBaseUrl("http://127.0.0.1:9");
        component.setReplayFrom(recording.toString());
        component.setPaperBalances("usdt=10000000,btc=1000");
        component.setPaperReportTo(dir.resolve("report").toString());
        context.addRoutes(routes);
        if (sampler != null) {
            sampler.start();
        }
        long start = System.nanoTime();
        context.start();
        Backtest run = component.backtest();
        while (!context.isStopped()) {
            Thread.sleep(1);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        summary.accept(run.summary());
        if (sampler != null) {
            sampler.stop();
        }
        return delivered.getAsLong() / seconds;
    }

    /** Used heap after a full GC, every {@code HEAP_SAMPLE_MILLIS} on a thread of its own while a run lasts. */
    private static final class HeapSampler {
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private final List<Long> samples = new ArrayList<>();
        private volatile boolean running;
        private Thread thread;
        long baseline;

        void start() {
            baseline = sample();
            running = true;
            thread = new Thread(() -> {
                while (running) {
                    try {
                        Thread.sleep(HEAP_SAMPLE_MILLIS);
                    } catch (InterruptedException e) {
                        return;
                    }
                    if (running) {
                        long used = sample();
                        synchronized (samples) {
                            samples.add(used);
                        }
                    }
                }
            }, "heap-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        void stop() throws InterruptedException {
            running = false;
            thread.interrupt();
            thread.join();
        }

        private long sample() {
            System.gc();
            return memory.getHeapMemoryUsage().getUsed();
        }

        long max() {
            synchronized (samples) {
                return samples.stream().mapToLong(Long::longValue).max().orElse(0);
            }
        }

        int samples() {
            synchronized (samples) {
                return samples.size();
            }
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return (sorted.get((sorted.size() - 1) / 2) + sorted.get(sorted.size() / 2)) / 2;
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
