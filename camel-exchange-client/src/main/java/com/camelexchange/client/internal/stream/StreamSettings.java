package com.camelexchange.client.internal.stream;

import java.time.Duration;

/**
 * How the component keeps its WebSocket connections alive.
 *
 * @param keepAlive         how often a ping is sent (the exchange answers with a pong)
 * @param silenceTimeout    a connection that brought no frame at all (push or pong) for this long is taken
 *                          as dead, closed and opened again; also the shortest silence a channel is allowed
 * @param reconnectDelay    the first delay before connecting again; it doubles per failed attempt
 * @param maxReconnectDelay the longest delay between attempts
 * @param connectTimeout    how long an opening handshake may take
 * @param maxFrameSize      the largest frame accepted, in characters; a larger one is hostile and drops the
 *                          connection
 * @param channelSilence    the longest silence a channel is allowed (its allowance is learned from its pace
 *                          between {@code silenceTimeout} and this); a channel silent longer is checked
 */
public record StreamSettings(Duration keepAlive, Duration silenceTimeout, Duration reconnectDelay,
                             Duration maxReconnectDelay, Duration connectTimeout, int maxFrameSize,
                             Duration channelSilence) {
}
