package com.camelexchange.benchmarks;

import com.camelexchange.client.error.ExchangeRateLimitException;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.camel.support.LoggingExceptionHandler;

import java.util.concurrent.atomic.LongAdder;

/**
 * The consumers' exception handler in the scale section ({@code exceptionHandler=#scaleErrors}, a Camel
 * consumer option): counts what reaches it, refusals for want of a rate-limit permit apart, then logs it as
 * Camel's default handler does (WARN with the stack trace), so the log reads as it would without it.
 */
final class CountingExceptionHandler implements ExceptionHandler {
    static final String NAME = "scaleErrors";

    private final LongAdder refusals = new LongAdder();
    private final LongAdder others = new LongAdder();
    private volatile ExceptionHandler log;

    /** Binds this handler as {@value #NAME} in a context's registry, before routes refer to it. */
    void bindTo(CamelContext context) {
        log = new LoggingExceptionHandler(context, CountingExceptionHandler.class);
        context.getRegistry().bind(NAME, this);
    }

    /** Lets go of the context (once it is stopped), so that it can be collected; logs on without it. */
    void detach() {
        log = new LoggingExceptionHandler(null, CountingExceptionHandler.class);
    }

    /** {@link ExchangeRateLimitException}s handled so far (anywhere in the cause chain). */
    long refusals() {
        return refusals.sum();
    }

    /** Other exceptions handled so far. */
    long others() {
        return others.sum();
    }

    @Override
    public void handleException(Throwable exception) {
        count(exception);
        log.handleException(exception);
    }

    @Override
    public void handleException(String message, Throwable exception) {
        count(exception);
        log.handleException(message, exception);
    }

    @Override
    public void handleException(String message, Exchange exchange, Throwable exception) {
        count(exception);
        log.handleException(message, exchange, exception);
    }

    private void count(Throwable exception) {
        for (Throwable t = exception; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ExchangeRateLimitException) {
                refusals.increment();
                return;
            }
        }
        others.increment();
    }
}
