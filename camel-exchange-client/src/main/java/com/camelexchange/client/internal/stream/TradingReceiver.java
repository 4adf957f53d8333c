package com.camelexchange.client.internal.stream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.net.http.WebSocket;
import java.util.concurrent.CompletionStage;

/**
 * Receives the frames of a {@link TradingSession}'s connection, bounded, and hands each reply to the call waiting for
 * its {@code no}. Only the top level is scanned for {@code no} here, on the thread that read the frame; the caller
 * reads the rest of the reply on its own thread. A frame naming no call waiting (a pong, a late reply, an error
 * without a {@code no}) is dropped.
 */
final class TradingReceiver extends ConnectionReceiver {
    private static final JsonFactory JSON = new JsonFactory();
    /** The longest {@code no} taken: the session's own are decimal numbers. */
    private static final int MAX_NO = 20;

    private final TradingSession session;

    TradingReceiver(TradingSession session, int maxFrameSize, int attempt) {
        super(maxFrameSize, attempt);
        this.session = session;
    }

    @Override
    void lost(int attempt, String reason) {
        session.lost(attempt, reason);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        Connection seen = connection;
        if (seen != null) {
            seen.lastFrame = System.nanoTime();
        }
        if (!text.append(data)) {
            session.lost(attempt, "a frame over " + maxFrameSize + " characters");
            return null;
        }
        if (last) {
            String frame = new String(text.chars(), 0, text.length());
            text.clear();
            Connection live = connection;
            if (live != null && !live.gone) {
                String no = no(frame);
                if (no != null) {
                    session.replied(no, frame);
                }
            }
        }
        webSocket.request(1);
        return null;
    }

    /** The top-level {@code no} of a frame, or null when it has none or is no JSON object. */
    static String no(String frame) {
        try (JsonParser p = JSON.createParser(frame)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("no") && value.isScalarValue()) {
                    return p.getTextLength() <= MAX_NO ? p.getText() : null;
                }
                p.skipChildren();
            }
            return null;
        } catch (IOException broken) {
            return null; // names no call; the call it was for ends at its deadline
        }
    }
}
