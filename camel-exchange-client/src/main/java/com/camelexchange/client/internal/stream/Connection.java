package com.camelexchange.client.internal.stream;

import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/** One open socket of a {@link SessionLink}; sends are chained because the JDK socket takes one at a time. */
final class Connection {
    final int attempt;
    final WebSocket socket;
    volatile long lastFrame = System.nanoTime();
    /** Set once the session let it go: frames still in flight on it are ignored. */
    volatile boolean gone;
    private final Executor reporter;
    /** Told the attempt and why when a send failed. */
    private final BiConsumer<Integer, Throwable> sendFailed;
    private CompletableFuture<WebSocket> sending;
    /** Pings sent on this connection; guarded by this, so that their numbers follow the order they go out in. */
    private long pingsSent;
    /** Pongs received on this connection (a pong names no ping: the count says which it answers at the earliest). */
    private final AtomicLong pongs = new AtomicLong();

    Connection(int attempt, WebSocket socket, Executor reporter, BiConsumer<Integer, Throwable> sendFailed) {
        this.attempt = attempt;
        this.socket = socket;
        this.reporter = reporter;
        this.sendFailed = sendFailed;
        this.sending = CompletableFuture.completedFuture(socket);
    }

    /**
     * Sends a ping.
     *
     * @return its number on this connection, 1 for the first, in the order the pings go out
     */
    synchronized long ping(String frame) {
        long number = ++pingsSent;
        send(frame);
        return number;
    }

    /** Counts a pong; returns the pongs received so far. */
    long ponged() {
        return pongs.incrementAndGet();
    }

    /** The pongs received so far. */
    long pongs() {
        return pongs.get();
    }

    synchronized void send(String text) {
        sending = sending.thenCompose(ws -> ws.sendText(text, true));
        // Reported on another thread: a send that already failed would otherwise report it here, which takes the
        // link's lock, while this thread holds the connection's (and callers take them the other way round).
        sending.whenCompleteAsync((ws, failure) -> {
            if (failure != null) {
                sendFailed.accept(attempt, failure);
            }
        }, reporter);
    }
}
