package com.camelexchange.benchmarks;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Polled tickers at scale: N routes {@code exchange:ticker?market=<m_i>&delay=1000} on one component with its
 * default limits, against a simulator serving exactly those N markets, and the floor ({@link TickerFloor}: one
 * scheduled thread, one allTicker GET a period) on the same simulator, run floor, subject, floor so the ratios
 * hold on a busy machine.
 *
 * <p>Freshness is read from the data, not from the component's dates (an allTicker reply has none): a
 * {@link TapeWriter} moves every market's last price to a new value every {@code scaleStampMillis}, so a
 * delivered ticker's {@code last} says which value it shows and so since when that value was current. The age
 * of a delivery is its arrival minus that instant: a ticker read fresh is younger than the stamp period plus the
 * call; one served from a cache a period old is older than the period.
 */
final class ScaleTickers {
    static final long PERIOD_MILLIS = 1000;

    /** One run: the common figures, ages in ms, and per route the longest time without a delivery in s. */
    record Run(Window window, double ageP50, double ageP99, double withinPeriod, double silenceMedian,
               double silenceMax, double allServedAfter, long floorFailures) {
    }

    record Result(int n, List<Run> floors, List<Run> subjects) {
    }

    private ScaleTickers() {
    }

    /** The stamp a ticker shows: its last price less {@link TapeWriter#BASE}; negative before the first stamp. */
    static long stamp(BigDecimal last) {
        return last == null ? -1 : last.longValue() - TapeWriter.BASE;
    }

    static Result run(int n, ScaleSection.Settings settings) throws Exception {
        List<String> markets = ScaleSupport.markets(n);
        List<Run> floors = new ArrayList<>();
        List<Run> subjects = new ArrayList<>();
        try (ExchangeSimulator sim = ScaleSupport.simulator(markets);
             TapeWriter stamps = new TapeWriter(sim, markets, n * 1000.0 / settings.stampMillis()).start()) {
            Thread.sleep(settings.stampMillis() + 200L); // every market shows a stamp
            for (int round = 0; round < settings.rounds(); round++) {
                floors.add(floor(sim, markets, stamps, settings));
                subjects.add(subject(sim, markets, stamps, settings));
            }
            floors.add(floor(sim, markets, stamps, settings));
        }
        return new Result(n, floors, subjects);
    }

    private static Run subject(ExchangeSimulator sim, List<String> markets, TapeWriter stamps,
                               ScaleSection.Settings settings) throws Exception {
        Deliveries deliveries = new Deliveries(markets.size());
        CountingExceptionHandler errors = new CountingExceptionHandler();
        Window.Meter meter = new Window.Meter(sim, deliveries::count, errors::refusals, errors::others);
        long t0 = System.nanoTime();
        // Held only here, so that once stopped the context can be collected before the heap is read.
        AtomicReference<CamelContext> context = new AtomicReference<>(start(sim, markets, deliveries, errors));
        try {
            ScaleSupport.sleepSeconds(settings.tickerWarmUp());
            meter.open();
            ScaleSupport.sleepSeconds(settings.seconds());
            Window window = meter.close();
            long heap = ScaleSupport.heapHeld(stamps, () -> {
                context.getAndSet(null).stop();
                errors.detach();
            });
            return analyse(window.withHeap(heap), deliveries, stamps, t0, 0);
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
                    from("exchange:ticker?market=" + markets.get(i) + "&delay=" + PERIOD_MILLIS
                            + "&exceptionHandler=#" + CountingExceptionHandler.NAME)
                            .process(e -> deliveries.add(market, stamp(e.getMessage().getBody(Ticker.class).last())));
                }
            }
        });
        return context;
    }

    private static Run floor(ExchangeSimulator sim, List<String> markets, TapeWriter stamps,
                             ScaleSection.Settings settings) throws Exception {
        Deliveries deliveries = new Deliveries(markets.size());
        TickerFloor floor = new TickerFloor(sim.baseUrl(), ScaleSupport.indexBy(markets, ScaleSupport::pair),
                deliveries);
        Window.Meter meter = new Window.Meter(sim, deliveries::count, () -> 0, floor::failures);
        long t0 = System.nanoTime();
        floor.start(PERIOD_MILLIS);
        ScaleSupport.sleepSeconds(settings.floorWarmUp());
        meter.open();
        ScaleSupport.sleepSeconds(settings.seconds());
        Window window = meter.close();
        long heap = ScaleSupport.heapHeld(stamps, floor::close);
        return analyse(window.withHeap(heap), deliveries, stamps, t0, floor.failures());
    }

    private static Run analyse(Window window, Deliveries deliveries, TapeWriter stamps, long t0, long failures) {
        List<Double> ages = new ArrayList<>();
        double[] silences = new double[deliveries.markets()];
        long lastFirstArrival = t0;
        boolean allServed = true;
        for (int market = 0; market < deliveries.markets(); market++) {
            Deliveries.Log log = deliveries.log(market);
            if (log.size() == 0) {
                allServed = false;
            } else {
                lastFirstArrival = Math.max(lastFirstArrival, log.arrivals()[0]);
            }
            long previous = window.fromNanos();
            long longest = 0;
            for (int i = 0; i < log.size(); i++) {
                long arrival = log.arrivals()[i];
                if (!window.contains(arrival)) {
                    continue;
                }
                longest = Math.max(longest, arrival - previous);
                previous = arrival;
                long stampedAt = stamps.stampedAt(market, log.values()[i]);
                if (stampedAt > 0) {
                    ages.add((arrival - stampedAt) / 1e6);
                }
            }
            silences[market] = Math.max(longest, window.toNanos() - previous) / 1e9;
        }
        double[] sortedAges = ages.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        Arrays.sort(silences);
        double within = sortedAges.length == 0 ? Double.NaN
                : Arrays.stream(sortedAges).filter(age -> age <= PERIOD_MILLIS).count() / (double) sortedAges.length;
        return new Run(window, ScaleSupport.percentile(sortedAges, 50), ScaleSupport.percentile(sortedAges, 99), within,
                ScaleSupport.percentile(silences, 50), silences[silences.length - 1],
                allServed ? (lastFirstArrival - t0) / 1e9 : Double.NaN, failures);
    }
}
