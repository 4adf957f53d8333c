package com.camelexchange.benchmarks;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Trade;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * Streamed trades at scale: N routes {@code exchange:trades?market=<m_i>&streaming=true} on one component with
 * its defaults and no stored positions, against a simulator serving exactly those N markets while a
 * {@link TapeWriter} appends trades round robin across them at a steady total rate; the floor
 * ({@link StreamFloor}: a raw JDK WebSocket, one Jackson parse per frame) and Camel's own share ({@link CamelShare}:
 * the floor with each parsed trade handed as one Camel exchange through a {@code direct:} route to the same sink)
 * on the same simulator and tapes, run floor, Camel's share, subject, floor, Camel's share: every subject run has
 * a run of each other side just before and just after it.
 *
 * <p>Ready is defined by {@link ReadyWatch}. Gaps and repeats are checked against {@code sim.tape(market)}:
 * from the first trade a route delivered to the last trade appended before the window closed, every trade
 * of the tape delivered, none twice, in tid order.
 */
final class ScaleStreams {

    /** One run: the common figures, ready, latency append to arrival in ms, and exactly-once counts. */
    record Run(Window window, ReadyWatch.Ready ready, double p50, double p99, long appended, int gaps,
               int duplicates, int outOfOrder, int silentMarkets, long floorFailures) {

        double deliveredShare() {
            return appended == 0 ? Double.NaN : (double) window.delivered() / appended;
        }
    }

    /** Per side, in the order run; {@code floors} and {@code camelShares} have one run more than subjects. */
    record Result(int n, List<Run> floors, List<Run> camelShares, List<Run> subjects) {
    }

    private ScaleStreams() {
    }

    /**
     * @param warmUp whether to run each side once, unmeasured, first: the first N measured would otherwise find
     *               the floor's code (JDK WebSocket, Jackson) colder than the subject's
     */
    static Result run(int n, ScaleSection.Settings all, boolean warmUp) throws Exception {
        ScaleSection.Settings settings = n == 1 ? all.forLatency() : all;
        List<String> markets = ScaleSupport.markets(n);
        List<Run> floors = new ArrayList<>();
        List<Run> camelShares = new ArrayList<>();
        List<Run> subjects = new ArrayList<>();
        try (ExchangeSimulator sim = ScaleSupport.simulator(markets);
             TapeWriter tape = new TapeWriter(sim, markets, settings.tradeRate()).start()) {
            if (warmUp) {
                floor(sim, markets, tape, settings.forWarmUp());
                camelShare(sim, markets, tape, settings.forWarmUp());
                subject(sim, markets, tape, settings.forWarmUp());
            }
            for (int round = 0; round < settings.rounds(); round++) {
                floors.add(floor(sim, markets, tape, settings));
                camelShares.add(camelShare(sim, markets, tape, settings));
                subjects.add(subject(sim, markets, tape, settings));
            }
            floors.add(floor(sim, markets, tape, settings));
            camelShares.add(camelShare(sim, markets, tape, settings));
        }
        return new Result(n, floors, camelShares, subjects);
    }

    private static Run subject(ExchangeSimulator sim, List<String> markets, TapeWriter tape,
                               ScaleSection.Settings settings) throws Exception {
        quiesce(sim);
        Deliveries deliveries = new Deliveries(markets.size());
        CountingExceptionHandler errors = new CountingExceptionHandler();
        Window.Meter meter = new Window.Meter(sim, deliveries::count, errors::refusals, errors::others);
        long rest = sim.requestCount();
        long t0 = System.nanoTime();
        // Held only here, so that once stopped the context can be collected before the heap is read.
        AtomicReference<CamelContext> context = new AtomicReference<>(start(sim, markets, deliveries, errors));
        try {
            return measure(sim, markets, tape, settings, deliveries, meter, t0, rest, () -> 0, () -> {
                context.getAndSet(null).stop();
                errors.detach();
            });
        } finally {
            CamelContext left = context.getAndSet(null);
            if (left != null) {
                left.stop();
            }
        }
    }

    private static CamelContext start(ExchangeSimulator sim, List<String> markets, Deliveries deliveries,
                                      CountingExceptionHandler errors) throws Exception {
        CamelContext context = LoadHarness.context(sim, ApiVariant.A, true);
        errors.bindTo(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < markets.size(); i++) {
                    int market = i;
                    from("exchange:trades?market=" + markets.get(i) + "&streaming=true&exceptionHandler=#"
                            + CountingExceptionHandler.NAME)
                            .process(e -> deliveries.add(market,
                                    e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class)));
                }
            }
        });
        return context;
    }

    private static Run floor(ExchangeSimulator sim, List<String> markets, TapeWriter tape,
                             ScaleSection.Settings settings) throws Exception {
        quiesce(sim);
        Deliveries deliveries = new Deliveries(markets.size());
        StreamFloor floor = StreamFloor.raw(sim.websocketUrl(),
                ScaleSupport.indexBy(markets, ScaleSupport::tradesChannel), deliveries);
        Window.Meter meter = new Window.Meter(sim, deliveries::count, () -> 0, floor::failures);
        long rest = sim.requestCount();
        long t0 = System.nanoTime();
        try (floor) {
            floor.start();
            return measure(sim, markets, tape, settings, deliveries, meter, t0, rest, floor::failures, floor::close);
        }
    }

    /**
     * Camel's own share, measured as the subject is: from just before its context is created, as the subject's
     * is, to the stop; held only through references the stop clears, so that the heap it held can be read.
     */
    private static Run camelShare(ExchangeSimulator sim, List<String> markets, TapeWriter tape,
                                  ScaleSection.Settings settings) throws Exception {
        quiesce(sim);
        Deliveries deliveries = new Deliveries(markets.size());
        Window.Meter meter = new Window.Meter(sim, deliveries::count, () -> 0, () -> 0);
        long rest = sim.requestCount();
        long t0 = System.nanoTime();
        AtomicReference<CamelShare> camel = new AtomicReference<>(CamelShare.start(markets, deliveries));
        AtomicReference<StreamFloor> floor = new AtomicReference<>(new StreamFloor(sim.websocketUrl(),
                ScaleSupport.indexBy(markets, ScaleSupport::tradesChannel), camel.get()));
        LongSupplier failures = floor.get().failureCount();
        try {
            floor.get().start();
            return measure(sim, markets, tape, settings, deliveries, meter, t0, rest, failures, () -> {
                floor.getAndSet(null).close();
                camel.getAndSet(null).close();
            });
        } finally {
            StreamFloor openFloor = floor.getAndSet(null);
            if (openFloor != null) {
                openFloor.close();
            }
            CamelShare left = camel.getAndSet(null);
            if (left != null) {
                left.close();
            }
        }
    }

    /**
     * Ready, warm-up, the window, every trade appended before it closed delivered (or given up on after 30 s),
     * then the heap held and the stop.
     */
    private static Run measure(ExchangeSimulator sim, List<String> markets, TapeWriter tape,
                              ScaleSection.Settings settings, Deliveries deliveries, Window.Meter meter, long t0,
                              long restBefore, LongSupplier failures, ScaleSupport.Stop stop) throws Exception {
        ReadyWatch.Ready ready = ReadyWatch.await(sim, markets, tape, deliveries, t0, restBefore,
                settings.readyTimeout());
        ScaleSupport.sleepSeconds(settings.streamWarmUp());
        long appendedBefore = tape.appended();
        meter.open();
        ScaleSupport.sleepSeconds(settings.seconds());
        long appended = tape.appended() - appendedBefore;
        long[] lastAppended = tape.lastTids();
        Window window = meter.close();
        ScaleSupport.await(() -> {
            for (int i = 0; i < lastAppended.length; i++) {
                if (deliveries.max(i) < lastAppended[i]) {
                    return false;
                }
            }
            return true;
        }, 30);
        long heap = ScaleSupport.heapHeld(tape, stop);
        return analyse(sim, markets, tape, deliveries, window.withHeap(heap), ready, appended, lastAppended,
                failures.getAsLong());
    }

    private static Run analyse(ExchangeSimulator sim, List<String> markets, TapeWriter tape, Deliveries deliveries,
                               Window window, ReadyWatch.Ready ready, long appended, long[] lastAppended,
                               long failures) {
        List<Double> latencies = new ArrayList<>();
        int gaps = 0;
        int duplicates = 0;
        int outOfOrder = 0;
        int silent = 0;
        for (int market = 0; market < markets.size(); market++) {
            Deliveries.Log log = deliveries.log(market);
            if (log.size() == 0) {
                silent++;
                continue;
            }
            Set<Long> seen = new HashSet<>();
            long previous = Long.MIN_VALUE;
            for (int i = 0; i < log.size(); i++) {
                long tid = log.values()[i];
                if (!seen.add(tid)) {
                    duplicates++;
                }
                if (tid <= previous) {
                    outOfOrder++;
                }
                previous = tid;
                long appendedAt = tape.appendedAt(market, tid);
                if (window.contains(log.arrivals()[i]) && appendedAt > 0) {
                    latencies.add((log.arrivals()[i] - appendedAt) / 1e6);
                }
            }
            long first = log.values()[0];
            for (Trade trade : sim.tape(markets.get(market))) {
                if (trade.tid() >= first && trade.tid() <= lastAppended[market] && !seen.contains(trade.tid())) {
                    gaps++;
                }
            }
        }
        double[] sorted = latencies.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new Run(window, ready, ScaleSupport.percentile(sorted, 50), ScaleSupport.percentile(sorted, 99),
                appended, gaps, duplicates, outOfOrder, silent, failures);
    }

    /** The previous run's connection gone, so that its subscriptions cannot pass for the next run's. */
    private static void quiesce(ExchangeSimulator sim) throws InterruptedException {
        if (!ScaleSupport.await(() -> sim.streamConnections() == 0, 15)) {
            throw new IllegalStateException("a WebSocket connection of the previous run is still open");
        }
    }
}
