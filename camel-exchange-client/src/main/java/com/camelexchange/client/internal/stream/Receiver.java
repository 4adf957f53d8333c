package com.camelexchange.client.internal.stream;

import java.net.http.WebSocket;
import java.nio.CharBuffer;
import java.util.concurrent.CompletionStage;

/**
 * Receives one connection's frames, bounded, and tells the link when it ends. A frame that arrives whole in the
 * JDK's own character buffer is read in place; one in parts is gathered first ({@link FrameBuffer}). Either way
 * the text is read once, by {@link FrameDispatch}, and never copied into a String or bytes. Called where the JDK
 * read the frame, on its selector thread ({@link StreamSessions#ON_ARRIVAL}): from there a push reaches its
 * consumer's worker in one hand-off.
 */
final class Receiver extends ConnectionReceiver {
    private final SessionLink link;
    private final FrameDispatch dispatch;
    private boolean proven;

    Receiver(SessionLink link, FrameDispatch dispatch, int maxFrameSize, int attempt) {
        super(maxFrameSize, attempt);
        this.link = link;
        this.dispatch = dispatch;
    }

    @Override
    void lost(int attempt, String reason) {
        link.lost(attempt, reason);
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
}
