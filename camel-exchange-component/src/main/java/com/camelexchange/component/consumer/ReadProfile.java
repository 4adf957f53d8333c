package com.camelexchange.component.consumer;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.component.ExchangeConfiguration;

/**
 * What makes two endpoints' market-data reads the same read: the address and every setting that changes how a
 * request is sent, retried or bounded. Endpoints that differ in one of them do not share replies. No key: only
 * unsigned market data is shared.
 */
record ReadProfile(String baseUrl, ApiVariant variant, String userAgent, long requestTimeout, long callTimeout,
                   int maxReplySize, int readRetries, long readRetryDelay) {

    static ReadProfile of(ExchangeConfiguration conf) {
        String baseUrl = conf.getBaseUrl();
        return new ReadProfile(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl, conf.getApiVariant(), conf.getUserAgent(), conf.getRequestTimeout(),
                conf.getCallTimeout(), conf.getMaxReplySize(), conf.getReadRetries(), conf.getReadRetryDelay());
    }
}
