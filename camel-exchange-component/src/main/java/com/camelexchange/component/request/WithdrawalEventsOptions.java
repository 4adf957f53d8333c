package com.camelexchange.component.request;

/**
 * What an {@code exchange:withdrawals} consumer watches, resolved from its options once when it starts.
 *
 * @param coin      the coin whose withdrawal records are watched
 * @param pageSize  records per page of the withdrawal listing
 * @param maxPages  the most pages one poll may fetch
 * @param maxEvents the most events one poll emits; the rest come with the next poll
 */
public record WithdrawalEventsOptions(String coin, int pageSize, int maxPages, int maxEvents) {
}
