package com.camelexchange.client.internal.http;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeTransportException;

import java.time.Duration;

/**
 * The end of one whole call (the {@code callTimeout}): the wait for a rate-limit permit, every attempt of a read
 * and the delays between them all come out of it; for a write, also the read before it, its one request and the
 * look-ups that find out what a lost reply did. Each HTTP request within it is still bounded by its own
 * {@code requestTimeout}; whichever ends first bounds the request.
 */
public final class CallDeadline {
    private final Duration callTimeout;
    private final long end;

    private CallDeadline(Duration callTimeout) {
        this.callTimeout = callTimeout;
        this.end = System.nanoTime() + callTimeout.toNanos();
    }

    public static CallDeadline in(Duration callTimeout) {
        return new CallDeadline(callTimeout);
    }

    /** What is left of the call, never negative. */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, end - System.nanoTime()));
    }

    /** {@code step}, or what is left of the call when that is less. */
    public Duration cap(Duration step) {
        Duration remaining = remaining();
        return remaining.compareTo(step) < 0 ? remaining : step;
    }

    public boolean passed() {
        return end - System.nanoTime() <= 0;
    }

    /** The failure of a call whose time ran out before its request could be sent: nothing was sent. */
    public ExchangeTransportException spent(String operation, String waitingFor) {
        return new ExchangeTransportException(operation, callTimeout, waitingFor);
    }

    /** The failure of a call that ran out of time, with the last attempt's failure behind it. */
    ExchangeTransportException expired(String operation, int attempts, ExchangeClientException last) {
        return new ExchangeTransportException(operation, callTimeout, attempts, last);
    }
}
