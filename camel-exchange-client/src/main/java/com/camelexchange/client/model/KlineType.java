package com.camelexchange.client.model;

import java.time.Duration;

/** The thirteen K-line periods of the exchange's API, with their wire names ({@code 1min} ... {@code 1week}). */
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

    /** The wire names, comma separated, for option metadata and messages. */
    public static final String WIRE_NAMES =
            "1min,3min,5min,15min,30min,1hour,2hour,4hour,6hour,12hour,1day,3day,1week";

    private final String wireName;
    private final Duration period;

    KlineType(String wireName, Duration period) {
        this.wireName = wireName;
        this.period = period;
    }

    public String wireName() {
        return wireName;
    }

    public Duration period() {
        return period;
    }

    /** The type with this wire name, or null. */
    public static KlineType fromWireName(String wireName) {
        for (KlineType t : values()) {
            if (t.wireName.equals(wireName)) {
                return t;
            }
        }
        return null;
    }
}
