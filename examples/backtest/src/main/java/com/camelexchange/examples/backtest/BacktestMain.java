package com.camelexchange.examples.backtest;

import com.camelexchange.examples.javapaper.MarketRecorder;
import com.camelexchange.examples.javapaper.TouchQuoter;
import com.camelexchange.paper.PaperReport;
import org.apache.camel.main.Main;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * A backtest in one command. First the simulator's synthetic market is recorded, stepped as fast as the machine
 * goes ({@link MarketRecorder}); then a Camel Main application runs the strategy's route ({@link StrategyRoutes})
 * on the recording with {@code replayFrom}: the component applies the recording one event at a time, the route
 * trades on the paper exchange in step with it, and at the recording's end the component logs its summary line
 * ({@code backtest: events=...}), writes the report (text and picture) and stops the context, so that
 * {@code main.run()} returns by itself.
 *
 * <p>Argument: how many events to record (default 1,000,000). System property {@code backtest.dir}: where the
 * recording and the report go (default {@code target}).
 */
public final class BacktestMain {
    /** The paper account the backtest starts with. */
    static final String BALANCES = "usdt=10000,btc=0.5";
    /** The synthetic traders' seed: the same seed, the same market, the same report. */
    static final long SEED = 29;
    static final long DEFAULT_EVENTS = 1_000_000;

    private BacktestMain() {
    }

    /** What a run of the example produced. */
    record Outcome(MarketRecorder.Recorded recorded, Path report, long booksSeen, long refusedOrders) {
        Path reportText() {
            return report.resolve(PaperReport.TEXT);
        }

        Path reportPicture() {
            return report.resolve(PaperReport.PICTURE);
        }
    }

    public static void main(String[] args) throws Exception {
        long events = args.length > 0 ? Long.parseLong(args[0]) : DEFAULT_EVENTS;
        run(Path.of(System.getProperty("backtest.dir", "target")), events, System.out);
    }

    static Outcome run(Path dir, long events, PrintStream out) throws Exception {
        if (events < 1) {
            throw new IllegalArgumentException("At least one event to record, not " + events);
        }
        Path recording = dir.resolve("backtest").resolve("market.jsonl");
        Path report = dir.resolve("backtest-report");
        out.printf(Locale.ROOT, "Recording %,d events of the simulator's synthetic %s market (seed %d) to %s%n",
                events, MarketRecorder.MARKET, SEED, recording.toAbsolutePath());
        long started = System.nanoTime();
        MarketRecorder.Recorded recorded = new MarketRecorder(SEED).record(recording, events);
        out.printf(Locale.ROOT, "Recorded %,d events (%,d steps, %.1f hours of market time, %,d MB) in %.1f s%n",
                recorded.events(), recorded.steps(), recorded.marketTime().toSeconds() / 3600.0,
                Files.size(recording) / 1_000_000, (System.nanoTime() - started) / 1e9);

        TouchQuoter quoter = new TouchQuoter(100, Duration.ofMinutes(2), 4);
        Main main = new Main();
        // A backtest connects to nothing: it needs no base URL and no keys.
        main.addInitialProperty("camel.component.exchange.replay-from", recording.toString());
        main.addInitialProperty("camel.component.exchange.paper-balances", BALANCES);
        main.addInitialProperty("camel.component.exchange.paper-report-to", report.toString());
        main.configure().addRoutesBuilder(new StrategyRoutes(quoter));
        out.println("Backtesting the strategy on it with " + BALANCES + " (the summary line follows)");
        // Returns when the backtest stopped the context at the recording's end.
        main.run();
        Outcome outcome = new Outcome(recorded, report, quoter.books(), quoter.refusedOrders());
        out.printf(Locale.ROOT, "The strategy saw %,d books; the paper exchange refused %,d of its orders%n",
                outcome.booksSeen(), outcome.refusedOrders());
        out.println("Report: " + outcome.reportText().toAbsolutePath() + " and " + outcome.reportPicture().toAbsolutePath());
        return outcome;
    }
}
