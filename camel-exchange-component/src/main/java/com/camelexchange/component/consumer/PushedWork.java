package com.camelexchange.component.consumer;

import com.camelexchange.client.stream.Backoff;
import com.camelexchange.client.stream.CatchUpTurns;
import com.camelexchange.client.stream.StreamSessions;

import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BiConsumer;

/**
 * The work of one pushed consumer, on the component's shared pool ({@link SerialWork}): each run reports what the
 * connection's threads saw go wrong, then lets the kind of data ({@link Pushes}) emit what is due, at most
 * {@link #SHARE} messages before the consumers waiting on the pool get their turn. A run that fails (a JVM
 * {@link Error} too) is reported, and the next one waits the consumer's failure backoff, on the stream timer.
 */
final class PushedWork implements PushContext {
    /** The messages one run emits before the consumers waiting on the shared pool get theirs. */
    static final int SHARE = 100;

    private final PushedConsumer consumer;
    private final Pushes kind;
    private final StreamHealth health;
    private final Backoff failures;
    private final CatchUpTurns catchUps;
    private final SerialWork serial;
    private final Queue<Failure> failuresToReport = new ConcurrentLinkedQueue<>();
    private volatile boolean running = true;
    // The runs': one at a time.
    private int emittedThisRun;

    PushedWork(PushedConsumer consumer, Pushes kind, StreamHealth health, StreamSessions streams, Backoff failures) {
        this.consumer = consumer;
        this.kind = kind;
        this.health = health;
        this.failures = failures;
        this.catchUps = streams.catchUps();
        this.serial = new SerialWork(streams.workers(), streams.timer(), this::run);
    }

    /** Something to tell the exception handler, from a run rather than from the connection's threads. */
    private record Failure(String message, Throwable cause) {
    }

    /**
     * Reports a failure seen on the connection's threads: a run hands it to the exception handler, which may run
     * a route (bridgeErrorHandler) and must not hold up the connection.
     */
    void reportLater(String message, Throwable cause) {
        failuresToReport.add(new Failure(message, cause));
        wake();
    }

    /** No run after this; waits up to {@code timeout} for the one in progress. */
    void stop(Duration timeout) throws InterruptedException {
        running = false;
        serial.stop(timeout);
        kind.stop();
    }

    private void run() {
        for (Failure f = failuresToReport.poll(); f != null; f = failuresToReport.poll()) {
            consumer.getExceptionHandler().handleException(f.message(), f.cause());
        }
        if (!running) {
            return;
        }
        emittedThisRun = 0;
        long failuresBefore = health.failures();
        try {
            kind.work(this);
            if (health.failures() == failuresBefore) {
                health.succeeded();
            }
        } catch (Exception | Error e) {
            // An Error too (out of memory, stack overflow): the consumer must not stop working while the route
            // reads Started.
            consumer.getExceptionHandler().handleException("Streaming " + kind.channel() + " failed; trying again", e);
            failed();
        }
        if (emittedThisRun >= SHARE) {
            wake();
        }
    }

    @Override
    public boolean running() {
        return running;
    }

    @Override
    public boolean more() {
        return running && emittedThisRun < SHARE;
    }

    @Override
    public <B> boolean emit(B body, BiConsumer<? super B, Map<String, Object>> headers, Runnable onCompleted) {
        emittedThisRun++;
        return consumer.emit(body, headers, onCompleted);
    }

    @Override
    public void wake() {
        serial.wake();
    }

    @Override
    public void holdFor(Duration delay) {
        serial.holdFor(delay);
    }

    @Override
    public void failed() {
        holdFor(failures.next());
        wake();
    }

    @Override
    public void succeeded() {
        failures.reset();
        health.succeeded();
    }

    @Override
    public void report(String message, Throwable cause) {
        consumer.getExceptionHandler().handleException(message, cause);
    }

    @Override
    public void missedPushes(String evidence) {
        consumer.missedPushes(evidence);
    }

    @Override
    public boolean channelSilent() {
        return consumer.channelSilent();
    }

    @Override
    public CatchUpTurns.Turn askTurn() {
        return catchUps.ask(this::wake);
    }
}
