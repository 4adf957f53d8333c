package com.camelexchange.component.consumer;

import com.camelexchange.client.OncePerMinute;
import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.Exchange;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.camel.util.URISupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * How a consumer tells of its attempts (polls; a streaming consumer's catch-ups over REST) that fail for a reason
 * that passes (no rate-limit permit in time, the exchange unavailable, a reply refused whole: a retryable
 * {@link ExchangeClientException}): once, at WARN and without a stack trace, when they start; at DEBUG while they go
 * on, backing off; at INFO when one succeeds again. A page the exchange keeps refusing would otherwise log a stack
 * trace per attempt for as long as it lasts. At most one such WARN a minute per consumer: a consumer that keeps
 * failing and recovering says so at DEBUG in between.
 *
 * <p>The route's own exception handler, when the user set one ({@code exceptionHandler}, {@code bridgeErrorHandler}),
 * still gets every failure; Camel's default one, which logs each with its stack trace, is told only of the others
 * ({@link #quiet}). Health checks see every failure either way.
 */
final class PollFailures {
    private static final Logger LOG = LoggerFactory.getLogger(PolledConsumer.class);

    private final Supplier<String> subject;
    private final String attempt;
    private final String attempts;
    private int inARow;
    private boolean warned;
    private final OncePerMinute warnings = new OncePerMinute();
    /** The last failure logged here: the default exception handler stays quiet about it. */
    private volatile Throwable logged;

    /** A polling consumer's polls. @param subject names the consumer in the log: its endpoint and route */
    PollFailures(Supplier<String> subject) {
        this(subject, "poll", "polls");
    }

    /** @param attempt what one attempt is called in the log: "poll" or "catch-up"; {@code attempts} more of them */
    PollFailures(Supplier<String> subject, String attempt, String attempts) {
        this.subject = subject;
        this.attempt = attempt;
        this.attempts = attempts;
    }

    /**
     * How the log names a consumer: its endpoint and its route; a consumer with no route of its own (one that
     * {@code pollEnrich} or a {@code ConsumerTemplate} polls) by its endpoint's URI, any key in it masked.
     */
    static String subject(ExchangeEndpoint endpoint, String routeId) {
        return endpoint.healthCheckName() + (routeId != null ? " (route " + routeId + ")"
                : " (" + URISupport.sanitizeUri(endpoint.getEndpointUri()) + ", no route)");
    }

    /** Whether a failure is one that passes, logged here rather than with a stack trace per poll. */
    static boolean passes(Throwable failure) {
        return failure instanceof ExchangeClientException e && e.isRetryable();
    }

    /** An attempt failed; a failure that passes is logged here. */
    void failed(Throwable failure) {
        if (!passes(failure)) {
            return;
        }
        inARow++;
        logged = failure;
        if (inARow == 1 && warnings.due()) {
            warned = true;
            LOG.warn("{}: a {} failed with {}; it is tried again, backing off (the health check tells when), and"
                     + " this is logged again (at DEBUG) only until a {} succeeds", subject.get(), attempt,
                    ConsumerHealth.describe(failure), attempt);
        } else {
            LOG.debug("{}: {} failed ({} in a row) with {}", subject.get(), attempt, inARow,
                    ConsumerHealth.describe(failure));
        }
    }

    /** An attempt succeeded. */
    void succeeded() {
        if (inARow == 0) {
            return;
        }
        String verb = attempt.equals("poll") ? "polling" : "catching up";
        if (warned) {
            LOG.info("{}: {} again after {} failed {}", subject.get(), verb, inARow, inARow == 1 ? attempt : attempts);
        } else {
            LOG.debug("{}: {} again after {} failed {}", subject.get(), verb, inARow, attempts);
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
