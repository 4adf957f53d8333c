package com.camelexchange.client.feed;

import com.camelexchange.client.internal.feed.SerialWork;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One consumer's work on a shared pool, with the pool and its timer run by hand: one run at a time, a wake during a
 * run makes one more run queued behind the others, a pause holds the next run on the timer, a failed run does not
 * end the work.
 */
class SerialWorkTest {
    private final ManualPool pool = new ManualPool();
    private final List<String> runs = new ArrayList<>();

    @Test
    void wakesBeforeARunMakeOneRun() {
        SerialWork work = new SerialWork(pool, pool, () -> runs.add("run"));
        work.wake();
        work.wake();
        work.wake();
        assertThat(pool.queued()).isEqualTo(1);
        pool.runAll(10);
        assertThat(runs).containsExactly("run");
    }

    @Test
    void aWakeDuringARunMakesOneMoreRunQueuedAfterItNeverBesideIt() {
        SerialWork[] work = new SerialWork[1];
        work[0] = new SerialWork(pool, pool, () -> {
            runs.add("run " + pool.queued());
            if (runs.size() == 1) {
                work[0].wake();
                work[0].wake();
                runs.add("queued during the run: " + pool.queued());
            }
        });
        work[0].wake();
        pool.execute(() -> runs.add("another consumer"));
        pool.runAll(10);
        assertThat(runs).containsExactly("run 1", "queued during the run: 1", "another consumer", "run 0");
    }

    @Test
    void aPauseHoldsTheNextRunOnTheTimerWhateverWakesItMeanwhile() {
        SerialWork[] work = new SerialWork[1];
        work[0] = new SerialWork(pool, pool, () -> {
            runs.add("run");
            if (runs.size() == 1) {
                work[0].holdFor(Duration.ofSeconds(2));
                work[0].holdFor(Duration.ofSeconds(1));
            }
        });
        work[0].wake();
        pool.runAll(10);
        assertThat(pool.nextTimed()).as("the longest pause asked").isEqualTo(Duration.ofSeconds(2));
        work[0].wake();
        assertThat(pool.queued()).as("no thread waits, no run comes early").isZero();
        pool.advance(Duration.ofMillis(1_999));
        assertThat(pool.queued()).isZero();
        pool.advance(Duration.ofMillis(1));
        pool.runAll(10);
        assertThat(runs).containsExactly("run", "run");
    }

    @Test
    void aPauseAloneBringsTheNextRunAfterIt() {
        SerialWork[] work = new SerialWork[1];
        work[0] = new SerialWork(pool, pool, () -> {
            runs.add("run");
            if (runs.size() < 3) {
                work[0].holdFor(Duration.ofSeconds(1));
            }
        });
        work[0].wake();
        for (int i = 0; i < 5; i++) {
            pool.runAll(10);
            pool.advance(Duration.ofSeconds(1));
        }
        assertThat(runs).as("a run that asks for a pause is run again after it").hasSize(3);
    }

    @Test
    void aRunThatThrowsDoesNotEndTheWorkAndLeavesNoInterruptBehind() {
        SerialWork[] work = new SerialWork[1];
        work[0] = new SerialWork(pool, pool, () -> {
            runs.add("run");
            if (runs.size() == 1) {
                work[0].wake();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("boom");
            }
        });
        work[0].wake();
        assertThatThrownBy(pool::runNext).hasMessage("boom");
        assertThat(Thread.interrupted()).as("not left to the next consumer on this thread").isFalse();
        assertThat(pool.queued()).as("the wake during the failed run still runs").isEqualTo(1);
        pool.runAll(10);
        work[0].wake();
        pool.runAll(10);
        assertThat(runs).hasSize(3);
    }

    @Test
    void noRunAfterStopAndAPauseHeldIsCancelled() throws Exception {
        SerialWork[] work = new SerialWork[1];
        work[0] = new SerialWork(pool, pool, () -> {
            runs.add("run");
            work[0].holdFor(Duration.ofSeconds(1));
        });
        work[0].wake();
        pool.runAll(10);
        assertThat(pool.timed()).isEqualTo(1);
        work[0].stop(Duration.ofSeconds(1));
        assertThat(pool.timed()).isZero();
        work[0].wake();
        pool.advance(Duration.ofSeconds(5));
        pool.runAll(10);
        assertThat(runs).containsExactly("run");
    }

    @Test
    void aPoolThatIsShutDownEndsTheWorkQuietlyAndAWakeLaterTriesAgain() {
        SerialWork work = new SerialWork(pool, pool, () -> runs.add("run"));
        pool.rejecting = true;
        work.wake();
        pool.rejecting = false;
        work.wake();
        pool.runAll(10);
        assertThat(runs).containsExactly("run");
    }
}
