package com.camelexchange.component.api;

import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolStats;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The one HTTP road to the exchange: a pooled, keep-alive Apache HttpClient 5, created once per
 * component. Automatic retries are off: the API places orders with GET, and a client that silently
 * re-sends a GET whose reply was lost (as the JDK client does) can place an order twice. Every reply
 * body is read completely, so connections always return to the pool.
 */
public final class HttpTransport implements AutoCloseable {

    /** A reply with any status; the body is text. */
    public record Reply(int status, String body) {
    }

    private final PoolingHttpClientConnectionManager pool;
    private final CloseableHttpClient client;

    public HttpTransport(TransportSettings settings) {
        PoolingHttpClientConnectionManagerBuilder poolBuilder = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(settings.maxConnections())
                .setMaxConnPerRoute(settings.maxConnections())
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(settings.connectTimeout()))
                        .setTimeToLive(TimeValue.ofMinutes(5))
                        .build());
        if (settings.sslContext() != null) {
            poolBuilder.setTlsSocketStrategy(new DefaultClientTlsStrategy(settings.sslContext()));
        }
        pool = poolBuilder.build();
        HttpClientBuilder builder = HttpClients.custom()
                .setConnectionManager(pool)
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                .evictExpiredConnections()
                .evictIdleConnections(TimeValue.ofSeconds(30));
        if (settings.proxyHost() != null && !settings.proxyHost().isBlank()) {
            builder.setProxy(new HttpHost(settings.proxyHost(), settings.proxyPort()));
        }
        client = builder.build();
    }

    /**
     * One GET. IO failures (refused, reset, timed out) become {@link ExchangeTransportException}; any
     * status is returned as it is, for the caller to judge.
     */
    public Reply get(String operation, URI uri, String userAgent, Duration requestTimeout) {
        HttpGet get = new HttpGet(uri);
        get.setHeader(HttpHeaders.USER_AGENT, userAgent);
        get.setHeader(HttpHeaders.ACCEPT, "application/json");
        get.setConfig(RequestConfig.custom()
                .setResponseTimeout(Timeout.of(requestTimeout))
                .setConnectionRequestTimeout(Timeout.of(requestTimeout))
                .build());
        try {
            return client.execute(get, response -> new Reply(response.getCode(),
                    response.getEntity() == null ? "" : EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new ExchangeTransportException(operation, e);
        }
    }

    /** Leased, available and pending connections of the pool (a leak shows as leased connections at rest). */
    public PoolStats poolStats() {
        return pool.getTotalStats();
    }

    @Override
    public void close() {
        client.close(CloseMode.GRACEFUL);
    }
}
