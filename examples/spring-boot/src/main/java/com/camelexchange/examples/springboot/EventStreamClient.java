package com.camelexchange.examples.springboot;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One open {@code text/event-stream} response: a bounded queue of frames not yet written, written with the
 * servlet's non-blocking output. No thread ever waits on a client: {@link #offer} only queues, and the frames
 * go out while the connection takes them, from whichever thread offered one or from the web server's thread
 * once the client has read again ({@link #onWritePossible}). A client whose queue is full has fallen behind;
 * the caller ends it.
 */
final class EventStreamClient implements WriteListener, AsyncListener {
    private final AsyncContext async;
    private final ServletOutputStream out;
    private final BlockingQueue<byte[]> pending;
    private final Consumer<EventStreamClient> onEnd;
    /** Requests to write; the thread that raises it from 0 writes until it falls back to 0 (one writer at a time). */
    private final AtomicInteger writeRequests = new AtomicInteger();
    private final AtomicBoolean ended = new AtomicBoolean();
    private final AtomicBoolean completed = new AtomicBoolean();
    /** Written since the last flush; touched by the one writer only. */
    private boolean unflushed;

    /**
     * Starts writing to an asynchronous response: {@code first} is the first frame, {@code onEnd} hears when
     * the response is over, whatever ended it. Call on the request's own thread.
     */
    static EventStreamClient start(AsyncContext async, int capacity, byte[] first, Consumer<EventStreamClient> onEnd)
            throws IOException {
        EventStreamClient client = new EventStreamClient(async, capacity, onEnd);
        client.pending.add(first);
        async.addListener(client);
        client.out.setWriteListener(client);                 // the web server calls onWritePossible next
        return client;
    }

    private EventStreamClient(AsyncContext async, int capacity, Consumer<EventStreamClient> onEnd) throws IOException {
        this.async = async;
        this.out = async.getResponse().getOutputStream();
        this.pending = new ArrayBlockingQueue<>(capacity);
        this.onEnd = onEnd;
    }

    /** Queues a frame and writes what the connection takes now; false when the queue is full. */
    boolean offer(byte[] frame) {
        if (ended.get()) {
            return true;                                     // gone; its end has been reported
        }
        if (!pending.offer(frame)) {
            return false;
        }
        write();
        return true;
    }

    /**
     * Ends the response: nothing more is written, and the web server finishes the stream. The writer
     * completes it, so that no frame is being written while it does.
     */
    void end() {
        if (ended.compareAndSet(false, true)) {
            pending.clear();
            onEnd.accept(this);
            write();
        }
    }

    @Override
    public void onWritePossible() {
        write();
    }

    @Override
    public void onError(Throwable failure) {
        endNow();
    }

    @Override
    public void onComplete(AsyncEvent event) {
        end();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        endNow();
    }

    @Override
    public void onError(AsyncEvent event) {
        endNow();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // Started once, by the servlet.
    }

    /**
     * Ends the response from the web server's own timeout or error callback, which must complete it itself
     * (the web server otherwise dispatches the request to its error page); the connection is unusable by now,
     * so a write that is under way on another thread does not matter.
     */
    private void endNow() {
        end();
        complete();
    }

    private void write() {
        if (writeRequests.getAndIncrement() != 0) {
            return;                                          // the writer now will see the request
        }
        boolean failed = false;
        int requests = 1;
        do {
            try {
                writeWhileReady();
            } catch (IOException | IllegalStateException gone) {
                failed = true;
            }
            requests = writeRequests.addAndGet(-requests);
        } while (requests != 0);
        if (failed) {
            end();
        }
    }

    /** Writes and flushes queued frames while the connection takes them without waiting; completes an ended one. */
    private void writeWhileReady() throws IOException {
        if (ended.get()) {
            complete();
            return;
        }
        while (out.isReady()) {
            byte[] next = pending.poll();
            if (next != null) {
                out.write(next);
                unflushed = true;
            } else if (unflushed) {
                unflushed = false;
                out.flush();
            } else {
                return;
            }
        }
        // Not ready: the web server calls onWritePossible once the client has read.
    }

    private void complete() {
        if (completed.compareAndSet(false, true)) {
            try {
                async.complete();
            } catch (IllegalStateException alreadyOver) {
                // Completed, timed out or failed meanwhile: over either way.
            }
        }
    }
}
