package com.camelexchange.sweep;

/** A sweep refused or failed: a bad grid or setting (before any backtest), a point that failed, a result missing. */
public class SweepException extends RuntimeException {
    public SweepException(String message) {
        super(message);
    }

    public SweepException(String message, Throwable cause) {
        super(message, cause);
    }
}
