package com.camelexchange.simulator;

import java.time.Duration;

/**
 * The request limits of the service (per key or user, per IP, K-lines), as the simulator enforces
 * them. A limit of 0 switches that limit off. Windows are sliding: at most {@code n} accepted requests
 * in any window of the given length, which is at least as strict as the real service, so a client that
 * passes here passes there.
 *
 * @param perKey         accepted trade-API requests per key (variant A) or per user (variant B) per
 *                       {@code keyWindow}; beyond that, reply 4002
 * @param perIp          trade-API requests per IP per {@code ipWindow}; beyond that, reply 4001 and the
 *                       IP is locked for {@code ipLock}
 * @param klinePerWindow K-line requests per IP per {@code klineWindow}; beyond that, reply 4002
 */
public record SimulatorLimits(int perKey, Duration keyWindow, int perIp, Duration ipWindow, Duration ipLock,
                              int klinePerWindow, Duration klineWindow) {

    public static SimulatorLimits forVariant(Variant variant) {
        return variant == Variant.A
                ? new SimulatorLimits(60, Duration.ofSeconds(1), 10_000, Duration.ofMinutes(1), Duration.ofHours(1), 1,
                        Duration.ofSeconds(1))
                : new SimulatorLimits(30, Duration.ofSeconds(1), 1_000, Duration.ofMinutes(1), Duration.ofHours(1), 1,
                        Duration.ofSeconds(1));
    }

    /** No limit at all, e.g. for throughput measurements. */
    public static SimulatorLimits none() {
        return new SimulatorLimits(0, Duration.ofSeconds(1), 0, Duration.ofMinutes(1), Duration.ofHours(1), 0,
                Duration.ofSeconds(1));
    }

    public SimulatorLimits withPerKey(int perKey) {
        return new SimulatorLimits(perKey, keyWindow, perIp, ipWindow, ipLock, klinePerWindow, klineWindow);
    }

    public SimulatorLimits withPerIp(int perIp) {
        return new SimulatorLimits(perKey, keyWindow, perIp, ipWindow, ipLock, klinePerWindow, klineWindow);
    }

    public SimulatorLimits withIpLock(Duration ipLock) {
        return new SimulatorLimits(perKey, keyWindow, perIp, ipWindow, ipLock, klinePerWindow, klineWindow);
    }

    public SimulatorLimits withKline(int klinePerWindow) {
        return new SimulatorLimits(perKey, keyWindow, perIp, ipWindow, ipLock, klinePerWindow, klineWindow);
    }
}
