package com.camelexchange.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The scale section's tables: one row per N for polled tickers and for streamed markets (subject, then the
 * floor's figure, the mean of the floor runs around it, and the ratio where the target is one), for streamed
 * markets also the three sides (subject, Camel's own share, raw floor) side by side, the targets of the issue
 * against what was measured, and each run's own figures so the floor's spread can be read.
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
                + " of %.0f s); streamed trades run floor, Camel's own share, subject, floor, Camel's own share."
                + " Figures are means over runs; a bold ratio is the median over subject runs of the run's"
                + " figure ÷ the mean of the floor runs either side. Client CPU and allocation: every thread but the"
                + " simulator's and the harness's. Section time: %.1f min.", Runtime.getRuntime().availableProcessors(),
                settings.rounds(), settings.seconds(), settings.latencyRounds(), settings.latencySeconds(), minutes);
        if (!tickers.isEmpty()) {
            tickerTable();
        }
        if (!streams.isEmpty()) {
            streamTable();
            threeSidesTable();
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

    /**
     * Streamed trades, the subject against Camel's own share and the floor: what the component costs over one
     * Camel exchange per trade, and what that exchange costs over the floor.
     */
    private void threeSidesTable() {
        add("");
        add("### Streamed trades: the subject, Camel's own share, the raw floor");
        add("");
        add("Camel's own share: the floor's connection and parse, each parsed trade then handed as one Camel exchange"
                + " (the streamed trade's headers, the floor's typed trade as the body) through a route"
                + " `direct:<m_i> → processor` to the same sink as the subject's routes. Runs go floor, Camel's share,"
                + " subject, floor, Camel's share; a ratio to Camel's share is the median over subject runs of the"
                + " run's figure ÷ the mean of the Camel's share runs either side, Camel's share ÷ floor the median"
                + " over its runs but the last of the run's figure ÷ the mean of the floor runs either side.");
        add("");
        add("| N | client CPU µs/msg: subject / Camel's share / floor | subject ÷ floor | subject ÷ Camel's share"
                + " | Camel's share ÷ floor | allocated KB/msg: subject / Camel's share / floor | subject ÷ floor"
                + " | subject ÷ Camel's share | Camel's share ÷ floor | p50 ms: subject / Camel's share / floor"
                + " | p50 subject ÷ floor | p50 subject ÷ Camel's share | gaps / duplicates: subject; Camel's share;"
                + " floor | delivered ÷ appended: subject / Camel's share / floor | threads added: subject / Camel's"
                + " share / floor |");
        add("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (ScaleStreams.Result r : streams) {
            var s = r.subjects();
            var c = r.camelShares();
            var f = r.floors();
            add("| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |", r.n(),
                    three(s, c, f, t -> t.window().cpuMicrosPerMessage(), 0),
                    bold(medianRatio(s, f, t -> t.window().cpuMicrosPerMessage())),
                    bold(medianRatio(s, c, t -> t.window().cpuMicrosPerMessage())),
                    bold(camelOverFloor(r, t -> t.window().cpuMicrosPerMessage())),
                    three(s, c, f, t -> t.window().kilobytesPerMessage(), 2),
                    bold(medianRatio(s, f, t -> t.window().kilobytesPerMessage())),
                    bold(medianRatio(s, c, t -> t.window().kilobytesPerMessage())),
                    bold(camelOverFloor(r, t -> t.window().kilobytesPerMessage())),
                    three(s, c, f, ScaleStreams.Run::p50, 2),
                    bold(medianRatio(s, f, ScaleStreams.Run::p50)), bold(medianRatio(s, c, ScaleStreams.Run::p50)),
                    gapsAndDuplicates(s) + "; " + gapsAndDuplicates(c) + "; " + gapsAndDuplicates(f),
                    three(s, c, f, ScaleStreams.Run::deliveredShare, 3),
                    three(s, c, f, t -> t.window().threadsAdded(), 0));
        }
    }

    /** The mean of each side's runs: subject / Camel's share / floor. */
    private static <T> String three(List<T> subjects, List<T> camelShares, List<T> floors, ToDoubleFunction<T> figure,
                                    int decimals) {
        return num(mean(subjects, figure), decimals) + " / " + num(mean(camelShares, figure), decimals) + " / "
                + num(mean(floors, figure), decimals);
    }

    private static String gapsAndDuplicates(List<ScaleStreams.Run> runs) {
        return num(mean(runs, ScaleStreams.Run::gaps), 0) + " / " + num(mean(runs, ScaleStreams.Run::duplicates), 0);
    }

    private static String bold(double ratio) {
        return "**" + num(ratio, 2) + "x**";
    }

    /**
     * Camel's own share ÷ the floor: each Camel's share run but the last sits between two floor runs (floor,
     * Camel's share, subject, floor, ..., Camel's share), so the subjects' {@link #medianRatio} applies to them.
     */
    private static double camelOverFloor(ScaleStreams.Result r, ToDoubleFunction<ScaleStreams.Run> figure) {
        return medianRatio(r.camelShares().subList(0, r.floors().size() - 1), r.floors(), figure);
    }

    /** " (missed)" when a ratio, as printed (two decimals), is over its ceiling. */
    private static String missedAbove(double value, double ceiling) {
        return Math.round(value * 100) / 100.0 > ceiling ? " (missed)" : "";
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
            var c = r.camelShares();
            double cpuOverCamel = medianRatio(s, c, t -> t.window().cpuMicrosPerMessage());
            double cpuOverFloor = medianRatio(s, f, t -> t.window().cpuMicrosPerMessage());
            double allocationOverFloor = medianRatio(s, f, t -> t.window().kilobytesPerMessage());
            add("| ... client CPU per message ≤ 1.1x Camel's own share (the floor's parse, one exchange per trade"
                    + " through a `direct:` route) | %sx%s (%s vs %s µs) |", num(cpuOverCamel, 2),
                    missedAbove(cpuOverCamel, 1.1), num(mean(s, t -> t.window().cpuMicrosPerMessage()), 0),
                    num(mean(c, t -> t.window().cpuMicrosPerMessage()), 0));
            add("| ... CPU per message ≤ 1.25x the raw WebSocket floor | %sx%s (%s vs %s µs) |",
                    num(cpuOverFloor, 2), missedAbove(cpuOverFloor, 1.25),
                    num(mean(s, t -> t.window().cpuMicrosPerMessage()), 0),
                    num(mean(f, t -> t.window().cpuMicrosPerMessage()), 0));
            add("| ... allocation per message ≤ 1.3x the floor | %sx%s (%s vs %s KB; ÷ Camel's own share %sx) |",
                    num(allocationOverFloor, 2), missedAbove(allocationOverFloor, 1.3),
                    num(mean(s, t -> t.window().kilobytesPerMessage()), 2),
                    num(mean(f, t -> t.window().kilobytesPerMessage()), 2),
                    num(medianRatio(s, c, t -> t.window().kilobytesPerMessage()), 2));
            double camelCpu = camelOverFloor(r, t -> t.window().cpuMicrosPerMessage());
            double camelAllocation = camelOverFloor(r, t -> t.window().kilobytesPerMessage());
            add("| Camel's own share alone ÷ raw (no target; above 1.25x CPU or 1.3x allocation, that target against raw"
                    + " is out of reach of any component whose trades go through Camel's exchange) | CPU %sx%s (%s vs %s"
                    + " µs), allocation %sx%s (%s vs %s KB), %s gaps, %s duplicates |", num(camelCpu, 2),
                    missedAbove(camelCpu, 1.25).isEmpty() ? "" : " (above 1.25x)", num(mean(c, t -> t.window().cpuMicrosPerMessage()), 0),
                    num(mean(f, t -> t.window().cpuMicrosPerMessage()), 0), num(camelAllocation, 2),
                    missedAbove(camelAllocation, 1.3).isEmpty() ? "" : " (above 1.3x)",
                    num(mean(c, t -> t.window().kilobytesPerMessage()), 2),
                    num(mean(f, t -> t.window().kilobytesPerMessage()), 2), num(mean(c, ScaleStreams.Run::gaps), 0),
                    num(mean(c, ScaleStreams.Run::duplicates), 0));
            add("| ... 0 gaps, 0 duplicates, 0 stack traces | %s gaps, %s duplicates, %s stack traces |",
                    num(mean(s, ScaleStreams.Run::gaps), 0), num(mean(s, ScaleStreams.Run::duplicates), 0),
                    num(mean(s, t -> t.window().log().stackTraces()), 0));
        });
        streams.stream().filter(r -> r.n() == 1).findFirst().ifPresent(r -> {
            var s = r.subjects();
            var f = r.floors();
            var c = r.camelShares();
            double p50 = medianRatio(s, f, ScaleStreams.Run::p50);
            double p99 = medianRatio(s, f, ScaleStreams.Run::p99);
            add("| 1 streamed market at %d trades/s: p50 ≤ 1.1x, p99 ≤ 1.3x the floor | p50 %sx%s, p99 %sx%s (the best"
                    + " run of each side, as other processes only ever add latency: p50 %s vs %s ms, p99 %s vs %s ms);"
                    + " p50 ÷ Camel's own share %sx, Camel's own share ÷ floor %sx (best run %s ms); %s gaps, %s"
                    + " duplicates |", settings.tradeRate(), num(p50, 2), missedAbove(p50, 1.1), num(p99, 2),
                    missedAbove(p99, 1.3), num(best(s, ScaleStreams.Run::p50), 2),
                    num(best(f, ScaleStreams.Run::p50), 2), num(best(s, ScaleStreams.Run::p99), 2),
                    num(best(f, ScaleStreams.Run::p99), 2), num(medianRatio(s, c, ScaleStreams.Run::p50), 2),
                    num(camelOverFloor(r, ScaleStreams.Run::p50), 2), num(best(c, ScaleStreams.Run::p50), 2),
                    num(mean(s, ScaleStreams.Run::gaps), 0), num(mean(s, ScaleStreams.Run::duplicates), 0));
        });
        if (overhead != null) {
            add("| a producer call over Camel's own share (the plain GET in a route), 4 threads: ≥ 0.97 | median of %d"
                    + " paired rounds **%s**%s (rounds %s-%s); %,.0f vs %,.0f req/s; process CPU per call %s vs %s µs |",
                    overhead.rounds(), num(overhead.median(), 3),
                    Math.round(overhead.median() * 1000) / 1000.0 < 0.97 ? " (missed)" : "",
                    num(overhead.min(), 2), num(overhead.max(), 2),
                    overhead.producerRate(), overhead.plainRate(), num(overhead.producerCpu(), 1),
                    num(overhead.plainCpu(), 1));
        }
    }

    /** Each run's own figures, in the order run, so a disturbed floor run shows. */
    private void runs() {
        add("");
        add("Each run, in order: client CPU µs/msg, allocated KB/msg, process CPU µs/msg (client and simulator"
                + " together)%s.", streams.isEmpty() ? "" : "; for streams also p50 / p99 ms, and in brackets the client"
                + " CPU µs/msg and KB/msg of each group of threads (a pool's threads together) that spent at least 2%"
                + " of either; Camel's own share's runs come between the floor's and the subject's");
        add("");
        for (ScaleTickers.Result r : tickers) {
            add("- tickers N=%d: %s", r.n(), order(r.floors(), List.of(), r.subjects(),
                    t -> figures(t.window()) + failures(t.window(), t.floorFailures())));
        }
        for (ScaleStreams.Result r : streams) {
            add("- streams N=%d: %s", r.n(), order(r.floors(), r.camelShares(), r.subjects(),
                    t -> figures(t.window()) + "; " + num(t.p50(), 2) + " / " + num(t.p99(), 2)
                            + failures(t.window(), t.floorFailures()) + " " + byThreads(t.window())));
        }
    }

    /** Runs as they went: floor, Camel's share (where there is one), subject, ..., floor, Camel's share. */
    private static <T> String order(List<T> floors, List<T> camelShares, List<T> subjects,
                                    Function<T, String> figures) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < floors.size(); i++) {
            parts.add("floor " + figures.apply(floors.get(i)));
            if (i < camelShares.size()) {
                parts.add("Camel's share " + figures.apply(camelShares.get(i)));
            }
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

    /** Where a run's client CPU and allocation went, by group of threads, the larger first. */
    private static String byThreads(Window w) {
        ThreadMeter.Spent spent = w.spent();
        List<String> parts = new ArrayList<>();
        spent.byGroup().entrySet().stream()
                .filter(e -> e.getValue()[0] >= 0.02 * spent.cpuNanos() || e.getValue()[1] >= 0.02 * spent.allocatedBytes())
                .sorted((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]))
                .forEach(e -> parts.add(e.getKey() + " " + num(e.getValue()[0] / 1000.0 / w.delivered(), 1) + " / "
                        + num(e.getValue()[1] / 1024.0 / w.delivered(), 2)));
        return w.delivered() == 0 ? "" : "[" + String.join(", ", parts) + "]";
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
