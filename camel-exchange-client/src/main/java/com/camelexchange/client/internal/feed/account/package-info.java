/**
 * The account's order and withdrawal events as polled feeds: each state change once, found by paging the exchange's
 * newest-first listings down to what was announced and looking up what they no longer show; the watch (what was
 * reported of each open order or pending withdrawal) kept in {@link com.camelexchange.client.Positions} as compact
 * JSON.
 */
package com.camelexchange.client.internal.feed.account;
