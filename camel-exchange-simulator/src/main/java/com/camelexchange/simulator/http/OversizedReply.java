package com.camelexchange.simulator.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays an oversized reply: the real JSON body behind as many ASCII spaces as make the requested size,
 * with that Content-Length. Leading whitespace is legal JSON, so the reply still parses to the normal
 * one: only a client that caps the size of what it reads is safe. The spaces go out in chunks of
 * {@value #CHUNK} bytes, each written only while the connection's write queue has room (and resumed
 * by its drain handler), so the simulator holds one chunk in memory, not the reply; writing stops
 * once the client has closed the connection.
 */
final class OversizedReply {
    static final int CHUNK = 64 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(OversizedReply.class);

    private final HttpServerResponse response;
    private final Buffer body;
    /** One chunk of spaces, written again and again: Vert.x writes an unreleasable slice of it. */
    private final Buffer spaces;
    private long padding;
    private boolean ended;

    private OversizedReply(HttpServerResponse response, Buffer body, long padding) {
        this.response = response;
        this.body = body;
        this.padding = padding;
        this.spaces = padding == 0 ? Buffer.buffer() : Buffer.buffer(" ".repeat((int) Math.min(CHUNK, padding)));
    }

    /** Starts streaming; returns at once. Must be called on the request's event loop. */
    static void play(HttpServerResponse response, String contentType, String body, long totalBytes) {
        Buffer json = Buffer.buffer(body);
        long padding = Math.max(0, totalBytes - json.length());
        response.putHeader("content-type", contentType)
                .putHeader("content-length", Long.toString(padding + json.length()));
        new OversizedReply(response, json, padding).start();
    }

    private void start() {
        // A client that stops reading and closes is what this fault is for, not an error worth a warning.
        response.exceptionHandler(e -> LOG.debug("Oversized reply aborted: {}", e.toString()));
        response.drainHandler(v -> pump());
        pump();
    }

    private void pump() {
        while (padding > 0) {
            if (response.closed()) {
                return;
            }
            if (response.writeQueueFull()) {
                return; // the drain handler calls again once the client has read some
            }
            int n = (int) Math.min(spaces.length(), padding);
            response.write(n == spaces.length() ? spaces : spaces.getBuffer(0, n));
            padding -= n;
        }
        if (!ended && !response.closed()) {
            ended = true;
            response.end(body);
        }
    }
}
