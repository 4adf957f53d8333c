package com.camelexchange.client.internal.feed;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest;

/**
 * Where polled data reads from: a client of its own, or reads shared with the other consumers of the same
 * application ({@link SharedReader}).
 */
public interface Reads {

    /** Performs a request, or answers it with a reply shared with other consumers. */
    <T> T read(ExchangeRequest<T> request);

    /** Every request sent by the client itself. */
    static Reads of(ExchangeClient client) {
        return new Reads() {
            @Override
            public <T> T read(ExchangeRequest<T> request) {
                return client.call(request);
            }
        };
    }
}
