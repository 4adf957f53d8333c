package com.camelexchange.component;

import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.error.ExchangeValidationException;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;
import org.apache.camel.support.jsse.SSLContextParameters;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The component's options of what all its endpoints share ({@link SharedResources}): the connection pool, proxy
 * and TLS, the client-side rate limits, the polling and streaming threads, the streaming timings and where meters
 * go. They are options of the component only (no endpoint has them): the component holds one of these, its generated
 * configurer sets them here, and the generated metadata lists them among the component's options under their own
 * names, as it does the endpoint defaults of {@link ExchangeConfiguration}. Checked when the component starts.
 */
@UriParams
public class ExchangeResourcesConfiguration {

    @UriParam(label = "advanced", defaultValue = "5000",
              description = "How long to wait for a connection, in milliseconds.")
    private long connectTimeout = 5_000;
    @UriParam(label = "advanced",
              description = "A proxy host to reach the exchange through. Requests to loopback addresses (localhost,"
                            + " 127.x, ::1), such as the paper exchange's, go direct.")
    private String proxyHost;
    @UriParam(label = "advanced", description = "The port of the proxy.")
    private Integer proxyPort;
    @UriParam(label = "security", description = "TLS settings for https addresses.")
    private SSLContextParameters sslContextParameters;
    @UriParam(label = "security", defaultValue = "false",
              description = "Use the global TLS settings of the Camel context.")
    private boolean useGlobalSslContextParameters;
    @UriParam(label = "advanced", defaultValue = "20",
              description = "The size of the keep-alive connection pool shared by all endpoints.")
    private int maxConnections = 20;
    @UriParam(label = "advanced", defaultValue = "10",
              description = "Market-data requests (other than K-lines) per second that all endpoints together may"
                            + " send; 0 for no limit. K-line requests are always kept to one a second.")
    private int marketDataRequestsPerSecond = 10;
    @UriParam(label = "advanced", defaultValue = "30000",
              description = "How long a request may wait for a rate-limit permit, in milliseconds, before it"
                            + " fails without being sent.")
    private long rateLimitMaxWait = 30_000;
    @UriParam(label = "advanced", defaultValue = "true",
              description = "Keep to the exchange's request limits on the client side. Switch it off only for a"
                            + " test exchange without limits, e.g. in load tests.")
    private boolean clientRateLimits = true;
    @Metadata(autowired = true)
    @UriParam(label = "advanced",
              description = "Where the rate-limit windows are kept. By default each instance keeps its own; bind a"
                            + " shared implementation (camel-exchange-cluster's ZooKeeperRateBudgets) so that all"
                            + " instances using one key, user or IP share one budget and together stay within"
                            + " the exchange's limits.")
    private RateBudgets rateBudgets;
    @UriParam(label = "consumer,advanced", defaultValue = "4",
              description = "Polling consumers: how many threads run the polls of all polling consumers of the"
                            + " component (a route's own processing of what it polled included), instead of one"
                            + " thread per route. A route that sets its own scheduler or scheduledExecutorService"
                            + " polls on that. A poll waiting for a rate-limit permit or a reply holds its thread"
                            + " meanwhile: raise it when routes do slow work on the polling thread.")
    private int pollThreads = 4;
    @UriParam(label = "consumer,advanced", defaultValue = "3000",
              description = "Streaming consumers: how often a ping keeps the WebSocket connection alive, in"
                            + " milliseconds.")
    private long keepAliveInterval = 3_000;
    @UriParam(label = "consumer,advanced", defaultValue = "10000",
              description = "Streaming consumers: a WebSocket connection that brings nothing at all (no push, no"
                            + " answer to a ping) for this long, in milliseconds, is taken as dead and opened again.")
    private long silenceTimeout = 10_000;
    @UriParam(label = "consumer,advanced", defaultValue = "60000",
              description = "Streaming consumers: the longest a subscribed channel may push nothing while its"
                            + " WebSocket connection is alive, in milliseconds. How long a channel may stay silent"
                            + " is learned from its own pace, between silenceTimeout and this; a channel silent"
                            + " longer is checked (trades and K-lines catch up over REST, tickers and books are"
                            + " subscribed again) and, when it missed pushes, reported and subscribed again,"
                            + " backing off up to this. Meanwhile a trades or K-line consumer reads its data over"
                            + " REST at its polling delay until the channel pushes again. A ticker or book that"
                            + " does not change is quiet, not silent.")
    private long channelSilenceTimeout = 60_000;
    @UriParam(label = "consumer,advanced", defaultValue = "500",
              description = "Streaming consumers: the first delay before opening a dropped WebSocket connection"
                            + " again, or catching up over REST after a failed catch-up, in milliseconds; it doubles"
                            + " per failed attempt, with jitter.")
    private long reconnectDelay = 500;
    @UriParam(label = "consumer,advanced", defaultValue = "30000",
              description = "Consumers: the longest delay between attempts after failures, in milliseconds: to"
                            + " open a WebSocket connection, to catch up over REST, and between the polls of a"
                            + " polling consumer whose polls fail (a page refused whole, the exchange unavailable),"
                            + " which back off from their delay, doubling per failure in a row, up to this (or"
                            + " their delay when longer).")
    private long maxReconnectDelay = 30_000;
    @UriParam(label = "consumer,advanced", defaultValue = "4",
              description = "Streaming consumers: the threads that turn the pushes of all streaming consumers of the"
                            + " component into exchanges, however many routes stream. Each consumer runs on one of"
                            + " them at a time, in order; a route that blocks holds one while it blocks, so raise it"
                            + " when several routes may block at once (a slow database, a remote call).")
    private int streamThreads = 4;
    @UriParam(label = "consumer,advanced", defaultValue = "2",
              description = "Streaming consumers: how many catch up over REST at once (at start from a stored"
                            + " position, after a reconnect or a lost push). The others wait their turn, first"
                            + " come, first served, so that hundreds of streams starting together do not all ask"
                            + " the market-data budget at the same moment.")
    private int streamCatchUps = 2;
    // Object, not MeterRegistry: this class and its generated configurer must load and run without Micrometer,
    // and Camel's autowiring by type would then need the class (so the lookup by type is the component's own).
    @UriParam(label = "advanced",
              description = "A Micrometer MeterRegistry (io.micrometer.core.instrument.MeterRegistry) to record the"
                            + " component's meters into (names starting with camel.exchange)."
                            + " By default the one bound in the registry (camel-micrometer's, Spring Boot"
                            + " Actuator's) is used; without Micrometer on the classpath, or without a registry,"
                            + " nothing is recorded.")
    private Object meterRegistry;

    /**
     * Refuses a value the shared resources could not run with, naming the option, before anything is made of them:
     * when the component starts rather than at the first call or stream that would need it.
     *
     * @throws ExchangeValidationException naming the first option out of range
     */
    void check() {
        Map<String, Long> atLeastOne = new LinkedHashMap<>();
        atLeastOne.put("connectTimeout", connectTimeout);
        atLeastOne.put("keepAliveInterval", keepAliveInterval);
        atLeastOne.put("silenceTimeout", silenceTimeout);
        atLeastOne.put("channelSilenceTimeout", channelSilenceTimeout);
        atLeastOne.put("reconnectDelay", reconnectDelay);
        atLeastOne.put("maxReconnectDelay", maxReconnectDelay);
        atLeastOne.forEach((name, millis) -> atLeast(name, millis, 1, " (milliseconds)"));
        atLeast("rateLimitMaxWait", rateLimitMaxWait, 0, " (milliseconds)");
        atLeast("marketDataRequestsPerSecond", marketDataRequestsPerSecond, 0, " (0 for no limit)");
        atLeast("maxConnections", maxConnections, 1, "");
        atLeast("pollThreads", pollThreads, 1, "");
        atLeast("streamThreads", streamThreads, 1, "");
        atLeast("streamCatchUps", streamCatchUps, 1, "");
        if (proxyPort != null && (proxyPort < 0 || proxyPort > 65_535)) {
            throw new ExchangeValidationException("option proxyPort", proxyPort + " is out of range; 0 to 65535");
        }
    }

    private static void atLeast(String option, long value, long least, String unit) {
        if (value < least) {
            throw new ExchangeValidationException("option " + option, value + " is out of range; at least " + least
                    + unit);
        }
    }

    public long getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(long connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public String getProxyHost() {
        return proxyHost;
    }

    public void setProxyHost(String proxyHost) {
        this.proxyHost = proxyHost;
    }

    public Integer getProxyPort() {
        return proxyPort;
    }

    public void setProxyPort(Integer proxyPort) {
        this.proxyPort = proxyPort;
    }

    public SSLContextParameters getSslContextParameters() {
        return sslContextParameters;
    }

    public void setSslContextParameters(SSLContextParameters sslContextParameters) {
        this.sslContextParameters = sslContextParameters;
    }

    public boolean isUseGlobalSslContextParameters() {
        return useGlobalSslContextParameters;
    }

    public void setUseGlobalSslContextParameters(boolean useGlobalSslContextParameters) {
        this.useGlobalSslContextParameters = useGlobalSslContextParameters;
    }

    public int getMaxConnections() {
        return maxConnections;
    }

    public void setMaxConnections(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    public int getMarketDataRequestsPerSecond() {
        return marketDataRequestsPerSecond;
    }

    public void setMarketDataRequestsPerSecond(int marketDataRequestsPerSecond) {
        this.marketDataRequestsPerSecond = marketDataRequestsPerSecond;
    }

    public long getRateLimitMaxWait() {
        return rateLimitMaxWait;
    }

    public void setRateLimitMaxWait(long rateLimitMaxWait) {
        this.rateLimitMaxWait = rateLimitMaxWait;
    }

    public boolean isClientRateLimits() {
        return clientRateLimits;
    }

    public void setClientRateLimits(boolean clientRateLimits) {
        this.clientRateLimits = clientRateLimits;
    }

    public RateBudgets getRateBudgets() {
        return rateBudgets;
    }

    public void setRateBudgets(RateBudgets rateBudgets) {
        this.rateBudgets = rateBudgets;
    }

    public int getPollThreads() {
        return pollThreads;
    }

    public void setPollThreads(int pollThreads) {
        this.pollThreads = pollThreads;
    }

    public long getKeepAliveInterval() {
        return keepAliveInterval;
    }

    public void setKeepAliveInterval(long keepAliveInterval) {
        this.keepAliveInterval = keepAliveInterval;
    }

    public long getSilenceTimeout() {
        return silenceTimeout;
    }

    public void setSilenceTimeout(long silenceTimeout) {
        this.silenceTimeout = silenceTimeout;
    }

    public long getChannelSilenceTimeout() {
        return channelSilenceTimeout;
    }

    public void setChannelSilenceTimeout(long channelSilenceTimeout) {
        this.channelSilenceTimeout = channelSilenceTimeout;
    }

    public long getReconnectDelay() {
        return reconnectDelay;
    }

    public void setReconnectDelay(long reconnectDelay) {
        this.reconnectDelay = reconnectDelay;
    }

    public long getMaxReconnectDelay() {
        return maxReconnectDelay;
    }

    public void setMaxReconnectDelay(long maxReconnectDelay) {
        this.maxReconnectDelay = maxReconnectDelay;
    }

    public int getStreamThreads() {
        return streamThreads;
    }

    public void setStreamThreads(int streamThreads) {
        this.streamThreads = streamThreads;
    }

    public int getStreamCatchUps() {
        return streamCatchUps;
    }

    public void setStreamCatchUps(int streamCatchUps) {
        this.streamCatchUps = streamCatchUps;
    }

    public Object getMeterRegistry() {
        return meterRegistry;
    }

    public void setMeterRegistry(Object meterRegistry) {
        this.meterRegistry = meterRegistry;
    }
}
