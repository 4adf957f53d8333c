package com.camelexchange.client.budget;

/** Rate-limit permits held for one request, released when its reply (or failure) has arrived. */
@FunctionalInterface
public interface Held extends AutoCloseable {
    /** Nothing held: for limits that are switched off. */
    Held NONE = () -> { };

    @Override
    void close();
}
