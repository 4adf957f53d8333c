package com.camelexchange.client.paper;

import com.camelexchange.client.spi.SignedCallRedirect;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * A run's paper mode: every signed call of its clients goes to the paper exchange, started at the first one (or
 * when a backtest starts), with the paper account's keys; the user's keys are never given to a client. The paper
 * exchange follows the live market of each market a signed call names, from the first such call on.
 */
final class PaperMode implements SignedCallRedirect {
    private static final Logger LOG = LoggerFactory.getLogger(PaperMode.class);

    private final Function<PaperSettings, PaperExchange> start;
    private final PaperSettings settings;
    private final boolean rateLimited;
    /** Guarded by this. */
    private PaperExchange exchange;
    /** Guarded by this: once stopped, a client that still holds this mode gets an error, never a new exchange. */
    private boolean stopped;

    /**
     * @param start       starts the paper exchange of {@code settings}
     * @param rateLimited whether the paper account keeps to the exchange's trade-API limits: its own, not the live
     *                    service's budget
     */
    PaperMode(Function<PaperSettings, PaperExchange> start, PaperSettings settings, boolean rateLimited) {
        this.start = start;
        this.settings = settings;
        this.rateLimited = rateLimited;
    }

    /** The paper exchange, started now when it was not. */
    synchronized PaperExchange exchange() {
        if (stopped) {
            throw new IllegalStateException("The paper exchange stopped with its run; nothing was sent");
        }
        if (exchange == null) {
            exchange = start.apply(settings);
            LOG.info("Paper trading: signed calls go to the paper exchange {}; none reaches the live service",
                    exchange.signedCallTransport() != null ? "in process" : "at " + exchange.tradeUrl());
        }
        return exchange;
    }

    @Override
    public Target target() {
        PaperExchange paper = exchange();
        return new Target(paper.tradeUrl(), paper.accessKey(), paper.secretKey(), rateLimited,
                paper.signedCallTransport(), paper.signedFrames());
    }

    @Override
    public void beforeCall(String market) {
        exchange().beforeCall(market);
    }

    /**
     * Writes the report when asked to and stops the paper exchange (which saves the account); nothing when it
     * never started.
     *
     * @param reportTo a directory, or null
     */
    synchronized void stop(Path reportTo) {
        stopped = true;
        if (exchange == null) {
            return;
        }
        try {
            if (reportTo != null) {
                LOG.info("Paper trading report in {}: {}", reportTo, exchange.report(reportTo));
            }
        } catch (Exception e) {
            LOG.warn("The paper trading report could not be written to {}: {}", reportTo, e.toString());
        } finally {
            exchange.close();
            exchange = null;
        }
    }

    /** Starts the paper exchange now, before any signed call (a backtest's, whose report always has one). */
    void startNow() {
        exchange();
    }

    /** The running paper exchange, or null before the first signed call. */
    synchronized PaperExchange runningExchange() {
        return exchange;
    }
}
