package com.camelexchange.simulator;

/**
 * The two published variants of the exchange's API. Variant A is the richer one (batch orders,
 * custom order ids, order types, minimum sizes, 60 requests per key per second); variant B is the
 * plainer one (30 requests per user per second, its own order status table).
 */
public enum Variant {
    A,
    B;

    /** Whether this variant offers {@code orderMoreV2}, {@code customerOrderId} and {@code orderType}. */
    public boolean hasVariantAFeatures() {
        return this == A;
    }

    public static Variant parse(String text) {
        for (Variant v : values()) {
            if (v.name().equalsIgnoreCase(text)) {
                return v;
            }
        }
        throw new IllegalArgumentException("Unknown variant '" + text + "', expected A or B");
    }
}
