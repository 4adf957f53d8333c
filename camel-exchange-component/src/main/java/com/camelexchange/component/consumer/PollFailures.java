package com.camelexchange.component.consumer;

import com.camelexchange.client.OncePerMinute;
import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.error.ExchangeClientException;
import org.apache.camel.Exchange;
import org.apache.camel.spi.ExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * How a polling consumer tells of polls that fail for a reason that passes (no rate-limit permit in time, the
 * exchange unavailable: a retryable {@link ExchangeClientException}): once, at WARN and without a stack trace, when
 * they start; at DEBUG while they go on; at INFO when a poll succeeds again. A route whose budget is too small
 * would otherwise log a stack trace per poll. At most one such WARN a minute per consumer: a consumer that keeps
 * failing and recovering says so at DEBUG in between.
 *
 * <p>The route's own exception handler, when the user set one ({@code exceptionHandler}, {@code bridgeErrorHandler}),
 * still gets every failure; Camel's default one, which logs each with its stack trace, is told only of the others
 * ({@link #quiet}). Health checks see every failure either way.
 */
final class PollFailures {
    private static final Logger LOG = LoggerFactory.getLogger(PolledConsumer.class);

    private final Supplier<String> subject;
    private int inARow;
    private boolean warned;
    private final OncePerMinute warnings = new OncePerMinute();
    /** The last failure logged here: the default exception handler stays quiet about it. */
    private volatile Throwable logged;

    /** @param subject names the consumer in the log: its endpoint and route */
    PollFailures(Supplier<String> subject) {
        this.subject = subject;
    }

    /** Whether a failure is one that passes, logged here rather than with a stack trace per poll. */
    static boolean passes(Throwable failure) {
        return failure instanceof ExchangeClientException e && e.isRetryable();
    }

    /** A poll failed; a failure that passes is logged here. */
    void failed(Throwable failure) {
        if (!passes(failure)) {
            return;
        }
        inARow++;
        logged = failure;
        if (inARow == 1 && warnings.due()) {
            warned = true;
            LOG.warn("{}: a poll failed with {}; polling goes on, and this is logged again (at DEBUG) only until a"
                     + " poll succeeds", subject.get(), ConsumerHealth.describe(failure));
        } else {
            LOG.debug("{}: poll failed ({} in a row) with {}", subject.get(), inARow, ConsumerHealth.describe(failure));
        }
    }

    /** A poll succeeded. */
    void succeeded() {
        if (inARow == 0) {
            return;
        }
        if (warned) {
            LOG.info("{}: polling again after {} failed {}", subject.get(), inARow, inARow == 1 ? "poll" : "polls");
        } else {
            LOG.debug("{}: polling again after {} failed polls", subject.get(), inARow);
        }
        inARow = 0;
        warned = false;
        logged = null;
    }

    /** Camel's default exception handler, quiet about the failures logged here. */
    ExceptionHandler quiet(ExceptionHandler standard) {
        return new Quiet(standard);
    }

    /** Whether {@code handler} is one {@link #quiet} made. */
    static boolean isQuiet(ExceptionHandler handler) {
        return handler instanceof Quiet;
    }

    private final class Quiet implements ExceptionHandler {
        private final ExceptionHandler standard;

        Quiet(ExceptionHandler standard) {
            this.standard = standard;
        }

        @Override
        public void handleException(Throwable exception) {
            if (exception != logged) {
                standard.handleException(exception);
            }
        }

        @Override
        public void handleException(String message, Throwable exception) {
            if (exception != logged) {
                standard.handleException(message, exception);
            }
        }

        @Override
        public void handleException(String message, Exchange exchange, Throwable exception) {
            if (exception != logged) {
                standard.handleException(message, exchange, exception);
            }
        }
    }
}
