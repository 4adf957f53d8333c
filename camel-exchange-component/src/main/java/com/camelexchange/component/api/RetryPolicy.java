package com.camelexchange.component.api;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Retries a read whose failure may pass (HTTP errors, lost connections, broken replies, 4002) with
 * doubling delays. Writes never go through it.
 */
public record RetryPolicy(int retries, Duration firstDelay) {

    public static final RetryPolicy NONE = new RetryPolicy(0, Duration.ZERO);

    public <T> T read(Supplier<T> call) {
        long delay = firstDelay.toMillis();
        for (int attempt = 0;; attempt++) {
            try {
                return call.get();
            } catch (ExchangeClientException e) {
                if (attempt >= retries || !e.isRetryable() || e instanceof ExchangeRateLimitException) {
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
