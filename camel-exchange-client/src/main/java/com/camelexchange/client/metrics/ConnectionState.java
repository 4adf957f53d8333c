package com.camelexchange.client.metrics;

import java.net.URI;

/** What a pushed-data connection tells of itself, for meters: its address, whether it is open, how often it was reopened. */
public interface ConnectionState {
    URI uri();

    boolean connected();

    long reconnects();
}
