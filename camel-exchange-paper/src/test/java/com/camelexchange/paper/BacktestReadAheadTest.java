package com.camelexchange.paper;

import com.camelexchange.component.consumer.ReplayedConsumer;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The recording is read ahead on a thread of its own, which changes nothing of a run: every event arrives in file
 * order up to a broken line however far ahead the reader found it, the line is named as before, and the thread ends
 * with the backtest, at its end, at a broken line, and at a stop while the reader waits for room.
 */
class BacktestReadAheadTest {
    /** Far more events than the read-ahead holds (a few batches of 256). */
    private static final int SECONDS = 2000;

    @TempDir
    Path dir;

    @Test
    void aBrokenLineFarAheadEndsTheBacktestThereAfterEveryEventBeforeIt() throws Exception {
        Path recording = BacktestFixture.recording(dir, SECONDS);
        Files.writeString(recording, "{\"at\":\"2024-01-01T01:00:00Z\",\"kind\":\"trade\",\"market\":\"btc_usdt\","
                                     + "\"data\":{\"price\":\"not a number\"}}\n", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        AtomicInteger trades = new AtomicInteger();
        AtomicInteger lastTid = new AtomicInteger();
        CapturedLog log = CapturedLog.of(() -> BacktestFixture.run(recording, dir.resolve("report"),
                "http://127.0.0.1:9", new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("exchange:trades?market=" + BTC + "&streaming=true").process(e -> {
                            long tid = e.getMessage().getBody(com.camelexchange.client.model.Trade.class).tid();
                            // In file order: each trade's id is the one before it plus one.
                            if (tid == lastTid.get() + 1) {
                                lastTid.set((int) tid);
                            }
                            trades.incrementAndGet();
                        });
                    }
                }, component -> { }));
        assertThat(trades).hasValue(SECONDS);
        assertThat(lastTid).hasValue(SECONDS);
        List<String> errors = log.lines("ERROR", BacktestRun.class);
        assertThat(errors).hasSize(1);
        // The markets line, three lines a second, then the broken one.
        assertThat(errors.get(0)).contains("The backtest stopped at line " + (SECONDS * 3 + 2) + " of " + recording);
        assertThat(log.lines("INFO", BacktestSummary.class)).anyMatch(l -> l.contains("backtest: events="
                + SECONDS * 3 + " "));
        assertThat(log.hasStackTrace()).isFalse();
        assertThat(readAheadThreads()).isEmpty();
    }

    @Test
    void theThreadEndsWithABacktestThatRanToItsEnd() throws Exception {
        Path recording = BacktestFixture.recording(dir, SECONDS);
        AtomicInteger books = new AtomicInteger();
        BacktestFixture.run(recording, dir.resolve("report"), "http://127.0.0.1:9", new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:depth?market=" + BTC + "&streaming=true").process(e -> books.incrementAndGet());
            }
        }, component -> { });
        assertThat(books).hasValue(SECONDS);
        assertThat(readAheadThreads()).isEmpty();
    }

    @Test
    void aStopWhileTheReaderWaitsForRoomEndsItsThread() throws Exception {
        Path recording = BacktestFixture.recording(dir, SECONDS);
        AtomicInteger trades = new AtomicInteger();
        CountDownLatch tenth = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        DefaultCamelContext context = BacktestFixture.start(recording, dir.resolve("report"), "http://127.0.0.1:9",
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("exchange:trades?market=" + BTC + "&streaming=true").process(e -> {
                            if (trades.incrementAndGet() == 10) {
                                tenth.countDown();
                                // Held until the context is stopping: the backtest's thread waits here.
                                release.await(60, TimeUnit.SECONDS);
                            }
                        });
                    }
                }, component -> { });
        try {
            assertThat(tenth.await(60, TimeUnit.SECONDS)).as("the tenth trade").isTrue();
            // The reader is far ahead with the queue full: it waits for room.
            Await.until(60, "the read-ahead thread waits for room", () -> readAheadThreads().stream()
                    .anyMatch(t -> t.getState() == Thread.State.WAITING));
            assertThat(readAheadThreads()).hasSize(1).allMatch(Thread::isDaemon);
            CapturedLog log = CapturedLog.of(() -> {
                Thread stopping = new Thread(context::stop, "test-stop");
                stopping.start();
                Await.until(60, "the context is stopping", () -> context.isStopping() || context.isStopped());
                release.countDown();
                stopping.join(TimeUnit.SECONDS.toMillis(60));
            });
            assertThat(context.isStopped()).isTrue();
            // The held exchange, refused the rest of its route by the stop, is the stop's doing: no warning.
            assertThat(log.lines("WARN", ReplayedConsumer.class)).isEmpty();
            assertThat(log.hasStackTrace()).as("a stack trace in the log").isFalse();
            assertThat(trades).as("no trade after the stop").hasValue(10);
            assertThat(readAheadThreads()).isEmpty();
        } finally {
            // A failed assertion leaves nothing running for the tests after it.
            release.countDown();
            context.stop();
        }
    }

    private static List<Thread> readAheadThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(ReadAhead.THREAD_NAME) && t.isAlive()).toList();
    }
}
