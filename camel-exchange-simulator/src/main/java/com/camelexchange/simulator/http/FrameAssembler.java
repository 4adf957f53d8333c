package com.camelexchange.simulator.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.WebSocketFrame;

import java.nio.charset.StandardCharsets;

/**
 * Joins a client's frames into messages under one bound for the whole message, so an oversized
 * message is refused the same way whether it came as one frame or as many. Used on the connection's
 * event loop only.
 */
final class FrameAssembler {
    /** What came of one frame. */
    enum Outcome { INCOMPLETE, TEXT, BINARY, TOO_BIG }

    private final int maxBytes;
    private Buffer pending = Buffer.buffer();
    private boolean binary;

    FrameAssembler(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    Outcome accept(WebSocketFrame frame) {
        if (frame.isText() || frame.isBinary()) {
            pending = Buffer.buffer();
            binary = frame.isBinary();
        } else if (!frame.isContinuation()) {
            return Outcome.INCOMPLETE;
        }
        if (pending.length() + frame.binaryData().length() > maxBytes) {
            pending = Buffer.buffer();
            return Outcome.TOO_BIG;
        }
        pending.appendBuffer(frame.binaryData());
        if (!frame.isFinal()) {
            return Outcome.INCOMPLETE;
        }
        return binary ? Outcome.BINARY : Outcome.TEXT;
    }

    /** The text of the message just completed. */
    String text() {
        String text = pending.toString(StandardCharsets.UTF_8);
        pending = Buffer.buffer();
        return text;
    }
}
