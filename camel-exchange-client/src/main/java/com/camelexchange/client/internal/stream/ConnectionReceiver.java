package com.camelexchange.client.internal.stream;

import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletionStage;

/**
 * What every receiver of a session's connection does alike: frames are bounded ({@link FrameBuffer}), the connection
 * is taken once its session holds the socket, a pong proves the connection alive, a binary frame says nothing (the
 * exchange speaks text only), and a close or an error loses the connection for its session. How a text frame is read
 * is each receiver's own: pushes for the market-data session ({@link Receiver}), replies for the trading session
 * ({@link TradingReceiver}).
 */
abstract class ConnectionReceiver implements WebSocket.Listener {
    protected final int maxFrameSize;
    protected final int attempt;
    protected final FrameBuffer text;
    /** Set when the session takes the socket; until then frames are not for anyone. */
    protected volatile Connection connection;

    ConnectionReceiver(int maxFrameSize, int attempt) {
        this.maxFrameSize = maxFrameSize;
        this.attempt = attempt;
        this.text = new FrameBuffer(maxFrameSize);
    }

    /** The session took the socket as its connection: its frames are read from now on. */
    void take(Connection taken) {
        connection = taken;
    }

    /** Tells the session that this attempt's connection is lost, and why. */
    abstract void lost(int attempt, String reason);

    /** The session's connection of this socket, read without the session's lock: it runs per frame. */
    protected final Connection connection() {
        Connection c = connection;
        return c != null && !c.gone ? c : null;
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        // The exchange speaks text only; a binary frame says nothing we can read.
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onPong(WebSocket webSocket, ByteBuffer message) {
        Connection live = connection();
        if (live != null) {
            live.lastFrame = System.nanoTime();
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        lost(attempt, "closed by the exchange (" + statusCode + ")");
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        lost(attempt, SessionLink.reason(error));
    }
}
