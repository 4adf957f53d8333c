package com.camelexchange.client.internal.json;

/** Refuses a reply that lacks a field the model needs; called from the records' constructors. */
final class Required {
    private Required() {
    }

    static <T> T field(T value, String name) {
        if (value == null) {
            throw new MissingFieldException(name);
        }
        return value;
    }

    /** A field the reply must have is missing or null. */
    static final class MissingFieldException extends IllegalArgumentException {
        MissingFieldException(String name) {
            super("missing field '" + name + "'");
        }
    }
}
