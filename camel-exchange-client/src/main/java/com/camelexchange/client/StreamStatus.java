package com.camelexchange.client;

import java.net.URI;
import java.util.List;

/**
 * Where one of a client's WebSocket sessions stands (one per address, shared by its feeds), for a dev console or a
 * health page: whether it is connected, how often it had to connect again, and each of its channels.
 *
 * @param address           the WebSocket address
 * @param connected         whether a connection is open now
 * @param reconnects        how many times it connected again after a connection ended
 * @param undecodableFrames frames of no known channel that could not be read
 * @param channels          each channel subscribed on it, by name
 */
public record StreamStatus(URI address, boolean connected, long reconnects, long undecodableFrames,
                           List<ChannelStatus> channels) {
    public StreamStatus {
        channels = List.copyOf(channels);
    }
}
