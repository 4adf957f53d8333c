package com.camelexchange.simulator.market;

import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The thirteen K-line periods of the exchange's API, with their wire names. */
public enum KlineType {
    MIN_1("1min", Duration.ofMinutes(1)),
    MIN_3("3min", Duration.ofMinutes(3)),
    MIN_5("5min", Duration.ofMinutes(5)),
    MIN_15("15min", Duration.ofMinutes(15)),
    MIN_30("30min", Duration.ofMinutes(30)),
    HOUR_1("1hour", Duration.ofHours(1)),
    HOUR_2("2hour", Duration.ofHours(2)),
    HOUR_4("4hour", Duration.ofHours(4)),
    HOUR_6("6hour", Duration.ofHours(6)),
    HOUR_12("12hour", Duration.ofHours(12)),
    DAY_1("1day", Duration.ofDays(1)),
    DAY_3("3day", Duration.ofDays(3)),
    WEEK_1("1week", Duration.ofDays(7));

    private final String wire;
    private final long millis;

    KlineType(String wire, Duration period) {
        this.wire = wire;
        this.millis = period.toMillis();
    }

    public String wire() {
        return wire;
    }

    public long millis() {
        return millis;
    }

    /** The open time of the candle that contains {@code epochMillis} (periods aligned to the epoch). */
    public long openTime(long epochMillis) {
        return Math.floorDiv(epochMillis, millis) * millis;
    }

    public static KlineType fromWire(String wire) {
        for (KlineType t : values()) {
            if (t.wire.equals(wire)) {
                return t;
            }
        }
        throw new IllegalArgumentException("type must be one of " + allowed() + ": " + wire);
    }

    public static String allowed() {
        return Arrays.stream(values()).map(KlineType::wire).collect(Collectors.joining(", "));
    }
}
