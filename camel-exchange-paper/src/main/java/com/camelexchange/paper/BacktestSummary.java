package com.camelexchange.paper;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The end of a backtest: its report (as {@code paperReportTo} writes it) and its one line,
 * {@code backtest: events=N seconds=S eventsPerSecond=R orders=N fills=N fees=X pnl=Y}, fees and P&L in the
 * pricing coin as the report's summary gives them. Seconds are the wall's: how long applying the recording took.
 */
final class BacktestSummary {
    private static final Logger LOG = LoggerFactory.getLogger(BacktestSummary.class);

    private final long events;
    private final long nanos;
    /** Null when no signed call started the paper exchange: no order, no fill. */
    private final PaperReport report;
    private final boolean finished;

    private BacktestSummary(long events, long nanos, PaperReport report, boolean finished) {
        this.events = events;
        this.nanos = nanos;
        this.report = report;
        this.finished = finished;
    }

    static BacktestSummary of(long events, long nanos, SimulatorPaperExchange exchange, boolean finished) {
        return new BacktestSummary(events, nanos, exchange == null ? null : exchange.currentReport(), finished);
    }

    /** The paper account's report, not written; null when no signed call started the paper exchange. */
    PaperReport report() {
        return report;
    }

    /** Writes the report; a failure is logged, the backtest's end goes on. */
    void write(Path directory) {
        try {
            report.write(directory);
            LOG.info("Paper trading report in {}: {}", directory, report.summary());
        } catch (IOException | RuntimeException e) {
            LOG.warn("The backtest's report could not be written to {}: {}", directory, e.toString());
        }
    }

    /** Logs the line at INFO: the one line a backtest's end tells, whatever else is logged. */
    void log() {
        LOG.info(line());
    }

    String line() {
        double seconds = nanos / 1e9;
        long perSecond = nanos == 0 ? 0 : Math.round(events / seconds);
        // The paper report's own summary, so the line and the report show the same figures.
        return String.format(Locale.ROOT, "backtest: events=%d seconds=%.3f eventsPerSecond=%d %s%s", events,
                seconds, perSecond, report == null ? "orders=0 fills=0 fees=0 pnl=0" : report.summary(),
                finished ? "" : " (stopped before the end of the recording)");
    }
}
