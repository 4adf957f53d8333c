package com.camelexchange.simulator;

import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Faults of the WebSocket interface, played on demand like {@link FaultPlan} plays HTTP faults. The
 * real service does not replay what a client missed, so neither does the simulator: what a stall or a
 * malformed frame swallows is gone for that connection.
 */
public final class StreamFaults {
    /** What the WebSocket server does when a fault acts on the connections open now. */
    public interface Target {
        /** Closes every open connection without a close handshake. */
        void dropAll();

        /** Replaces the next push to every open connection with a malformed frame. */
        void malformNextPush();

        /** Adds a trade with this id to the next trades push to every open connection. */
        void forgeNextTrade(long tid);

        /** Writes a number no client can hold into the next trades push to every open connection. */
        void absurdNextTradeId();

        /** Rewrites the next push of {@code channel} to every open connection that holds it. */
        void rewriteNextPush(String channel, UnaryOperator<String> rewrite);

        /** Takes the client frames held so far, in the order they arrived, and those that come after. */
        void releaseClientFrames();
    }

    private static final Target NO_SERVER = new Target() {
        @Override
        public void dropAll() {
        }

        @Override
        public void malformNextPush() {
        }

        @Override
        public void forgeNextTrade(long tid) {
        }

        @Override
        public void absurdNextTradeId() {
        }

        @Override
        public void rewriteNextPush(String channel, UnaryOperator<String> rewrite) {
        }

        @Override
        public void releaseClientFrames() {
        }
    };

    private final Set<String> silenced = ConcurrentHashMap.newKeySet();
    /** Faults of the replies to signed frames, by the channel's method ({@code order}, {@code getorder}, ...). */
    private final FaultPlan replies = new FaultPlan();

    private final AtomicInteger refusals = new AtomicInteger();
    private volatile boolean holdingClientFrames;
    private final LongAdder clientFramesHeld = new LongAdder();
    private final LongAdder swallowed = new LongAdder();
    private volatile long stalledUntilNanos = System.nanoTime();
    private volatile Target target = NO_SERVER;

    /** Closes every open WebSocket connection now, abruptly (TCP close, no close frame). */
    public StreamFaults dropAll() {
        target.dropAll();
        return this;
    }

    /**
     * For {@code duration}, sends nothing on any connection: no pushes, no pongs, no error frames.
     * What would have been sent meanwhile is dropped, not queued; connections stay open.
     */
    public StreamFaults stall(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        stalledUntilNanos = System.nanoTime() + duration.toNanos();
        return this;
    }

    /** Whether a stall is in progress. */
    public boolean stalled() {
        return System.nanoTime() - stalledUntilNanos < 0;
    }

    /**
     * Frames a stall has swallowed so far (pushes, pongs and error frames), so that a test knows a
     * push was dropped before it ends the stall.
     */
    public long framesSwallowed() {
        return swallowed.sum();
    }

    /** Counts one frame swallowed by a stall; for the WebSocket server. */
    public void recordSwallowed() {
        swallowed.increment();
    }

    /** Ends a stall early. */
    public StreamFaults resume() {
        stalledUntilNanos = System.nanoTime();
        return this;
    }

    /**
     * Replaces the next push to each connection open now by a truncated JSON text frame; the trades
     * that push would have carried are lost to that connection.
     */
    public StreamFaults malformedFrame() {
        target.malformNextPush();
        return this;
    }

    /**
     * Adds a forged trade with id {@code tid} (the values of the push's last trade) to the next trades push to
     * each connection open now: a peer that pushes an id the REST interface never confirms. The tape is not
     * changed: {@code trades?since=} never shows the forged trade.
     */
    public StreamFaults forgedTrade(long tid) {
        target.forgeNextTrade(tid);
        return this;
    }

    /**
     * The next trades push to each connection open now carries, as the id of its first trade, a number no 64-bit
     * integer holds ({@code 99999999999999999999999}): well-formed JSON that a client cannot read. Its trades are
     * lost to that connection, as with {@link #malformedFrame()}, but the frame's channel can still be read.
     */
    public StreamFaults absurdTradeId() {
        target.absurdNextTradeId();
        return this;
    }

    /**
     * The next push of {@code channel} (e.g. {@code btcusdt_trades}) to each connection open now that holds it is
     * sent as {@code rewrite} makes it: a peer that pushes a hostile value ({@link JsonRewrite}). Pushes of other
     * channels, and later ones, go out as they are.
     */
    public StreamFaults rewriteNextPush(String channel, UnaryOperator<String> rewrite) {
        target.rewriteNextPush(Objects.requireNonNull(channel, "channel"), Objects.requireNonNull(rewrite, "rewrite"));
        return this;
    }

    /**
     * From now on, sends nothing of {@code channel} to any connection, neither the snapshot of a subscription nor
     * pushes, while everything else goes on: pongs, errors, other channels. A peer that keeps the connection
     * alive and never serves a channel. Subscriptions are still accepted and counted.
     */
    public StreamFaults silenceChannel(String channel) {
        silenced.add(Objects.requireNonNull(channel, "channel"));
        return this;
    }

    /** Serves a silenced channel again (from its next push on; what it swallowed is gone). */
    public StreamFaults serveChannel(String channel) {
        silenced.remove(channel);
        return this;
    }

    /** Whether a channel is silenced; for the WebSocket server. */
    public boolean silenced(String channel) {
        return !silenced.isEmpty() && silenced.contains(channel);
    }

    /**
     * From now on, the server takes no frame a client sends (subscriptions, pings) until
     * {@link #releaseClientFrames()}: a server slow to take a subscription. The frames are kept, not dropped, and
     * taken in the order they arrived once released; connections stay open, and pushes of what they subscribed
     * before go on. A change made meanwhile is not pushed on a subscription still held, as the real service does
     * not push what happened before it took a subscription.
     */
    public StreamFaults holdClientFrames() {
        holdingClientFrames = true;
        return this;
    }

    /** Takes the client frames held, in order, and every frame after them as it comes. */
    public StreamFaults releaseClientFrames() {
        holdingClientFrames = false;
        target.releaseClientFrames();
        return this;
    }

    /** Whether client frames are held; for the WebSocket server. */
    public boolean holdingClientFrames() {
        return holdingClientFrames;
    }

    /** Client frames held so far (taken or not since), so that a test knows a frame arrived before it acts. */
    public long clientFramesHeld() {
        return clientFramesHeld.sum();
    }

    /** Counts one client frame held; for the WebSocket server. */
    public void recordHeld() {
        clientFramesHeld.increment();
    }

    /**
     * Plays {@code fault} on the next {@code times} signed frames of a method, named as the end of its channel
     * ({@code order} for {@code btcusdt_order}, {@code cancelorder}, {@code getorder}, {@code getaccountinfo},
     * {@code push_user_incr_record}, ...; {@link FaultPlan#ANY} for any). Executed first, then:
     * {@link Fault#dropReply()} sends no reply and keeps the connection open, {@link Fault#loseReply()} cuts the
     * connection (no close frame) instead of replying, {@link Fault#delay(Duration)} sends the reply that much later
     * (replies to later frames may overtake it), {@link Fault#errorReplyAfterExecution(int)} replies with that code.
     * Not executed: {@link Fault#errorReply(int)} replies with that code.
     *
     * @throws IllegalArgumentException for a fault of any other kind, which has no meaning on a WebSocket
     */
    public StreamFaults injectReply(String method, Fault fault, int times) {
        Objects.requireNonNull(method, "method");
        switch (fault.kind()) {
            case DROP_REPLY, LOSE_REPLY, DELAY, ERROR_REPLY, ERROR_REPLY_AFTER_EXECUTION -> replies.inject(method, fault,
                    times);
            default -> throw new IllegalArgumentException("Not a fault of a WebSocket reply: " + fault
                    + " (dropReply, loseReply, delay, errorReply or errorReplyAfterExecution)");
        }
        return this;
    }

    /** Plays {@code fault} on the next signed frame of a method; see {@link #injectReply(String, Fault, int)}. */
    public StreamFaults injectReply(String method, Fault fault) {
        return injectReply(method, fault, 1);
    }

    /** Takes the fault for the reply to a signed frame of this method, if one is queued; for the server. */
    public Fault nextReplyFault(String method) {
        return replies.next(method);
    }

    /**
     * Whether a signed request met now meets no fault of this plan: no reply fault queued or drawn, client frames
     * not held, the server not stalled. Read on any thread.
     */
    public boolean noneForRequests() {
        return !holdingClientFrames && !stalled() && replies.none();
    }

    /** Reply faults still queued for a method. */
    public int pendingReplyFaults(String method) {
        return replies.pending(method);
    }

    /** Refuses the next {@code times} WebSocket upgrade attempts with HTTP 503. */
    public StreamFaults refuseUpgrade(int times) {
        if (times < 1) {
            throw new IllegalArgumentException("times must be at least 1: " + times);
        }
        refusals.addAndGet(times);
        return this;
    }

    /** Takes one queued upgrade refusal, if any; for the WebSocket server. */
    public boolean takeUpgradeRefusal() {
        return refusals.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
    }

    /** Connects the faults to the running WebSocket server; null detaches them. */
    public void attach(Target server) {
        this.target = server == null ? NO_SERVER : server;
    }
}
