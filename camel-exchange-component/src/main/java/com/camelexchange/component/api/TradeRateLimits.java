package com.camelexchange.component.api;

import com.camelexchange.component.model.ApiVariant;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exchange's trade-API limits, kept on the client side so that the exchange never has to refuse:
 * per API key (variant A, 60 a second) or per user (variant B, 30 a second; the keys a component uses are
 * taken to belong to one user), and per IP (10,000 or 1,000 a minute). Windows
 * are counted from replies (see {@link RateLimiter}), so network jitter cannot crowd them. When the exchange
 * still answers 4002 the scope pauses for a second; 4001 (the IP is
 * locked for an hour) pauses the whole component for the hour, so requests fail at once, unsent.
 */
public final class TradeRateLimits {
    private static final Duration SECOND_WINDOW = Duration.ofSeconds(1);
    private static final Duration MINUTE_WINDOW = Duration.ofMinutes(1);
    private static final Duration IP_LOCK = Duration.ofHours(1);

    private final ApiVariant variant;
    private final int perScope;
    private final RateLimiter ip;
    private final Map<String, RateLimiter> scopes = new ConcurrentHashMap<>();
    private final Duration maxWait;
    private final boolean enabled;

    public TradeRateLimits(ApiVariant variant, Duration maxWait) {
        this(variant, maxWait, true);
    }

    /** No client-side limits: only for a test exchange without limits (load tests). */
    public static TradeRateLimits off(ApiVariant variant) {
        return new TradeRateLimits(variant, Duration.ZERO, false);
    }

    private TradeRateLimits(ApiVariant variant, Duration maxWait, boolean enabled) {
        this.enabled = enabled;
        this.variant = variant;
        this.perScope = variant == ApiVariant.A ? 60 : 30;
        this.ip = new RateLimiter("trade API per IP", variant == ApiVariant.A ? 10_000 : 1_000, MINUTE_WINDOW);
        this.maxWait = maxWait;
    }

    /** Waits for a permit of the key's scope and of the IP; close it when the reply has arrived. */
    public Held acquire(String accessKey) {
        if (!enabled) {
            return Held.NONE;
        }
        Held scopePermit = scope(accessKey).acquire(maxWait);
        try {
            Held ipPermit = ip.acquire(maxWait);
            return () -> {
                ipPermit.close();
                scopePermit.close();
            };
        } catch (RuntimeException e) {
            scopePermit.close();
            throw e;
        }
    }

    /** Backs off after the exchange refused a request for being too frequent (4002) or locked the IP (4001). */
    public void refused(String accessKey, int code) {
        if (code == 4002) {
            scope(accessKey).pause(Duration.ofSeconds(1), "the exchange answered 4002, too frequent");
        } else if (code == 4001) {
            ip.pause(IP_LOCK, "the exchange answered 4001: API locked for this IP, for up to an hour");
        }
    }

    private RateLimiter scope(String accessKey) {
        String key = variant == ApiVariant.A ? accessKey : "user";
        return scopes.computeIfAbsent(key, k -> new RateLimiter(variant == ApiVariant.A
                ? "trade API per key" : "trade API per user", perScope, SECOND_WINDOW));
    }
}
