package com.camelexchange.client.model;

import com.fasterxml.jackson.annotation.JsonCreator;

/** {@code orderType} (variant A): a plain limit order, PostOnly (1) or immediate-or-cancel (2). */
public enum OrderType {
    LIMIT(null),
    POST_ONLY(1),
    IOC(2);

    private final Integer wire;

    OrderType(Integer wire) {
        this.wire = wire;
    }

    /** The wire value, or null for a plain limit order (the parameter is not sent). */
    public Integer wire() {
        return wire;
    }

    /** Accepts limit, postOnly/1, ioc/2 in any case; null for anything else. */
    public static OrderType parse(String text) {
        if (text == null) {
            return null;
        }
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT).replace("_", "")) {
            case "limit" -> LIMIT;
            case "1", "postonly" -> POST_ONLY;
            case "2", "ioc" -> IOC;
            default -> null;
        };
    }

    /**
     * The value of a JSON field: the name as written ({@code POST_ONLY}) or anything {@link #parse} accepts, so that
     * a hand-written order unmarshals like one the component wrote. Blank is no value (XML writes null so).
     */
    @JsonCreator
    public static OrderType fromJson(String text) {
        OrderType type = parse(text);
        if (type == null && text != null && !text.isBlank()) {
            String shown = String.valueOf(text).length() <= 40 ? text : text.substring(0, 40) + "...";
            throw new IllegalArgumentException("'" + shown + "' is not limit, postOnly or ioc");
        }
        return type;
    }
}
