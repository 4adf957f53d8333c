package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.Positions;

/**
 * One text value of a feed's state (a position, the JSON of the order or withdrawal watch) under one key of a
 * {@link Positions}, so that a restart resumes where the feed stopped. Durable positions are read again at each
 * start (another instance may have moved them meanwhile); positions in memory are the committed value itself.
 */
public final class StateSlot {
    private final Positions positions;
    private final String key;
    private final boolean durable;
    // Written by the feed's thread, read by health checks and consoles on theirs.
    private volatile String value;
    private volatile boolean loaded;

    public StateSlot(Positions positions, String key) {
        this.positions = positions;
        this.key = key;
        this.durable = positions.durable();
        start();
    }

    /**
     * Reads the value again at the next look: another instance may have moved durable positions while the feed was
     * stopped. Positions in memory hold the committed value, read now.
     */
    public void start() {
        if (durable) {
            loaded = false;
        } else {
            value = blankToNull(positions.get(key));
            loaded = true;
        }
    }

    /** The last committed value, or null when nothing was ever stored. */
    public String current() {
        if (!loaded) {
            loaded = true;
            value = blankToNull(positions.get(key));
        }
        return value;
    }

    /** Stores a value; one the positions refused (they threw) is not the committed value. */
    public void commit(String newValue) {
        positions.put(key, newValue);
        value = newValue;
        loaded = true;
    }

    public String key() {
        return key;
    }

    /** What was last read or committed, without reading the positions: for a console. */
    public FeedPosition peek() {
        return new FeedPosition(key, loaded ? value : null, durable);
    }

    private static String blankToNull(String stored) {
        return stored == null || stored.isBlank() ? null : stored;
    }
}
