package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.Positions;

/**
 * Where a feed stands in a stream (a trade id, a candle time), kept as one {@link StateSlot} of its
 * {@link Positions}, so that a restart resumes where it stopped.
 */
public final class PositionStore {
    private final StateSlot slot;
    private Long position;
    private String parsed;

    public PositionStore(StateSlot slot) {
        this.slot = slot;
    }

    /** The store under {@code key} of {@code positions}. */
    public static PositionStore of(Positions positions, String key) {
        return new PositionStore(new StateSlot(positions, key));
    }

    /** Reads the position again from the positions at the next look. */
    public void start() {
        slot.start();
    }

    /** The last committed position, or null when the stream was never read. */
    public Long current() {
        String stored = slot.current();
        if (stored != null && !stored.equals(parsed)) {
            position = Long.parseLong(stored.trim());
            parsed = stored;
        }
        return stored == null ? null : position;
    }

    /** The position last read or committed, without reading the positions: for health checks. Null before. */
    public Long currentIfRead() {
        String value = slot.peek().value();
        try {
            return value == null ? null : Long.valueOf(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** What was last read or committed, for a console. */
    public FeedPosition peek() {
        return slot.peek();
    }

    public void commit(long value) {
        position = value;
        parsed = Long.toString(value);
        slot.commit(parsed);
    }
}
