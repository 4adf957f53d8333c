package com.camelexchange.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The scale section's tables: one row per N for polled tickers and for streamed markets (subject, then the
 * floor's figure, the mean of the floor runs around it, and the ratio where the target is one), the targets
 * of the issue against what was measured, and each run's own figures so the floor's spread can be read.
 */
final class ScaleReport {
    private final ScaleSection.Settings settings;
    private final List<ScaleTickers.Result> tickers;
    private final List<ScaleStreams.Result> streams;
    private final ScaleOverhead.Result overhead;
    private final double minutes;
    private final List<String> lines = new ArrayList<>();

    ScaleReport(ScaleSection.Settings settings, List<ScaleTickers.Result> tickers, List<ScaleStreams.Result> streams,
                ScaleOverhead.Result overhead, double minutes) {
        this.settings = settings;
        this.tickers = tickers;
        this.streams = streams;
        this.overhead = overhead;
        this.minutes = minutes;
    }

    String markdown() {
        add("## Scale: many markets on one component");
        add("");
        add("%d cores, loopback, in-process simulator serving exactly N markets. Each N runs floor, subject, floor"
                + " (%d subject run(s) of %.0f s measured, floor runs between and around them; one streamed market: %d"
                + " of %.0f s). Figures are means over runs; a bold ratio is the median over subject runs of the run's"
                + " figure ÷ the mean of the floor runs either side. Client CPU and allocation: every thread but the"
                + " simulator's and the harness's. Section time: %.1f min.", Runtime.getRuntime().availableProcessors(),
                settings.rounds(), settings.seconds(), settings.latencyRounds(), settings.latencySeconds(), minutes);
        if (!tickers.isEmpty()) {
            tickerTable();
        }
        if (!streams.isEmpty()) {
            streamTable();
        }
        targets();
        runs();
        return String.join("\n", lines) + "\n";
    }

    private void tickerTable() {
        add("");
        add("### Polled tickers: N routes `exchange:ticker?market=<m_i>&delay=1000`, default limits");
        add("");
        add("Floor: one scheduled thread, one Apache HttpClient 5 connection, one `allTicker` GET a second read by"
                + " Jackson. Warm-up %.0f s (floor %.0f s); ticker values change every %d ms.",
                settings.tickerWarmUp(), settings.floorWarmUp(), settings.stampMillis());
        add("");
        add("| N | delivered ÷ wanted | age p50 / p99 ms | age ≤ 1 period | longest silence per route, median / max s"
                + " | all routes served after s | threads added | heap added MiB | client CPU µs/msg | allocated KB/msg"
                + " | REST calls/s | refusals | WARN / stack traces |");
        add("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (ScaleTickers.Result r : tickers) {
            var s = r.subjects();
            var f = r.floors();
            add("| %d | **%s** (floor %s) | %s / %s (floor %s / %s) | %s (floor %s) | %s / %s (floor %s / %s) | %s"
                    + " | %s (floor %s) | %s (floor %s) | %s | %s | %s (floor %s) | %s | %s / %s |", r.n(),
                    num(mean(s, t -> t.window().perSecond()) / r.n(), 3),
                    num(mean(f, t -> t.window().perSecond()) / r.n(), 3),
                    num(mean(s, ScaleTickers.Run::ageP50), 0), num(mean(s, ScaleTickers.Run::ageP99), 0),
                    num(mean(f, ScaleTickers.Run::ageP50), 0), num(mean(f, ScaleTickers.Run::ageP99), 0),
                    pct(mean(s, ScaleTickers.Run::withinPeriod)), pct(mean(f, ScaleTickers.Run::withinPeriod)),
                    num(mean(s, ScaleTickers.Run::silenceMedian), 1), num(mean(s, ScaleTickers.Run::silenceMax), 1),
                    num(mean(f, ScaleTickers.Run::silenceMedian), 1), num(mean(f, ScaleTickers.Run::silenceMax), 1),
                    served(mean(s, ScaleTickers.Run::allServedAfter)),
                    num(mean(s, t -> t.window().threadsAdded()), 0), num(mean(f, t -> t.window().threadsAdded()), 0),
                    mib(mean(s, t -> t.window().heapAddedBytes())), mib(mean(f, t -> t.window().heapAddedBytes())),
                    ratio(s, f, t -> t.window().cpuMicrosPerMessage(), 0),
                    ratio(s, f, t -> t.window().kilobytesPerMessage(), 1),
                    num(mean(s, t -> t.window().restCalls() / t.window().seconds()), 1),
                    num(mean(f, t -> t.window().restCalls() / t.window().seconds()), 1),
                    num(mean(s, t -> t.window().refusals()), 0), num(mean(s, t -> t.window().log().warnings()), 0),
                    num(mean(s, t -> t.window().log().stackTraces()), 0));
        }
    }

    private void streamTable() {
        add("");
        add("### Streamed trades: N routes `exchange:trades?market=<m_i>&streaming=true`, %d trades/s appended in all",
                settings.tradeRate());
        add("");
        add("Floor: a raw JDK WebSocket on one connection subscribed to the same channels, one Jackson parse per"
                + " frame. Warm-up %.0f s after ready.", settings.streamWarmUp());
        add("");
        add("| N | ready s | all subscribed s | REST calls until ready | delivered ÷ appended | threads added"
                + " | heap added MiB | client CPU µs/msg | allocated KB/msg | p50 ms | p99 ms"
                + " | gaps / duplicates / out of order | WARN / stack traces | refusals | REST calls in window |");
        add("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (ScaleStreams.Result r : streams) {
            var s = r.subjects();
            var f = r.floors();
            add("| %d | **%s** (floor %s) | %s (floor %s) | %s | %s (floor %s) | %s (floor %s) | %s (floor %s) | %s | %s"
                    + " | %s | %s | %s / %s / %s%s | %s / %s | %s | %s |", r.n(),
                    ready(mean(s, t -> t.ready().readySeconds())), num(mean(f, t -> t.ready().readySeconds()), 2),
                    num(mean(s, t -> t.ready().subscribedSeconds()), 2),
                    num(mean(f, t -> t.ready().subscribedSeconds()), 2), num(mean(s, t -> t.ready().restCalls()), 0),
                    num(mean(s, ScaleStreams.Run::deliveredShare), 3), num(mean(f, ScaleStreams.Run::deliveredShare), 3),
                    num(mean(s, t -> t.window().threadsAdded()), 0), num(mean(f, t -> t.window().threadsAdded()), 0),
                    mib(mean(s, t -> t.window().heapAddedBytes())), mib(mean(f, t -> t.window().heapAddedBytes())),
                    ratio(s, f, t -> t.window().cpuMicrosPerMessage(), 0),
                    ratio(s, f, t -> t.window().kilobytesPerMessage(), 1),
                    ratio(s, f, ScaleStreams.Run::p50, 2),
                    ratio(s, f, ScaleStreams.Run::p99, 2),
                    num(mean(s, ScaleStreams.Run::gaps), 0), num(mean(s, ScaleStreams.Run::duplicates), 0),
                    num(mean(s, ScaleStreams.Run::outOfOrder), 0), silent(mean(s, ScaleStreams.Run::silentMarkets)),
                    num(mean(s, t -> t.window().log().warnings()), 0), num(mean(s, t -> t.window().log().stackTraces()), 0),
                    num(mean(s, t -> t.window().refusals()), 0), num(mean(s, t -> t.window().restCalls()), 0));
        }
    }

    private void targets() {
        boolean any = overhead != null || tickers.stream().anyMatch(r -> r.n() == 500)
                || streams.stream().anyMatch(r -> r.n() == 200 || r.n() == 1);
        if (!any) {
            return;
        }
        add("");
        add("### Against the targets");
        add("");
        add("| target | measured |");
        add("|---|---|");
        tickers.stream().filter(r -> r.n() == 500).findFirst().ifPresent(r -> {
            var s = r.subjects();
            add("| 500 tickers at delay=1000, default limits: ≥ 0.95 of 500/s delivered | %s |",
                    num(mean(s, t -> t.window().perSecond()) / r.n(), 3));
            add("| ... each at most one period old | %s of deliveries; longest silence per route median %s s |",
                    pct(mean(s, ScaleTickers.Run::withinPeriod)), num(mean(s, ScaleTickers.Run::silenceMedian), 1));
            add("| ... threads added ≤ 16 | %s |", num(mean(s, t -> t.window().threadsAdded()), 0));
            add("| ... 0 refusals | %s |", num(mean(s, t -> t.window().refusals()), 0));
        });
        streams.stream().filter(r -> r.n() == 200).findFirst().ifPresent(r -> {
            var s = r.subjects();
            var f = r.floors();
            add("| 200 streamed markets: ready ≤ 5 s without stored positions | %s |",
                    ready(mean(s, t -> t.ready().readySeconds())));
            add("| ... threads added ≤ 16 | %s |", num(mean(s, t -> t.window().threadsAdded()), 0));
            add("| ... CPU per message ≤ 1.25x the raw WebSocket floor | %sx |",
                    num(medianRatio(s, f, t -> t.window().cpuMicrosPerMessage()), 2));
            add("| ... allocation per message ≤ 1.3x | %sx |",
                    num(medianRatio(s, f, t -> t.window().kilobytesPerMessage()), 2));
            add("| ... 0 gaps, 0 duplicates, 0 stack traces | %s gaps, %s duplicates, %s stack traces |",
                    num(mean(s, ScaleStreams.Run::gaps), 0), num(mean(s, ScaleStreams.Run::duplicates), 0),
                    num(mean(s, t -> t.window().log().stackTraces()), 0));
        });
        streams.stream().filter(r -> r.n() == 1).findFirst().ifPresent(r -> {
            var s = r.subjects();
            var f = r.floors();
            add("| 1 streamed market at %d trades/s: p50 ≤ 1.1x, p99 ≤ 1.3x the floor | p50 %sx, p99 %sx (the best run"
                    + " of each side, as other processes only ever add latency: p50 %s vs %s ms, p99 %s vs %s ms) |",
                    settings.tradeRate(), num(medianRatio(s, f, ScaleStreams.Run::p50), 2),
                    num(medianRatio(s, f, ScaleStreams.Run::p99), 2), num(best(s, ScaleStreams.Run::p50), 2),
                    num(best(f, ScaleStreams.Run::p50), 2), num(best(s, ScaleStreams.Run::p99), 2),
                    num(best(f, ScaleStreams.Run::p99), 2));
        });
        if (overhead != null) {
            add("| a producer call over Camel's own share (the plain GET in a route), 4 threads: ≥ 0.97 | median of %d"
                    + " paired rounds **%s** (rounds %s-%s); %,.0f vs %,.0f req/s; process CPU per call %s vs %s µs |",
                    overhead.rounds(), num(overhead.median(), 2), num(overhead.min(), 2), num(overhead.max(), 2),
                    overhead.producerRate(), overhead.plainRate(), num(overhead.producerCpu(), 1),
                    num(overhead.plainCpu(), 1));
        }
    }

    /** Each run's own figures, in the order run, so a disturbed floor run shows. */
    private void runs() {
        add("");
        add("Each run, in order: client CPU µs/msg, allocated KB/msg, process CPU µs/msg (client and simulator"
                + " together)%s.", streams.isEmpty() ? "" : "; for streams also p50 / p99 ms");
        add("");
        for (ScaleTickers.Result r : tickers) {
            add("- tickers N=%d: %s", r.n(), order(r.floors(), r.subjects(),
                    t -> figures(t.window()) + failures(t.window(), t.floorFailures())));
        }
        for (ScaleStreams.Result r : streams) {
            add("- streams N=%d: %s", r.n(), order(r.floors(), r.subjects(), t -> figures(t.window()) + "; "
                    + num(t.p50(), 2) + " / " + num(t.p99(), 2) + failures(t.window(), t.floorFailures())));
        }
    }

    private static <T> String order(List<T> floors, List<T> subjects, Function<T, String> figures) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < floors.size(); i++) {
            parts.add("floor " + figures.apply(floors.get(i)));
            if (i < subjects.size()) {
                parts.add("**subject** " + figures.apply(subjects.get(i)));
            }
        }
        return String.join(" | ", parts);
    }

    /** Exceptions other than refusals that reached the handler, and a floor's failed polls or frames, if any. */
    private static String failures(Window w, long floorFailures) {
        return (w.otherErrors() > 0 ? "; other exceptions " + w.otherErrors() : "")
                + (floorFailures > 0 ? "; failed floor polls or frames " + floorFailures : "");
    }

    private static String figures(Window w) {
        return num(w.cpuMicrosPerMessage(), 1) + " / " + num(w.kilobytesPerMessage(), 2) + " / "
                + num(w.processCpuMicrosPerMessage(), 1);
    }

    private void add(String format, Object... args) {
        lines.add(String.format(Locale.ROOT, format, args));
    }

    private static <T> double mean(List<T> runs, ToDoubleFunction<T> figure) {
        return ScaleSupport.mean(runs, figure);
    }

    private static <T> double best(List<T> runs, ToDoubleFunction<T> figure) {
        return runs.stream().mapToDouble(figure).min().orElse(Double.NaN);
    }

    private static String num(double value, int decimals) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "n/a"
                : String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }

    /** The means of subject and floor runs, and {@link #medianRatio} in bold. */
    private static <T> String ratio(List<T> subjects, List<T> floors, ToDoubleFunction<T> figure, int decimals) {
        return num(mean(subjects, figure), decimals) + " vs " + num(mean(floors, figure), decimals) + " = **"
                + num(medianRatio(subjects, floors, figure), 2) + "x**";
    }

    /**
     * The median over the subject runs of each one's figure ÷ the mean of the two floor runs around it (runs go
     * floor, subject, floor, subject, ..., floor): drift in the machine's speed moves neighbours alike, and one
     * disturbed run cannot move a median of several.
     */
    private static <T> double medianRatio(List<T> subjects, List<T> floors, ToDoubleFunction<T> figure) {
        double[] ratios = new double[subjects.size()];
        for (int i = 0; i < ratios.length; i++) {
            double floor = (figure.applyAsDouble(floors.get(i)) + figure.applyAsDouble(floors.get(i + 1))) / 2;
            ratios[i] = figure.applyAsDouble(subjects.get(i)) / floor;
        }
        java.util.Arrays.sort(ratios);
        return ratios.length == 0 ? Double.NaN : (ratios[(ratios.length - 1) / 2] + ratios[ratios.length / 2]) / 2;
    }

    private static String pct(double share) {
        return Double.isNaN(share) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    private static String mib(double bytes) {
        return num(bytes / (1024.0 * 1024.0), 1);
    }

    private String served(double seconds) {
        return Double.isNaN(seconds) ? "not within the run" : num(seconds, 1);
    }

    private String ready(double seconds) {
        return Double.isNaN(seconds) ? "not in " + settings.readyTimeout() + " s" : num(seconds, 2);
    }

    private static String silent(double markets) {
        return markets > 0 ? "; " + num(markets, 0) + " markets delivered nothing" : "";
    }
}
