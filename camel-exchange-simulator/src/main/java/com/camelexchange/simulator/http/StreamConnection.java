package com.camelexchange.simulator.http;

import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.ServerWebSocket;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One open WebSocket connection and the channels it holds. Touched only on the stream hub's context, so it needs no
 * locking, but for {@link #closed} and {@link #throughHub}.
 */
final class StreamConnection {
    final ServerWebSocket socket;
    /** The HTTP connection under the socket: closing it drops the TCP connection without a close frame. */
    final HttpConnection transport;
    /** Null on {@code /websocket}; the base coin of {@code /websocket/<coin>}. */
    final String baseCoin;
    /** Subscribed channels by name, with the quick-depth length (0 for other channels). */
    final Map<String, Subscription> channels = new LinkedHashMap<>();
    /** The account pushes it follows (see {@link AccountPushes}). */
    final Set<AccountPushes.Subscription> accountSubscriptions = new LinkedHashSet<>();
    /** The client's address, under which its signed frames count against the per-IP limit. */
    final String ip;
    boolean malformNextPush;
    /** A forged trade id for the next trades push; -1 for none. */
    long forgeNextTrade = -1;
    /** Whether the next trades push gets an id no client can read. */
    boolean absurdNextTradeId;
    /** How the next push of a channel is rewritten, by channel; taken when it is pushed. */
    final Map<String, UnaryOperator<String>> rewrites = new HashMap<>();
    /** Written on the hub's context; read too where a request is answered at once ({@link StreamHub}). */
    volatile boolean closed;
    /**
     * Whether this connection's frames go to the hub's context: from its first frame that is not a signed request
     * answered at once on the connection's own event loop, all of them do, so that they are taken in the order sent.
     * Read and written only on that event loop.
     */
    boolean throughHub;

    record Subscription(StreamChannel channel, int length) {
    }

    StreamConnection(ServerWebSocket socket, HttpConnection transport, String baseCoin) {
        this.socket = socket;
        this.ip = socket.remoteAddress() == null ? "unknown" : socket.remoteAddress().hostAddress();
        this.transport = transport;
        this.baseCoin = baseCoin;
    }
}
