package com.camelexchange.client.internal.stream;

import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.util.concurrent.CompletionStage;

/**
 * Receives one connection's frames, bounded, and tells the link when it ends. A frame that arrives whole in the
 * JDK's own character buffer is read in place; one in parts is gathered first ({@link FrameBuffer}). Either way
 * the text is read once, by {@link FrameDispatch}, and never copied into a String or bytes. Called where the JDK
 * read the frame, on its selector thread ({@link StreamSessions#ON_ARRIVAL}): from there a push reaches its
 * consumer's worker in one hand-off.
 */
final class Receiver implements WebSocket.Listener {
    private final SessionLink link;
    private final FrameDispatch dispatch;
    private final int maxFrameSize;
    private final int attempt;
    private final FrameBuffer text;
    /** Set when the link takes the socket; until then frames are not for anyone. */
    private volatile Connection connection;
    private boolean proven;

    Receiver(SessionLink link, FrameDispatch dispatch, int maxFrameSize, int attempt) {
        this.link = link;
        this.dispatch = dispatch;
        this.maxFrameSize = maxFrameSize;
        this.attempt = attempt;
        this.text = new FrameBuffer(maxFrameSize);
    }

    /** The link took the socket as its connection: its frames are dispatched from now on. */
    void take(Connection taken) {
        connection = taken;
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        Connection live = connection();
        if (live == null) {
            // Before the link took the socket (nothing is subscribed yet) or after it let it go.
            webSocket.request(1);
            return null;
        }
        live.lastFrame = System.nanoTime();
        if (!text.fits(data)) {
            text.clear();
            link.lost(attempt, "a frame over " + maxFrameSize + " characters");
            return null;
        }
        boolean read;
        if (last && text.isEmpty() && data instanceof CharBuffer whole && whole.hasArray()) {
            // The usual case: the whole frame in one part, read where the JDK decoded it.
            read = dispatch.dispatch(live, whole.array(), whole.arrayOffset() + whole.position(),
                    whole.remaining());
        } else {
            text.append(data);
            read = last && dispatchGathered(live);
        }
        if (read && !proven) {
            // A working connection, not one that answers with an error and closes: the next outage starts its
            // backoff from the first delay again.
            proven = true;
            link.proven();
        }
        webSocket.request(1);
        return null;
    }

    private boolean dispatchGathered(Connection live) {
        try {
            return dispatch.dispatch(live, text.chars(), 0, text.length());
        } finally {
            text.clear();
        }
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
        link.lost(attempt, "closed by the exchange (" + statusCode + ")");
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        link.lost(attempt, SessionLink.reason(error));
    }

    /** The link's connection of this socket, read without the link's lock: it runs per frame. */
    private Connection connection() {
        Connection c = connection;
        return c != null && !c.gone ? c : null;
    }
}
