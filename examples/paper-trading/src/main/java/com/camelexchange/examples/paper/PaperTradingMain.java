package com.camelexchange.examples.paper;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.examples.support.ExchangeTarget;
import com.camelexchange.paper.PaperReport;
import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.Main;
import org.apache.camel.main.MainListenerSupport;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Paper trading, then a replay, with one set of routes ({@link StrategyRoutes}). An embedded simulator with
 * synthetic traders stands in for the live service, so the run needs no network. First the routes trade in paper
 * mode on its market, recording what the component receives; then they trade against a simulator replaying that
 * recording. Each run ends with a report (text and picture), and the example prints one summary line.
 *
 * <p>Argument: the most seconds the paper run may take (default 120); it ends sooner once orders were filled and
 * cancelled. System property {@code paper.dir}: where the recording and reports go (default {@code target}).
 */
public final class PaperTradingMain {
    /** What the paper account starts with, and the replay's account too. */
    static final String BALANCES = "usdt=10000,btc=0.2";
    /** The replaying simulator's account. */
    static final String REPLAY_KEY = "replay-access-key";
    static final String REPLAY_SECRET = "replay-secret-key";

    private PaperTradingMain() {
    }

    /** What a run of the example produced. */
    record Outcome(String paperSummary, String replaySummary, long upstreamSigned, Path paperPicture,
                   Path replayPicture, Path recording) {

        /** The line the example ends with. */
        String summaryLine() {
            return "paper: " + paperSummary + " upstreamSigned=" + upstreamSigned;
        }
    }

    public static void main(String[] args) throws Exception {
        int maxSeconds = args.length > 0 ? Integer.parseInt(args[0]) : 120;
        run(Path.of(System.getProperty("paper.dir", "target")), System.out, Duration.ofSeconds(maxSeconds), 2, 4);
    }

    /**
     * @param fillsWanted the paper run ends once the account had this many fills and a cancel
     * @param replaySpeed how many times faster than recorded the replay plays
     */
    static Outcome run(Path dir, PrintStream out, Duration maxPaperRun, int fillsWanted, double replaySpeed)
            throws Exception {
        Path recording = dir.resolve("paper-trading").resolve("session.jsonl");
        Files.deleteIfExists(recording);
        Path paperReport = dir.resolve("paper-report");
        Path replayReport = dir.resolve("replay-report");
        String paperSummary;
        long upstreamSigned;
        try (ExchangeSimulator live = ExchangeSimulator.builder().seed(7)
                .key(ExchangeTarget.DEMO_ACCESS_KEY, ExchangeTarget.DEMO_SECRET_KEY).build().start()) {
            out.println("The live market: the embedded simulator at " + live.baseUrl() + ", standing in for the real"
                    + " service (synthetic traders, the demo account's keys)");
            paperSummary = paperRun(live, recording, paperReport, out, maxPaperRun, fillsWanted);
            upstreamSigned = live.signedRequestCount();
        }
        out.println("Recorded " + lineCount(recording) + " lines of market data to " + recording.toAbsolutePath());
        String replaySummary = replayRun(recording, replayReport, out, replaySpeed);
        Outcome outcome = new Outcome(paperSummary, replaySummary, upstreamSigned,
                paperReport.resolve(PaperReport.PICTURE), replayReport.resolve(PaperReport.PICTURE), recording);
        out.println("Reports: " + outcome.paperPicture().toAbsolutePath() + " and "
                + outcome.replayPicture().toAbsolutePath());
        out.println("replay: " + replaySummary);
        out.println(outcome.summaryLine());
        return outcome;
    }

    /** The routes in paper mode on the live market, recording it; ends once they showed enough. */
    private static String paperRun(ExchangeSimulator live, Path recording, Path report, PrintStream out,
                                   Duration maxRun, int fillsWanted) throws Exception {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("camel.component.exchange.baseUrl", live.baseUrl());
        // The user's keys, as in live trading: in paper mode they are never used to sign anything.
        properties.put("camel.component.exchange.accessKey", ExchangeTarget.DEMO_ACCESS_KEY);
        properties.put("camel.component.exchange.secretKey", ExchangeTarget.DEMO_SECRET_KEY);
        properties.put("camel.component.exchange.paper", "true");
        properties.put("camel.component.exchange.paperBalances", BALANCES);
        properties.put("camel.component.exchange.recordTo", recording.toString());
        out.println("Paper trading on the live market with " + BALANCES + "; recording to " + recording.getFileName());
        Main main = new Main();
        EventTally tally = new EventTally(out, "paper", () -> main.completed(), fillsWanted);
        AtomicReference<String> summary = new AtomicReference<>();
        main.addMainListener(new MainListenerSupport() {
            @Override
            public void beforeStop(BaseMainSupport stopping) {
                ExchangeComponent exchange = stopping.getCamelContext().getComponent("exchange",
                        ExchangeComponent.class);
                try {
                    summary.set(exchange.paperExchange().report(report));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        run(main, properties, tally, maxRun);
        return summary.get();
    }

    /** The same routes against a simulator replaying the recording, as fast as {@code speed}; ends with it. */
    private static String replayRun(Path recording, Path report, PrintStream out, double speed) throws Exception {
        Map<String, BigDecimal> balances = balances();
        try (ExchangeSimulator replay = ExchangeSimulator.builder().replay(recording).speed(speed).stepped()
                .key(REPLAY_KEY, REPLAY_SECRET).funds(balances).build().start()) {
            out.println("Replaying it " + speed + " times as fast, the same routes in live mode against " + replay.baseUrl());
            Map<String, String> properties = new LinkedHashMap<>();
            properties.put("camel.component.exchange.baseUrl", replay.baseUrl());
            properties.put("camel.component.exchange.accessKey", REPLAY_KEY);
            properties.put("camel.component.exchange.secretKey", REPLAY_SECRET);
            Main main = new Main();
            AtomicReference<String> summary = new AtomicReference<>();
            main.addMainListener(new MainListenerSupport() {
                @Override
                public void afterStart(BaseMainSupport started) {
                    replay.replay().play();
                    Thread ends = new Thread(() -> {
                        try {
                            replay.replay().awaitPaused(Duration.ofHours(1));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        main.completed();
                    }, "replay-end");
                    ends.setDaemon(true);
                    ends.start();
                }

                @Override
                public void beforeStop(BaseMainSupport stopping) {
                    PaperReport result = PaperReport.of(replay, REPLAY_KEY, balances);
                    try {
                        result.write(report);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    summary.set(result.summary());
                }
            });
            run(main, properties, new EventTally(out, "replay", () -> { }, Integer.MAX_VALUE), Duration.ofHours(1));
            return summary.get();
        }
    }

    private static void run(Main main, Map<String, String> properties, EventTally tally, Duration maxRun)
            throws Exception {
        properties.forEach(main::addInitialProperty);
        main.configure().addRoutesBuilder(new StrategyRoutes(tally));
        main.configure().withDurationMaxSeconds((int) maxRun.toSeconds());
        main.run();
    }

    static Map<String, BigDecimal> balances() {
        Map<String, BigDecimal> balances = new LinkedHashMap<>();
        for (String pair : BALANCES.split(",")) {
            String[] coinAmount = pair.split("=");
            balances.put(coinAmount[0], new BigDecimal(coinAmount[1]));
        }
        return balances;
    }

    private static long lineCount(Path file) throws IOException {
        try (var lines = Files.lines(file)) {
            return lines.count();
        }
    }
}
