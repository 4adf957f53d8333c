package com.camelexchange.client;

import java.time.Duration;
import java.time.Instant;

/**
 * Where one channel of a client's WebSocket session stands ({@link StreamStatus}): whether it is subscribed on a
 * connection open now, when it last pushed, how long it has been silent and how long its pace allows, and what went
 * wrong with it so far.
 *
 * @param channel        the channel, e.g. {@code btcusdt_trades}
 * @param subscribed     whether it is subscribed on a connection open now
 * @param lastFrameAt    when its last frame arrived; null when none arrived on any connection yet
 * @param silentFor      how long it has pushed nothing on the connection open now (since its last frame, or since
 *                       it was subscribed); zero while not subscribed
 * @param allowedSilence how long it may stay silent before it is checked, learned from its own pace
 * @param silent         whether it is in a silence found to be wrong: pushes missed while the connection lived
 *                       (REST showed them), or, for a ticker or book channel, neither its subscription on the
 *                       connection open now nor a subscription again brought anything; cleared by its next frame.
 *                       Meanwhile its trades and K-line consumers read their data over REST at their polling delay
 * @param undecodable    its pushes that could not be read
 * @param resubscribes   times it was subscribed again on a live connection because it had gone silent
 * @param silences       silences found to be wrong so far
 */
public record ChannelStatus(String channel, boolean subscribed, Instant lastFrameAt, Duration silentFor,
                            Duration allowedSilence, boolean silent, long undecodable, long resubscribes,
                            long silences) {
}
