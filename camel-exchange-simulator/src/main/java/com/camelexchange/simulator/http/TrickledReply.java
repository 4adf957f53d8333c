package com.camelexchange.simulator.http;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * Plays a trickle: the status and headers at once, with the Content-Length of the whole body so the
 * client keeps waiting, then one byte per tick. Each byte is written by a Vert.x timer on the
 * request's event loop (never a sleep, which would stall every connection of that loop); the next
 * timer is set only after a byte is written, and none once the client has closed the connection.
 */
final class TrickledReply {
    private static final Logger LOG = LoggerFactory.getLogger(TrickledReply.class);

    private final Vertx vertx;
    private final HttpServerResponse response;
    private final Buffer body;
    private final long perByteMillis;
    private int written;
    private long timer = -1;

    private TrickledReply(Vertx vertx, HttpServerResponse response, Buffer body, Duration perByte) {
        this.vertx = vertx;
        this.response = response;
        this.body = body;
        this.perByteMillis = Math.max(1, perByte.toMillis());
    }

    /** Starts writing; returns at once. Must be called on the request's event loop. */
    static void play(Vertx vertx, HttpServerResponse response, String contentType, String body, Duration perByte) {
        new TrickledReply(vertx, response, Buffer.buffer(body), perByte).start(contentType);
    }

    private void start(String contentType) {
        if (response.closed()) {
            return; // the client left while the call executed
        }
        response.putHeader("content-type", contentType)
                .putHeader("content-length", Integer.toString(body.length()));
        if (body.length() == 0) {
            response.end();
            return;
        }
        // A client that gives up mid-reply is what this fault is for, not an error worth a warning.
        response.exceptionHandler(e -> LOG.debug("Trickled reply aborted: {}", e.toString()));
        response.closeHandler(v -> stop());
        response.writeHead();
        next();
    }

    private void next() {
        timer = vertx.setTimer(perByteMillis, id -> {
            timer = -1;
            if (response.closed()) {
                return;
            }
            Buffer oneByte = body.getBuffer(written, written + 1);
            written++;
            if (written == body.length()) {
                response.end(oneByte);
            } else {
                response.write(oneByte);
                next();
            }
        });
    }

    private void stop() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
            timer = -1;
        }
    }
}
