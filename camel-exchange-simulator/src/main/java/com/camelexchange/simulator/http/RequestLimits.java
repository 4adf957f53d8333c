package com.camelexchange.simulator.http;

import com.camelexchange.simulator.SimulatorLimits;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Applies {@link SimulatorLimits}: per IP with the one-hour lock, per key or user, and K-lines. */
final class RequestLimits {
    private final SimulatorLimits limits;
    private final Map<String, SlidingWindowLimiter> perIp = new ConcurrentHashMap<>();
    private final Map<String, SlidingWindowLimiter> perScope = new ConcurrentHashMap<>();
    private final Map<String, SlidingWindowLimiter> klinePerIp = new ConcurrentHashMap<>();
    private final Map<String, Long> lockedUntil = new ConcurrentHashMap<>();

    RequestLimits(SimulatorLimits limits) {
        this.limits = limits;
    }

    /**
     * Counts one trade-API request from an IP. False when the IP is locked, or when this request goes
     * beyond the per-minute limit, which locks it.
     */
    boolean admitIp(String ip, long now) {
        Long until = lockedUntil.get(ip);
        if (until != null) {
            if (now < until) {
                return false;
            }
            lockedUntil.remove(ip, until);
        }
        if (limits.perIp() <= 0) {
            return true;
        }
        SlidingWindowLimiter limiter = perIp.computeIfAbsent(ip,
                k -> new SlidingWindowLimiter(limits.perIp(), limits.ipWindow().toMillis()));
        if (limiter.tryAcquire(now)) {
            return true;
        }
        lockedUntil.put(ip, now + limits.ipLock().toMillis());
        // A fresh window after the lock, as if the service forgot the burst that caused it.
        perIp.remove(ip);
        return false;
    }

    /** Counts one accepted request of a key (variant A) or user (variant B) scope. */
    boolean admitScope(String scope, long now) {
        if (limits.perKey() <= 0) {
            return true;
        }
        return perScope.computeIfAbsent(scope,
                k -> new SlidingWindowLimiter(limits.perKey(), limits.keyWindow().toMillis())).tryAcquire(now);
    }

    boolean admitKline(String ip, long now) {
        if (limits.klinePerWindow() <= 0) {
            return true;
        }
        return klinePerIp.computeIfAbsent(ip,
                k -> new SlidingWindowLimiter(limits.klinePerWindow(), limits.klineWindow().toMillis())).tryAcquire(now);
    }
}
