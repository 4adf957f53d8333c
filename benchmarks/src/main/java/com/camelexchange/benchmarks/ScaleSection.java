package com.camelexchange.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code scale} section: hundreds of markets on one component, against floors a hand-written client would
 * be, each scenario run floor, subject, floor in one simulator so the ratios hold on a busy machine; streamed
 * trades also against Camel's own share (the floor with one Camel exchange per trade), run floor, Camel's share,
 * subject, floor, Camel's share (the first streamed N after an unmeasured run of each side, so that none meets
 * another's code warm). {@link ScaleTickers} (polled tickers), {@link ScaleStreams} (streamed trades),
 * {@link ScaleOverhead} (the producer over Camel's own share); {@link ScaleReport} writes the tables.
 *
 * <p>System properties: {@code scaleTickers} (1,10,100,500 routes; empty for none), {@code scaleStreams}
 * (1,10,50,200), {@code scaleSeconds} (20, the measured window of each run), {@code scaleTickerWarmUp} (15 s
 * from adding the routes to the window), {@code scaleStreamWarmUp} (3 s after ready), {@code scaleFloorWarmUp}
 * (3 s), {@code scaleTradeRate} (500 trades/s in all), {@code scaleStampMillis} (500: how often each market's
 * ticker changes), {@code scaleReadyTimeout} (120 s), {@code scaleRounds} (1 subject run per N, between
 * rounds + 1 floor runs), {@code scaleLatencyRounds} (5) and {@code scaleLatencySeconds} (6) instead for one
 * streamed market, whose latency ratios are targets, {@code scaleOverheadRounds} (8; 0 skips it).
 */
final class ScaleSection {

    record Settings(List<Integer> tickers, List<Integer> streams, double seconds, double tickerWarmUp,
                    double streamWarmUp, double floorWarmUp, int tradeRate, int stampMillis, int readyTimeout,
                    int rounds, int latencyRounds, double latencySeconds, int overheadRounds) {

        static Settings fromSystemProperties() {
            return new Settings(sizes("scaleTickers", "1,10,100,500"), sizes("scaleStreams", "1,10,50,200"),
                    number("scaleSeconds", 20), number("scaleTickerWarmUp", 15), number("scaleStreamWarmUp", 3),
                    number("scaleFloorWarmUp", 3), Integer.getInteger("scaleTradeRate", 500),
                    Integer.getInteger("scaleStampMillis", 500), Integer.getInteger("scaleReadyTimeout", 120),
                    Math.max(1, Integer.getInteger("scaleRounds", 1)),
                    Math.max(1, Integer.getInteger("scaleLatencyRounds", 5)), number("scaleLatencySeconds", 6),
                    Integer.getInteger("scaleOverheadRounds", 8));
        }

        /** Short windows for a run that only warms the code up. */
        Settings forWarmUp() {
            return new Settings(tickers, streams, 5, 2, 1, 1, tradeRate, stampMillis, readyTimeout, rounds,
                    latencyRounds, latencySeconds, overheadRounds);
        }

        /**
         * One streamed market, where the latency ratios are targets: more, shorter subject runs with floor runs
         * between them, so that a median of their ratios can stand against a disturbed run.
         */
        Settings forLatency() {
            return new Settings(tickers, streams, latencySeconds, tickerWarmUp, streamWarmUp, floorWarmUp, tradeRate,
                    stampMillis, readyTimeout, latencyRounds, latencyRounds, latencySeconds, overheadRounds);
        }

        private static List<Integer> sizes(String property, String defaults) {
            String value = System.getProperty(property, defaults).trim();
            return value.isEmpty() ? List.of()
                    : Arrays.stream(value.split(",")).map(String::trim).map(Integer::valueOf).toList();
        }

        private static double number(String property, double defaultValue) {
            String value = System.getProperty(property);
            return value == null ? defaultValue : Double.parseDouble(value);
        }
    }

    private ScaleSection() {
    }

    /** Runs the section; returns the markdown to print and write. */
    static String run() throws Exception {
        LogTally.install();
        Settings settings = Settings.fromSystemProperties();
        long start = System.nanoTime();
        List<ScaleTickers.Result> tickers = new ArrayList<>();
        for (int n : settings.tickers()) {
            progress("polled tickers, N = " + n);
            tickers.add(ScaleTickers.run(n, settings));
        }
        List<ScaleStreams.Result> streams = new ArrayList<>();
        for (int n : settings.streams()) {
            progress("streamed markets, N = " + n);
            streams.add(ScaleStreams.run(n, settings, streams.isEmpty()));
        }
        ScaleOverhead.Result overhead = null;
        if (settings.overheadRounds() > 0) {
            progress("producer over Camel's own share");
            overhead = ScaleOverhead.run(settings.overheadRounds());
        }
        double minutes = (System.nanoTime() - start) / 60e9;
        return new ScaleReport(settings, tickers, streams, overhead, minutes).markdown();
    }

    private static void progress(String what) {
        System.out.println("scale: " + what + " ...");
    }
}
