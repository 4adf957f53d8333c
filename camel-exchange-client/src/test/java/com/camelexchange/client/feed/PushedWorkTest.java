package com.camelexchange.client.feed;

import com.camelexchange.client.internal.feed.PushedWork;
import com.camelexchange.client.internal.feed.StreamHealth;
import com.camelexchange.client.internal.feed.PushContext;
import com.camelexchange.client.internal.feed.Pushes;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.internal.stream.Backoff;
import com.camelexchange.client.internal.stream.CatchUpTurns;
import com.camelexchange.client.internal.stream.StreamSessions;
import com.camelexchange.client.internal.stream.StreamSettings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pushed consumer's work on the streams' shared pool, run by hand: items in order, a share per run before the
 * others' turn, and a failure of the work (an exception, a JVM error) reported and retried after the backoff rather
 * than ending it. Nothing is subscribed: the test wakes the work as the connection's threads would.
 */
class PushedWorkTest {
    private static final Duration BACKOFF = Duration.ofSeconds(2);

    private final ManualPool pool = new ManualPool();
    private final List<Object> delivered = new ArrayList<>();
    private final List<String> reports = new ArrayList<>();
    private final StreamSessions streams = new StreamSessions(null, pool, new StreamSettings(Duration.ofSeconds(1),
            Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1), 1 << 20,
            Duration.ofSeconds(1)), null, pool, new CatchUpTurns(1), Metrics.NONE);
    private final PushedWork.Delivery delivery = new PushedWork.Delivery() {
        @Override
        public boolean deliver(Object item, Runnable onCompleted) {
            delivered.add(item);
            onCompleted.run();
            return true;
        }

        @Override
        public void report(String message, Throwable cause) {
            reports.add(message + ": " + cause);
        }
    };

    /** A kind whose work the test writes; it stops when told. */
    private static final class Kind implements Pushes {
        final Consumer<PushContext> work;
        boolean stopped;

        Kind(Consumer<PushContext> work) {
            this.work = work;
        }

        @Override
        public String channel() {
            return "btcusdt_trades";
        }

        @Override
        public String address() {
            return "ws://test";
        }

        @Override
        public boolean pushed(PushFrame frame) {
            return true;
        }

        @Override
        public boolean subscribed() {
            return true;
        }

        @Override
        public boolean gap() {
            return true;
        }

        @Override
        public void work(PushContext context) {
            work.accept(context);
        }

        @Override
        public void stop() {
            stopped = true;
        }
    }

    private PushedWork consumer(Kind kind) {
        return new PushedWork(kind, streams, new StreamHealth("test"), delivery,
                new Backoff(BACKOFF, BACKOFF.multipliedBy(4)));
    }

    @Test
    void aRunDeliversItsShareInOrderAndTheRestAfterTheOthersTurn() {
        long[] next = {1};
        PushedWork work = consumer(new Kind(context -> {
            while (next[0] <= 250 && context.more()) {
                long item = next[0]++;
                context.emit(item, () -> { });
            }
        }));
        work.wake();
        pool.execute(() -> delivered.add("another consumer"));
        pool.runNext();
        assertThat(delivered).hasSize(PushedWork.SHARE);
        assertThat(pool.queued()).as("the rest queued behind the other consumer").isEqualTo(2);
        pool.runAll(10);
        assertThat(delivered).hasSize(251);
        assertThat(delivered.get(PushedWork.SHARE)).isEqualTo("another consumer");
        List<Object> items = new ArrayList<>(delivered);
        items.remove("another consumer");
        assertThat(items).isEqualTo(java.util.stream.LongStream.rangeClosed(1, 250).boxed().toList());
    }

    @Test
    void aFailedRunIsReportedAndTheWorkGoesOnAfterTheBackoff() {
        int[] runs = {0};
        PushedWork work = consumer(new Kind(context -> {
            if (++runs[0] == 1) {
                throw new IllegalStateException("bug");
            }
            if (runs[0] == 2) {
                throw new StackOverflowError();
            }
            context.emit("done", () -> { });
        }));
        work.wake();
        pool.runAll(10);
        assertThat(reports).singleElement().asString().startsWith("Streaming btcusdt_trades failed; trying again")
                .contains("bug");
        assertThat(pool.queued()).as("not at once: after the backoff").isZero();
        assertThat(pool.nextTimed()).isBetween(BACKOFF.dividedBy(2), BACKOFF);
        pool.advance(BACKOFF);
        pool.runAll(10);
        assertThat(reports).as("an Error too").hasSize(2).last().asString().contains("StackOverflowError");
        pool.advance(BACKOFF.multipliedBy(2));
        pool.runAll(10);
        assertThat(delivered).containsExactly("done");
        assertThat(runs[0]).isEqualTo(3);
    }

    @Test
    void eachFailureInARowWaitsLongerAndASuccessStartsOver() {
        boolean[] fail = {true};
        PushedWork work = consumer(new Kind(context -> {
            if (fail[0]) {
                context.failed();
            } else {
                context.succeeded();
            }
        }));
        work.wake();
        pool.runAll(10);
        assertThat(pool.nextTimed()).isBetween(BACKOFF.dividedBy(2), BACKOFF);
        pool.advance(BACKOFF);
        pool.runAll(10);
        assertThat(pool.nextTimed()).as("the second failure in a row").isBetween(BACKOFF, BACKOFF.multipliedBy(2));
        fail[0] = false;
        pool.advance(BACKOFF.multipliedBy(2));
        pool.runAll(10);
        assertThat(pool.timed()).isZero();
        fail[0] = true;
        work.wake();
        pool.runAll(10);
        assertThat(pool.nextTimed()).as("the first delay again").isBetween(BACKOFF.dividedBy(2), BACKOFF);
    }

    @Test
    void noRunAfterStopAndTheKindIsToldSo() throws Exception {
        List<String> runs = new ArrayList<>();
        Kind kind = new Kind(context -> runs.add("run"));
        PushedWork work = consumer(kind);
        work.wake();
        pool.runAll(10);
        work.stop(Duration.ofSeconds(1));
        assertThat(kind.stopped).isTrue();
        assertThat(work.running()).isFalse();
        assertThat(work.more()).isFalse();
        work.wake();
        pool.runAll(10);
        assertThat(runs).containsExactly("run");
    }
}
