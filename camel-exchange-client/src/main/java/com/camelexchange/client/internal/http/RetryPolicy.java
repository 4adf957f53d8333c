package com.camelexchange.client.internal.http;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeRateLimitException;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Retries a read whose failure may pass (HTTP errors, lost connections, broken replies, 4002) with
 * doubling delays, within the call's deadline: no attempt starts, and no delay is waited, that the deadline
 * would cut short. Writes never go through it.
 */
public record RetryPolicy(int retries, Duration firstDelay) {

    public static final RetryPolicy NONE = new RetryPolicy(0, Duration.ZERO);

    /**
     * @param operation for the message when the deadline ends the call
     * @param attempt   one attempt, bounded by what is left of {@code deadline}
     */
    public <T> T read(String operation, CallDeadline deadline, Supplier<T> attempt) {
        long delay = firstDelay.toMillis();
        for (int attempts = 1;; attempts++) {
            try {
                return attempt.get();
            } catch (ExchangeClientException e) {
                if (!e.isRetryable() || e instanceof ExchangeRateLimitException) {
                    throw e;
                }
                // Out of time, or a delay that would end past the deadline: the call's own limit ended it.
                if (deadline.passed() || attempts <= retries && deadline.remaining().toMillis() <= delay) {
                    throw deadline.expired(operation, attempts, e);
                }
                if (attempts > retries) {
                    throw e;
                }
            }
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting to retry", e);
            }
            delay *= 2;
        }
    }
}
