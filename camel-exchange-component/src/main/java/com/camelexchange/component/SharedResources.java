package com.camelexchange.component;

import com.camelexchange.client.ClientResources;
import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.component.metrics.MetricsLookup;
import com.camelexchange.component.metrics.ObservedRateBudgets;
import org.apache.camel.support.jsse.SSLContextParameters;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import javax.net.ssl.SSLContext;

/**
 * What all endpoints of one component share, each made from the component's options when first needed and closed
 * at its stop: the client's resources (connection pool, budgets, market lists, streams) on threads of Camel's
 * ExecutorServiceManager, where meters go, the polling consumers' scheduler and their shared replies.
 */
final class SharedResources {
    private final ExchangeComponent component;
    private ClientResources resources;
    private Metrics metrics;
    private ObservedRateBudgets budgets;
    private ScheduledExecutorService polls;

    SharedResources(ExchangeComponent component) {
        this.component = component;
    }

    /** The client's resources, made with the first client. */
    synchronized ClientResources client() {
        if (resources == null) {
            ExchangeComponent c = component;
            resources = ClientResources.builder().connectTimeout(Duration.ofMillis(c.getConnectTimeout()))
                    .proxy(c.getProxyHost(), c.getProxyPort() == null ? 0 : c.getProxyPort()).sslContext(sslContext())
                    .maxConnections(c.getMaxConnections()).rateLimits(c.isClientRateLimits())
                    .marketDataRequestsPerSecond(c.getMarketDataRequestsPerSecond())
                    .rateLimitMaxWait(Duration.ofMillis(c.getRateLimitMaxWait())).rateBudgets(budgets())
                    .metrics(metrics()).keepAliveInterval(Duration.ofMillis(c.getKeepAliveInterval()))
                    .silenceTimeout(Duration.ofMillis(c.getSilenceTimeout()))
                    .channelSilenceTimeout(Duration.ofMillis(c.getChannelSilenceTimeout()))
                    .reconnectDelay(Duration.ofMillis(c.getReconnectDelay()))
                    .maxReconnectDelay(Duration.ofMillis(c.getMaxReconnectDelay()))
                    .maxFrameSize(c.getConfiguration().getMaxReplySize()).streamThreads(c.getStreamThreads())
                    .streamCatchUps(c.getStreamCatchUps()).threads(new CamelThreads(c)).build();
        }
        return resources;
    }

    /**
     * Where the component's meters go: the {@code meterRegistry}, else the Micrometer registry bound in the
     * context; nothing without Micrometer. Looked up once, when the first endpoint needs a client.
     */
    synchronized Metrics metrics() {
        if (metrics == null) {
            metrics = MetricsLookup.lookUp(component.getCamelContext(), component.getMeterRegistry());
        }
        return metrics;
    }

    private synchronized RateBudgets budgets() {
        if (budgets == null) {
            RateBudgets bound = component.getRateBudgets();
            budgets = new ObservedRateBudgets(bound != null ? bound : RateBudgets.local(), metrics());
        }
        return budgets;
    }

    /** The polling consumers' scheduler, {@code pollThreads} threads, made with the first one. */
    synchronized ScheduledExecutorService pollScheduler() {
        if (polls == null) {
            int threads = component.getPollThreads();
            if (threads < 1) {
                throw new ExchangeValidationException("option pollThreads", threads + " is out of range; at least 1");
            }
            polls = component.getCamelContext().getExecutorServiceManager().newScheduledThreadPool(component,
                    "ExchangePolls", threads);
        }
        return polls;
    }

    // ---------------------------------------------------------------- for the dev console, without making any

    /** The rate budgets made so far (none while the limits are off or before the first endpoint started). */
    synchronized List<ObservedRateBudgets.Budget> budgetsInUse() {
        return budgets == null ? List.of() : budgets.budgets();
    }

    /** The client resources, or null before the first endpoint needed a client. */
    synchronized ClientResources clientIfMade() {
        return resources;
    }

    /** Where meters go, or null before the first endpoint needed a client. */
    synchronized Metrics metricsIfResolved() {
        return metrics;
    }

    // ---------------------------------------------------------------- lifecycle

    synchronized void start() {
        if (metrics != null) {
            metrics.start();
        }
    }

    /** Closes the WebSocket sessions, the transport and the poll scheduler; stops the meters. */
    synchronized void stop() throws Exception {
        if (resources != null) {
            resources.close();
            resources = null;
        }
        if (polls != null) {
            // The polling consumers stopped before their component: what is left are tasks of none.
            component.getCamelContext().getExecutorServiceManager().shutdownNow(polls);
            polls = null;
        }
        if (metrics != null) {
            metrics.stop();
        }
    }

    private SSLContext sslContext() {
        SSLContextParameters params = component.getSslContextParameters();
        if (params == null && component.isUseGlobalSslContextParameters()) {
            params = component.globalSslContextParameters();
        }
        if (params == null) {
            return null;
        }
        try {
            return params.createSSLContext(component.getCamelContext());
        } catch (Exception e) {
            throw new IllegalStateException("Cannot create the TLS context from sslContextParameters", e);
        }
    }
}
