package com.camelexchange.simulator.engine;

/** {@code orderType}: 1 PostOnly, 2 IOC, anything else (or nothing) a plain limit order. */
public enum OrderType {
    LIMIT,
    POST_ONLY,
    IOC;

    public static OrderType fromWire(String value) {
        if ("1".equals(value)) {
            return POST_ONLY;
        }
        if ("2".equals(value)) {
            return IOC;
        }
        return LIMIT;
    }
}
