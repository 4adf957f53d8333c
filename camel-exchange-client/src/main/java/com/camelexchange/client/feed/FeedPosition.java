package com.camelexchange.client.feed;

/**
 * Where a feed stands (a trade id or candle time, the watch of an account's orders or withdrawals as compact JSON),
 * for a look from outside: a dev console, a program's status page.
 *
 * @param key     its key in the {@link com.camelexchange.client.Positions}
 * @param value   what was last committed; null before the feed read or committed anything
 * @param durable whether the positions outlive the process (a restart resumes), not memory only
 */
public record FeedPosition(String key, String value, boolean durable) {
}
