package com.camelexchange.component;

import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.model.errorhandler.DefaultErrorHandlerDefinition;
import org.apache.camel.spi.ExceptionHandler;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * For tests that provoke failures and assert them: Camel need not also log them at ERROR or WARN with a
 * stack trace, which would make a green build read red. As a consumer's {@code exceptionHandler} it
 * records what the consumer reports, for the test to assert, instead of logging it.
 */
final class ExpectedFailures implements ExceptionHandler {
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    /**
     * The routes of the context keep a failed exchange's exception on it, unlogged. Camel's error handler
     * logs a failure through one of two roads: with redeliveries it heeds logExhausted, without them only
     * its logging level.
     */
    static void unloggedIn(CamelContext context) {
        DefaultErrorHandlerDefinition quiet = new DefaultErrorHandlerDefinition().logExhausted(false);
        quiet.setLevel(LoggingLevel.OFF.name());
        context.getCamelContextExtension().setErrorHandlerFactory(quiet);
    }

    /** What the consumer reported, in order. */
    List<Throwable> failures() {
        return failures;
    }

    @Override
    public void handleException(Throwable exception) {
        failures.add(exception);
    }

    @Override
    public void handleException(String message, Throwable exception) {
        failures.add(exception);
    }

    @Override
    public void handleException(String message, Exchange exchange, Throwable exception) {
        failures.add(exception);
    }
}
