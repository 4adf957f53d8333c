package com.camelexchange.client.model;

/**
 * A list of records read from the exchange that knows how many the exchange sent: a record with a value out of
 * bounds is refused and left out, so a page may hold fewer records than it was sent, and still not be the last.
 */
public interface SentCount {
    /** The number of records the exchange sent: those in the list and those refused. */
    int sent();
}
