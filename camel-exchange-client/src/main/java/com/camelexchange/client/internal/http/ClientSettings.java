package com.camelexchange.client.internal.http;

import com.camelexchange.client.Urls;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and how one endpoint talks to the exchange. Holds no secret.
 *
 * @param baseUrl        market-data address, checked by {@link Urls}; paths {@code /data/v1/...} are added
 * @param tradeUrl       trade address, checked by {@link Urls}; paths {@code /api/<method>} are added
 * @param userAgent      sent with every request (the service wants a desktop-browser value)
 * @param requestTimeout the deadline of each HTTP request: connecting, sending and the whole reply
 * @param maxReplySize   the largest reply body read, in bytes
 * @param callTimeout    the deadline of a whole call: the wait for a permit, every attempt, the delays between
 */
public record ClientSettings(String baseUrl, String tradeUrl, String userAgent, Duration requestTimeout,
                             int maxReplySize, Duration callTimeout) {

    /** The default whole-call deadline: room for a read's first attempt and two retries at the default timeout. */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(30);

    public ClientSettings {
        baseUrl = stripSlash(Objects.requireNonNull(baseUrl, "baseUrl"));
        tradeUrl = stripSlash(tradeUrl == null ? baseUrl : tradeUrl);
        Objects.requireNonNull(userAgent, "userAgent");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(callTimeout, "callTimeout");
    }

    public ClientSettings(String baseUrl, String tradeUrl, String userAgent, Duration requestTimeout,
                          int maxReplySize) {
        this(baseUrl, tradeUrl, userAgent, requestTimeout, maxReplySize, DEFAULT_CALL_TIMEOUT);
    }

    /** These settings with another trade address. */
    public ClientSettings withTradeUrl(String otherTradeUrl) {
        return new ClientSettings(baseUrl, otherTradeUrl, userAgent, requestTimeout, maxReplySize, callTimeout);
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
