package com.camelexchange.simulator.http;

import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * Drops a WebSocket connection the way a crashed server or a broken network does: the TCP connection
 * closes with no close frame. Vert.x's public {@code close()} on a WebSocket's connection sends a close
 * frame first, so this reaches for the Netty pipeline of Vert.x's connection implementation; should that
 * ever be unavailable, close code 1011 (server error) is the nearest public substitute.
 */
final class AbruptClose {
    private static final short SERVER_ERROR = 1011;

    private AbruptClose() {
    }

    static void close(ServerWebSocket socket, HttpConnection transport) {
        if (transport instanceof ConnectionBase connection && connection.channel().pipeline().firstContext() != null) {
            // Closed from the head of the pipeline: a close from the tail would pass the WebSocket
            // handler, which writes a close frame on the way out.
            connection.channel().pipeline().firstContext().close();
        } else {
            socket.close(SERVER_ERROR, "Dropped");
        }
    }
}
