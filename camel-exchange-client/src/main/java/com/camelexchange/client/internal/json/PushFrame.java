package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.internal.json.PushReplies.Push;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One frame of the exchange's WebSocket, read once ({@link PushFrames#read}): the channel it belongs to, an
 * error's code and message, and its payload already in the model's terms, for {@link PushFrames} to hand to each
 * subscriber of the channel as a ticker, a book, trades or candles. A frame that could not be read keeps the
 * reason, and its channel when that much could be read: each subscriber gets the reason when it asks for the
 * payload. Immutable but for {@link #firstRead()} and {@link #firstToTell()}, so one frame serves every subscriber of
 * its channel.
 */
public final class PushFrame {
    /** Marks the frame read, once: a field of the frame rather than an AtomicBoolean of its own per frame. */
    private static final AtomicIntegerFieldUpdater<PushFrame> FIRST_READ =
            AtomicIntegerFieldUpdater.newUpdater(PushFrame.class, "read");
    /** Marks what the frame lost told, once. */
    private static final AtomicIntegerFieldUpdater<PushFrame> FIRST_TOLD =
            AtomicIntegerFieldUpdater.newUpdater(PushFrame.class, "told");
    private volatile int read;
    private volatile int told;
    private final String channel;
    private final Integer errorCode;
    private final String errorMessage;
    private final Push payload;
    private final ExchangeReplyFormatException failure;

    PushFrame(String channel, Integer errorCode, String errorMessage, Push payload,
              ExchangeReplyFormatException failure) {
        this.channel = channel;
        this.errorCode = errorCode;
        this.errorMessage = errorMessage;
        this.payload = payload;
        this.failure = failure;
    }

    /**
     * The market a channel shared by every market names beside it ({@code push_user_incr_record}); null for
     * the others, and for a frame that could not be read.
     */
    public String market() {
        return payload == null ? null : payload.market();
    }

    /** The channel it belongs to, cut short; {@link PushFrames#PONG} for the answer to a ping; null when unknown. */
    public String channel() {
        return channel;
    }

    public boolean isPong() {
        return PushFrames.PONG.equals(channel);
    }

    /** Whether it is the exchange's error (a refused channel, such as 1007), not a push. */
    public boolean isError() {
        return errorCode != null;
    }

    /** The code of an error frame; null on a push. */
    public Integer errorCode() {
        return errorCode;
    }

    /** The message of an error frame, cut short; null on a push. */
    public String errorMessage() {
        return errorMessage;
    }

    /** Whether it was read whole; one that was not says why in {@link #failure()}. */
    public boolean readable() {
        return failure == null;
    }

    /** Why it could not be read; null when it was. */
    public ExchangeReplyFormatException failure() {
        return failure;
    }

    /**
     * True for the first caller only: the market data a frame carries is told to the component's listeners (a
     * recorder) once, by whichever subscriber of its channel reads it first.
     */
    public boolean firstRead() {
        return FIRST_READ.compareAndSet(this, 0, 1);
    }

    /**
     * True for the first caller only: what a frame lost (a trade or a candle out of bounds, or the whole push when
     * it cannot be read) is counted and logged once, by whichever subscriber of its channel finds it first, not
     * once a subscriber.
     */
    public boolean firstToTell() {
        return FIRST_TOLD.compareAndSet(this, 0, 1);
    }

    /** The payload, for {@link PushFrames}; the reason it could not be read is thrown instead. */
    Push payload() {
        if (failure != null) {
            throw failure;
        }
        return payload;
    }
}
