package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Permission;

/**
 * A signed call as {@link SignedCalls} checks it, whichever interface carried it: a REST request signs its query
 * text, a WebSocket frame a JSON text of its fields. Each step is asked in the order of the checks.
 */
interface SignedRequest {
    /** Refuses (with an {@link com.camelexchange.simulator.engine.ExchangeError}) a method the interface lacks. */
    void checkMethod();

    /** The access key it names; null when none. */
    String accessKey();

    /** Whether its {@code sign} is the one this key makes of it. */
    boolean signedWith(byte[] hmacKey);

    /** Whether its time is within the window at {@code now}; true where the interface carries no time. */
    boolean fresh(long now);

    /** The first parameter its method does not take, or null. */
    String unknownParameter();

    /** What the key must be allowed to do. */
    Permission permission();
}
