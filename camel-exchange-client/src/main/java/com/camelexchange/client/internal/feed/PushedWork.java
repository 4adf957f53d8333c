package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.internal.feed.PushContext;
import com.camelexchange.client.internal.feed.Pushes;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.stream.Backoff;
import com.camelexchange.client.internal.stream.CatchUpTurns;
import com.camelexchange.client.internal.stream.StreamListener;
import com.camelexchange.client.internal.stream.StreamSession;
import com.camelexchange.client.internal.stream.StreamSessions;
import com.camelexchange.client.internal.stream.StreamSubscription;

import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One consumer of the exchange's pushes at work, whatever they carry and wherever they go (a Camel route, a program's
 * listener): the kind of data ({@link Pushes}) says how to read a push and what it becomes; this class subscribes its
 * channel and runs its work. The connection's threads only hand pushes over; the work (delivering items one at a
 * time and in order, catching up over REST) runs on the streams' shared pool ({@link SerialWork}) without a thread of
 * its own: a slow delivery holds one of the pool's threads, not the connection nor, while the pool has others, the
 * other channels, and a busy consumer takes turns with them: each run delivers at most {@link #SHARE} items before
 * the consumers waiting on the pool get theirs. After a failure (a delivery that failed, a REST call that failed, a
 * JVM {@link Error}) the next run waits the consumer's failure backoff ({@link FailureBackoff}: doubling per
 * failure in a row up to its ceiling, from the first delay again after a success), on the streams' timer; the
 * consumer's health tells how long it has been failing and when the next attempt is due.
 */
public final class PushedWork implements PushContext {
    /** The items one run delivers before the consumers waiting on the shared pool get theirs. */
    public static final int SHARE = 100;

    /** Where the items go, and who is told of failures. */
    public interface Delivery {
        /**
         * Delivers one item and waits for it; runs {@code onCompleted} (storing a position) once it was delivered. A
         * failed delivery is the delivery's to tell.
         *
         * @return whether the item was delivered; false: it comes again
         */
        boolean deliver(Object item, Runnable onCompleted);

        /**
         * Tells of a failure of the consumer's own, not of a delivery: a catch-up over REST, a refused channel, the
         * work itself. Called on the shared pool, never on the connection's threads.
         */
        void report(String message, Throwable cause);

        /** The consumer's work succeeded after {@code failures} failed attempts in a row. */
        default void recovered(int failures) {
        }
    }

    private final Pushes kind;
    private final CatchUpTurns catchUps;
    private final ScheduledExecutorService timer;
    /** Until the consumer stops: a stopped consumer may outlive its streams, and must not hold their client. */
    private volatile StreamSessions streams;
    private final StreamHealth health;
    private final Delivery delivery;
    private final FailureBackoff failures;
    private final SerialWork serial;
    private final Queue<Failure> failuresToReport = new ConcurrentLinkedQueue<>();
    private final StreamListener listener;
    private volatile boolean running = true;
    private volatile StreamSubscription subscription;
    private volatile StreamSession session;
    private ScheduledFuture<?> ticks;
    // The runs': one at a time.
    private int emittedThisRun;

    /**
     * @param health   told of the channel and of the consumer's failures; its {@link StreamHealth#report} is the
     *                 consumer's health
     * @param failures the waits after a failure
     */
    public PushedWork(Pushes kind, StreamSessions streams, StreamHealth health, Delivery delivery, Backoff failures) {
        this.kind = kind;
        this.streams = streams;
        this.catchUps = streams.catchUps();
        this.timer = streams.timer();
        this.health = health;
        this.delivery = delivery;
        this.failures = new FailureBackoff(failures, Duration.ZERO, health.attempts(), streams.metrics(),
                health.name());
        this.serial = new SerialWork(streams.workers(), streams.timer(), this::run);
        this.listener = health.listenerFor(new Listener());
    }

    /** Something to tell, from a run rather than from the connection's threads. */
    private record Failure(String message, Throwable cause) {
    }

    /**
     * Subscribes the channel on its session (one connection per address, shared), and starts the kind's ticks.
     *
     * @param patience how long the channel may take to be subscribed before the health reads DOWN
     */
    public void start(Duration patience) {
        health.starting(patience);
        Duration tick = kind.tick();
        if (tick != null) {
            ticks = timer.scheduleWithFixedDelay(serial::wake, tick.toMillis(), tick.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
        session = kind.session(streams);
        subscription = session.subscribe(kind.channel(), kind.length(), listener);
    }

    /** Leaves the channel; no run after this; waits up to {@code timeout} for the one in progress, if any. */
    public void stop(Duration timeout) throws InterruptedException {
        StreamSubscription held = subscription;
        if (held != null) {
            subscription = null;
            held.close();
        }
        if (ticks != null) {
            ticks.cancel(false);
            ticks = null;
        }
        running = false;
        // The delivery in flight, if any, completes; no run comes after it.
        serial.stop(timeout);
        kind.stop();
        // Let go of the session and the streams: a stopped consumer may outlive them (Camel's simple language keeps
        // the last context), and the WebSocket client's selector thread ends only once nothing refers to it.
        session = null;
        streams = null;
    }

    /** The kind of data this consumer delivers. */
    public Pushes kind() {
        return kind;
    }

    /**
     * How the consumer is doing: its health's report with the kind's details added.
     *
     * @param described what the consumer reads, as its health details start
     */
    public ConsumerHealth.Report healthReport(Map<String, Object> described) {
        kind.details(described);
        return health.report(session, kind.channel(), described, kind.notReady(), kind.restPace());
    }

    /**
     * Reports a failure seen on the connection's threads: a run tells it, since telling may be slow (a
     * handler may run code of its own) and must not hold up the connection.
     */
    private void reportLater(String message, Throwable cause) {
        failuresToReport.add(new Failure(message, cause));
        wake();
    }

    private void run() {
        for (Failure f = failuresToReport.poll(); f != null; f = failuresToReport.poll()) {
            delivery.report(f.message(), f.cause());
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
            // An Error too (out of memory, stack overflow): the consumer must not stop working while it looks alive.
            delivery.report("Streaming " + kind.channel() + " failed; trying again", e);
            failed();
        }
        if (emittedThisRun >= SHARE) {
            wake();
        }
    }

    // ---------------------------------------------------------------- what the kind is offered

    @Override
    public boolean running() {
        return running;
    }

    @Override
    public boolean more() {
        return running && emittedThisRun < SHARE;
    }

    @Override
    public boolean emit(Object item, Runnable onCompleted) {
        emittedThisRun++;
        return delivery.deliver(item, onCompleted);
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
        holdFor(failures.failed());
        wake();
    }

    @Override
    public void succeeded() {
        int inARow = failures.failures();
        failures.succeeded();
        health.succeeded();
        if (inARow > 0) {
            delivery.recovered(inARow);
        }
    }

    @Override
    public void report(String message, Throwable cause) {
        delivery.report(message, cause);
    }

    /** Tells the session that REST showed data the channel should have pushed: it subscribes it again. */
    @Override
    public void missedPushes(String evidence) {
        StreamSubscription held = subscription;
        if (held != null) {
            held.missedPushes(evidence);
        }
    }

    /** Whether the session found this consumer's channel silent, and it has not pushed since. */
    @Override
    public boolean channelSilent() {
        StreamSubscription held = subscription;
        return held != null && held.silent();
    }

    @Override
    public CatchUpTurns.Turn askTurn() {
        return catchUps.ask(this::wake);
    }

    // ---------------------------------------------------------------- the session's listener (connection threads)

    private void wakeIf(boolean due) {
        if (due) {
            serial.wake();
        }
    }

    /** The session's calls, on the connection's threads: each hands over to the kind and returns at once. */
    private final class Listener implements StreamListener {
        @Override
        public void onSubscribed() {
            wakeIf(kind.subscribed());
        }

        @Override
        public void onSettled() {
            wakeIf(kind.settled());
        }

        @Override
        public void onFrame(PushFrame frame) {
            boolean due;
            try {
                due = kind.pushed(frame);
            } catch (ExchangeClientException unreadable) {
                // Counted for the channel once a push, whatever the number of its subscribers, and logged by the
                // session at most once a minute without a stack trace: a hostile peer could send one on every push.
                // Not the consumer's failure: a kind with a position catches up from it, and the next snapshot
                // replaces a snapshot.
                if (frame.firstToTell()) {
                    StreamSubscription held = subscription;
                    if (held != null) {
                        held.undecodable(unreadable.getMessage());
                    }
                }
                due = kind.gap();
            }
            wakeIf(due);
        }

        @Override
        public void onGap(String reason) {
            wakeIf(kind.gap());
        }

        @Override
        public void onChannelError(int code, String message) {
            String channel = kind.channel();
            reportLater("The exchange refused the channel " + channel,
                    new ExchangeErrorReplyException(channel, code, message));
        }

        @Override
        public boolean onSilent(Duration silentFor) {
            boolean checks = kind.silent();
            wakeIf(checks);
            return checks;
        }

        @Override
        public boolean snapshots() {
            return kind.snapshots();
        }

        @Override
        public String subscription() {
            return kind.subscription();
        }

        @Override
        public String unsubscription() {
            return kind.unsubscription();
        }
    }
}
