package com.camelexchange.component.paper;

import com.camelexchange.client.paper.SignedCallRedirect;
import com.camelexchange.component.paper.LiveMarket;
import com.camelexchange.component.paper.PaperExchange;
import com.camelexchange.component.paper.PaperProvider;
import com.camelexchange.component.paper.PaperSettings;
import org.apache.camel.CamelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * A component's paper mode: every signed call of its endpoints goes to the paper exchange, started at the first
 * one, with the paper account's keys; the user's keys are never given to a client. The paper exchange follows the
 * live market of each market a signed call names, from the first such call on.
 */
public final class PaperMode implements SignedCallRedirect {
    private static final Logger LOG = LoggerFactory.getLogger(PaperMode.class);

    private final PaperProvider provider;
    private final PaperSettings settings;
    private final LiveMarket live;
    private final boolean rateLimited;
    /** Guarded by this. */
    private PaperExchange exchange;
    /** Guarded by this: once stopped, a client that still holds this mode gets an error, never a new exchange. */
    private boolean stopped;

    /**
     * @param rateLimited whether the paper account keeps to the exchange's trade-API limits: its own, not the live
     *                    service's budget
     */
    public PaperMode(PaperProvider provider, PaperSettings settings, LiveMarket live, boolean rateLimited) {
        this.provider = provider;
        this.settings = settings;
        this.live = live;
        this.rateLimited = rateLimited;
    }

    /**
     * camel-exchange-paper's provider.
     *
     * @param option the option that needs it, for the error
     * @throws IllegalStateException naming the artifact to add when it is not on the classpath
     */
    public static PaperProvider provider(CamelContext context, String option) {
        ClassLoader loader = context.getApplicationContextClassLoader();
        return ServiceLoader.load(PaperProvider.class, loader != null ? loader : PaperMode.class.getClassLoader())
                .findFirst().orElseThrow(() -> new IllegalStateException("The option " + option + " needs "
                        + PaperProvider.ARTIFACT + " on the classpath (the paper exchange, the recorder and the"
                        + " report live there): add that dependency, of the same version as camel-exchange-component"));
    }

    /** The paper exchange, started now when it was not. */
    synchronized PaperExchange exchange() {
        if (stopped) {
            throw new IllegalStateException("The paper exchange stopped with its component; nothing was sent");
        }
        if (exchange == null) {
            exchange = provider.start(settings, live);
            LOG.info("Paper trading: signed calls go to the paper exchange {}; none reaches the live service",
                    exchange.signedCallTransport() != null ? "in process" : "at " + exchange.tradeUrl());
        }
        return exchange;
    }

    @Override
    public Target target() {
        PaperExchange paper = exchange();
        return new Target(paper.tradeUrl(), paper.accessKey(), paper.secretKey(), rateLimited,
                paper.signedCallTransport());
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
    public synchronized void stop(String reportTo) {
        stopped = true;
        if (exchange == null) {
            return;
        }
        try {
            if (reportTo != null) {
                LOG.info("Paper trading report in {}: {}", reportTo, exchange.report(Path.of(reportTo)));
            }
        } catch (Exception e) {
            LOG.warn("The paper trading report could not be written to {}: {}", reportTo, e.toString());
        } finally {
            exchange.close();
            exchange = null;
        }
    }

    /** Starts the paper exchange now, before any signed call (a backtest's, whose report always has one). */
    public void startNow() {
        exchange();
    }

    /** The running paper exchange, or null before the first signed call. */
    public synchronized PaperExchange runningExchange() {
        return exchange;
    }
}
