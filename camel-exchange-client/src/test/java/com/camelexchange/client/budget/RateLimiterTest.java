package com.camelexchange.client.budget;

import com.camelexchange.client.budget.Held;
import com.camelexchange.client.internal.budget.RateLimiter;
import com.camelexchange.client.error.ExchangeRateLimitException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The limiter's promises that need no clock: permits within the window are free, beyond it one is refused. */
class RateLimiterTest {

    @Test
    void permitsWithinTheWindowAreImmediateAndTheNextIsRefusedWhenItWouldWaitTooLong() {
        RateLimiter limiter = new RateLimiter("test", 3, Duration.ofHours(1));
        for (int i = 0; i < 3; i++) {
            assertThatCode(() -> limiter.acquire(Duration.ZERO).close()).doesNotThrowAnyException();
        }
        assertThatThrownBy(() -> limiter.acquire(Duration.ofSeconds(1)))
                .isInstanceOf(ExchangeRateLimitException.class).hasMessageContaining("test")
                .hasMessageContaining("nothing was sent");
    }

    @Test
    void aRefusedRequestDoesNotUseUpAPermit() {
        RateLimiter limiter = new RateLimiter("test", 1, Duration.ofHours(1));
        limiter.acquire(Duration.ZERO).close();
        for (int i = 0; i < 5; i++) {
            assertThatThrownBy(() -> limiter.acquire(Duration.ZERO)).isInstanceOf(ExchangeRateLimitException.class);
        }
    }

    @Test
    void aPermitStillInFlightHoldsBackTheRequestALimitLater() {
        RateLimiter limiter = new RateLimiter("test", 1, Duration.ZERO);
        Held first = limiter.acquire(Duration.ZERO);
        assertThatThrownBy(() -> limiter.acquire(Duration.ZERO)).as("the earlier reply has not arrived")
                .isInstanceOf(ExchangeRateLimitException.class);
        first.close();
        assertThatCode(() -> limiter.acquire(Duration.ofSeconds(1)).close()).doesNotThrowAnyException();
    }

    @Test
    void waitingCallersGetTheirPermitsInTheOrderTheyAskedWithOneWakeUpEach() throws Exception {
        RateLimiter limiter = new RateLimiter("test", 1, Duration.ZERO);
        Held first = limiter.acquire(Duration.ZERO);
        int callers = 40;
        List<Integer> served = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            int caller = i;
            Thread thread = new Thread(() -> {
                try (Held permit = limiter.acquire(Duration.ofSeconds(30))) {
                    served.add(caller);
                }
            });
            threads.add(thread);
            thread.start();
            // The next caller asks only once this one waits: the queue's order is the callers' order.
            while (limiter.waiting() < i + 1) {
                Thread.onSpinWait();
            }
        }
        long wakeUpsBefore = limiter.wakeUps();
        first.close();
        for (Thread thread : threads) {
            thread.join(30_000);
        }
        assertThat(served).as("first come, first served").isEqualTo(IntStream.range(0, callers).boxed().toList());
        // Each permit wakes the caller whose turn it is (and that caller, taking it, the next to look): never all.
        assertThat(limiter.wakeUps() - wakeUpsBefore).as("wake-ups").isLessThanOrEqualTo(2L * callers);
        assertThat(limiter.waiting()).isZero();
    }

    @Test
    void aCallerWhoseWaitEndsLeavesTheQueueAndTheNextStillGetsItsTurn() throws Exception {
        RateLimiter limiter = new RateLimiter("test", 1, Duration.ZERO);
        Held first = limiter.acquire(Duration.ZERO);
        assertThatThrownBy(() -> limiter.acquire(Duration.ofMillis(20))).as("the holder does not close in time")
                .isInstanceOf(ExchangeRateLimitException.class);
        assertThat(limiter.waiting()).isZero();
        Thread patient = new Thread(() -> limiter.acquire(Duration.ofSeconds(30)).close());
        patient.start();
        while (limiter.waiting() < 1) {
            Thread.onSpinWait();
        }
        first.close();
        patient.join(30_000);
        assertThat(patient.isAlive()).isFalse();
        assertThat(limiter.inUse()).isZero();
    }
}
