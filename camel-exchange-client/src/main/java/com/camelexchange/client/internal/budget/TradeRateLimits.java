package com.camelexchange.client.internal.budget;

import com.camelexchange.client.budget.Held;
import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.model.ApiVariant;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exchange's trade-API limits, kept on the client side so that the exchange never has to refuse:
 * per API key (variant A, 60 a second) or per user (variant B, 30 a second; the keys a component uses are
 * taken to belong to one user), and per IP (10,000 or 1,000 a minute). Windows
 * are counted from replies (see {@link RateLimiter}), so network jitter cannot crowd them. When the exchange
 * still answers 4002 the scope pauses for a second; 4001 (the IP is
 * locked for an hour) pauses the whole component for the hour, so requests fail at once, unsent.
 *
 * <p>The budgets come from {@link RateBudgets}: instances that share a store share one budget per key (found
 * by a hash of the key, never the key itself), per user and per IP.
 */
public final class TradeRateLimits {
    private static final Duration SECOND_WINDOW = Duration.ofSeconds(1);
    private static final Duration MINUTE_WINDOW = Duration.ofMinutes(1);
    private static final Duration IP_LOCK = Duration.ofHours(1);

    private final RateBudgets budgets;
    private final ApiVariant variant;
    private final int perScope;
    private final RateBudget ip;
    /** By access key in variant A (held in memory only, never shown), under one entry in variant B. */
    private final Map<String, RateBudget> scopes = new ConcurrentHashMap<>();
    private final Duration maxWait;

    /**
     * @param maxWait how long a request may wait for a permit before it fails without being sent
     */
    public TradeRateLimits(ApiVariant variant, RateBudgets budgets, Duration maxWait) {
        this.budgets = budgets;
        this.variant = variant;
        this.perScope = variant == ApiVariant.A ? 60 : 30;
        this.ip = budgets.budget(variant + "/ip", "trade API per IP", variant == ApiVariant.A ? 10_000 : 1_000,
                MINUTE_WINDOW);
        this.maxWait = maxWait;
    }

    private TradeRateLimits(ApiVariant variant) {
        this.budgets = null;
        this.variant = variant;
        this.perScope = 0;
        this.ip = null;
        this.maxWait = Duration.ZERO;
    }

    /** No client-side limits: only for a test exchange without limits (load tests). */
    public static TradeRateLimits off(ApiVariant variant) {
        return new TradeRateLimits(variant);
    }

    /**
     * Waits for a permit of the key's scope and of the IP for a call that takes at most {@code maxHold};
     * close it when the reply has arrived.
     */
    public Held acquire(String accessKey, Duration maxHold) {
        return acquire(accessKey, maxHold, maxWait);
    }

    /**
     * {@link #acquire(String, Duration)}, waiting no longer than {@code waitAtMost} either (what is left of the
     * call), nor than the component's {@code rateLimitMaxWait}.
     */
    public Held acquire(String accessKey, Duration maxHold, Duration waitAtMost) {
        if (budgets == null) {
            return Held.NONE;
        }
        Duration wait = waitAtMost.compareTo(maxWait) < 0 ? waitAtMost : maxWait;
        // Held while this request waits for its IP permit too: the key's permit must outlast both waits.
        Held scopePermit = scope(accessKey).acquire(wait, maxHold.plus(wait));
        try {
            Held ipPermit = ip.acquire(wait, maxHold);
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
        if (budgets == null) {
            return;
        }
        if (code == 4002) {
            scope(accessKey).pause(Duration.ofSeconds(1), "the exchange answered 4002, too frequent");
        } else if (code == 4001) {
            ip.pause(IP_LOCK, "the exchange answered 4001: API locked for this IP, for up to an hour");
        }
    }

    /** The key's budget (variant A) or the user's (B); the key's hash is taken once, not on every call. */
    private RateBudget scope(String accessKey) {
        return variant == ApiVariant.A
                ? scopes.computeIfAbsent(accessKey, key -> budgets.budget(variant + "/key/" + fingerprint(key),
                        "trade API per key", perScope, SECOND_WINDOW))
                : scopes.computeIfAbsent("", user -> budgets.budget(variant + "/user", "trade API per user", perScope,
                        SECOND_WINDOW));
    }

    /** Names a key among instances without showing it: the first 16 hex digits of its SHA-256. */
    private static String fingerprint(String accessKey) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(accessKey.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
