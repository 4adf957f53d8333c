package com.camelexchange.client.internal.feed;

import com.camelexchange.client.model.ApiVariant;

/**
 * What makes two consumers' market-data reads the same read: the address and every setting that changes how a
 * request is sent, retried or bounded. Consumers that differ in one of them do not share replies. No key: only
 * unsigned market data is shared.
 *
 * @param baseUrl the address, without a trailing slash
 */
public record ReadProfile(String baseUrl, ApiVariant variant, String userAgent, long requestTimeout, long callTimeout,
                          int maxReplySize, int readRetries, long readRetryDelay) {
}
