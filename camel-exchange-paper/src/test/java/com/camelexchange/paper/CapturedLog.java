package com.camelexchange.paper;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What the tests' logger (slf4j-simple, which writes to the standard error) wrote while an action ran: kept out of
 * the build's output, for the test to assert that an expected failure is logged once and without a stack trace.
 */
final class CapturedLog {
    /** The simulator's estimate of the live service's clock, which warns of data dated off it. */
    static final String MARKET_CLOCK = "com.camelexchange.simulator.engine.MarketClock";
    private final String text;

    private CapturedLog(String text) {
        this.text = text;
    }

    interface Action {
        void run() throws Exception;
    }

    static CapturedLog of(Action action) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return new CapturedLog(captured.toString(StandardCharsets.UTF_8));
    }

    /** The lines a logger of this class wrote at this level. */
    List<String> lines(String level, Class<?> logger) {
        return lines(level, logger.getName());
    }

    /** The lines the logger of this name wrote at this level. */
    List<String> lines(String level, String logger) {
        return text.lines().filter(l -> l.contains(level + " " + logger + " ")).toList();
    }

    /** Whether a stack trace was written. */
    boolean hasStackTrace() {
        return text.lines().anyMatch(l -> l.startsWith("\tat ") || l.startsWith("Caused by: "));
    }

    @Override
    public String toString() {
        return text;
    }
}
