package com.camelexchange.client.internal.feed;

import com.camelexchange.client.internal.stream.Backoff;
import com.camelexchange.client.internal.stream.StreamSessions;

import java.time.Duration;

/**
 * Where a kind of pushed data gets its pushes, and how it reads over REST meanwhile.
 *
 * @param streams  the WebSocket sessions, shared by every consumer of one application
 * @param address  the exchange's WebSocket address ({@link StreamAddresses#main})
 * @param restPace how often data with a position is read over REST while its channel is silent: the delay a polling
 *                 consumer of the same data would have
 */
public record PushSource(StreamSessions streams, String address, Duration restPace) {

    /** A backoff of the sessions' reconnect delays, for a wait of a consumer's own. */
    public Backoff backoff() {
        return new Backoff(streams.settings().reconnectDelay(), streams.settings().maxReconnectDelay());
    }
}
