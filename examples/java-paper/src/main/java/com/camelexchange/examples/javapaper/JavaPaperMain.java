package com.camelexchange.examples.javapaper;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.feed.Feed;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.paper.Backtest;
import com.camelexchange.client.paper.PaperRun;
import com.camelexchange.client.paper.PaperSettings;
import com.camelexchange.simulator.ExchangeSimulator;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Paper trading and a backtest in a plain Java program: the client and camel-exchange-paper, no Camel. The same
 * strategy ({@link TouchQuoter}, through {@link QuoterTurn}) first trades on paper against a live market (the
 * embedded simulator with its synthetic traders stands in for the real service: nothing signed reaches it), then is
 * backtested on a recording of the simulator's synthetic market, in lock-step, ending with the backtest's summary
 * line, the same line a Camel backtest of the same strategy on the same recording logs.
 *
 * <p>Arguments: how many events to record for the backtest (default 200,000), and how many books the strategy acts
 * on while paper trading (default 5). System property {@code javapaper.dir}: where the recording and the reports go
 * (default {@code target}).
 */
public final class JavaPaperMain {
    /** The paper account both parts start with. */
    static final String BALANCES = "usdt=10000,btc=0.5";
    /** The synthetic traders' seed: the same seed, the same recorded market. */
    static final long SEED = 29;
    static final long DEFAULT_EVENTS = 200_000;
    static final int DEFAULT_TURNS = 5;

    private JavaPaperMain() {
    }

    public static void main(String[] args) throws Exception {
        long events = args.length > 0 ? Long.parseLong(args[0]) : DEFAULT_EVENTS;
        int turns = args.length > 1 ? Integer.parseInt(args[1]) : DEFAULT_TURNS;
        Path dir = Path.of(System.getProperty("javapaper.dir", "target"));
        paperTrade(dir.resolve("java-paper-report"), turns, System.out);
        Path recording = dir.resolve("java-backtest").resolve("market.jsonl");
        System.out.printf(Locale.ROOT, "Recording %,d events of the simulator's synthetic %s market (seed %d)%n",
                events, MarketRecorder.MARKET, SEED);
        new MarketRecorder(SEED).record(recording, events);
        Path report = dir.resolve("java-backtest-report");
        System.out.println(backtest(recording, report, System.out));
        System.out.println("Report: " + report.resolve("paper-report.txt").toAbsolutePath() + " and "
                           + report.resolve("paper-report.png").toAbsolutePath());
    }

    /** What the paper run did: the report's summary and how many signed requests reached the live service. */
    record PaperOutcome(String summary, long signedAtLive) {
    }

    /**
     * Paper-trades the strategy on the live market until it acted on {@code turns} books: its orders go to the
     * paper exchange, which fills them against the live book and trades.
     */
    static PaperOutcome paperTrade(Path report, int turns, PrintStream out) throws Exception {
        try (ExchangeSimulator live = ExchangeSimulator.builder().seed(7).build().start()) {
            out.println("The live market: the embedded simulator at " + live.baseUrl());
            String summary;
            // tag::paper[]
            try (ExchangeClient reader = ExchangeClient.builder().baseUrl(live.baseUrl()).build();
                 PaperRun paper = PaperRun.builder().account(PaperSettings.startingWith(BALANCES))
                         .liveMarketFrom(() -> reader).reportTo(report).open();
                 ExchangeClient client = paper.configure(ExchangeClient.builder().baseUrl(live.baseUrl())).build()) {
                QuoterTurn strategy = new QuoterTurn(new TouchQuoter(2, Duration.ofSeconds(30), 4), client);
                // The feed's thread hands each book over; this thread trades on it.
                BlockingQueue<Depth> books = new ArrayBlockingQueue<>(100);
                try (Feed depth = Feed.depth(client, MarketRecorder.MARKET).size(5).streaming(true)
                        .start(books::offer)) {
                    for (int acted = 0; acted < turns; ) {
                        Depth book = books.poll(60, TimeUnit.SECONDS);
                        if (book == null) {
                            throw new IllegalStateException("No book from the live market in 60 s");
                        }
                        acted += strategy.on(book) ? 1 : 0;
                    }
                }
                summary = paper.runningExchange().report(report);
            }
            // end::paper[]
            out.println("paper: " + summary + " (report in " + report.toAbsolutePath() + ")");
            return new PaperOutcome(summary, live.signedRequestCount());
        }
    }

    /**
     * Backtests the strategy on a recording: each recorded book goes to it on the backtest's thread, and the next
     * event is applied when it returned, so its reads, cancels and orders meet the market as that book left it.
     *
     * @return the backtest's summary line
     */
    public static String backtest(Path recording, Path report, PrintStream out) throws Exception {
        out.println("Backtesting the strategy on " + recording.toAbsolutePath() + " with " + BALANCES);
        // tag::backtest[]
        try (PaperRun run = PaperRun.builder().replayFrom(recording).account(PaperSettings.startingWith(BALANCES))
                .reportTo(report).open();
             ExchangeClient client = run.configure(ExchangeClient.builder()).build()) {
            QuoterTurn strategy = new QuoterTurn(new TouchQuoter(100, Duration.ofMinutes(2), 4), client);
            run.backtest().onDepth(MarketRecorder.MARKET, strategy::on);
            Backtest.State end = run.runBacktest();
            if (end != Backtest.State.FINISHED) {
                throw new IllegalStateException("The backtest did not finish: " + run.backtest().failure());
            }
            return run.backtest().summary();
        }
        // end::backtest[]
    }
}
