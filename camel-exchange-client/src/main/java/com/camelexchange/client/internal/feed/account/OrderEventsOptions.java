package com.camelexchange.client.internal.feed.account;

/**
 * What a consumer of an account's order events watches.
 *
 * @param market    the market whose orders are watched
 * @param pageSize  orders per page of the order listings
 * @param maxCalls  the most pages of each listing, and the most single-order look-ups, one poll may spend
 * @param maxEvents the most events one poll emits; the rest come with the next poll
 */
public record OrderEventsOptions(String market, int pageSize, int maxCalls, int maxEvents) {
}
