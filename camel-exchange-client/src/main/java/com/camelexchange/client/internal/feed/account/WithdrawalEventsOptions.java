package com.camelexchange.client.internal.feed.account;

/**
 * What a consumer of an account's withdrawal events watches.
 *
 * @param coin      the coin whose withdrawal records are watched
 * @param pageSize  records per page of the withdrawal listing
 * @param maxPages  the most pages one poll may fetch
 * @param maxEvents the most events one poll emits; the rest come with the next poll
 */
public record WithdrawalEventsOptions(String coin, int pageSize, int maxPages, int maxEvents) {
}
