package com.camelexchange.component.api;

import org.junit.jupiter.api.Test;

import java.time.Duration;

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
}
