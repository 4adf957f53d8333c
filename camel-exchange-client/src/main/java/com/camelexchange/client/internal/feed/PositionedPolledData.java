package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.FeedPosition;
import java.util.Map;

/**
 * Polled data read after a position that a message's exchange moves when it completes (trades by tid, candles by
 * open time): the position's start, its state for the dev console and its value in health details, once for every
 * kind that keeps one.
 */
public abstract class PositionedPolledData implements PolledData {
    /** Where the consumer stands; moved only when its item was delivered. */
    protected final PositionStore position;
    /** Where it reads, given at start. */
    protected Reads reads;

    protected PositionedPolledData(PositionStore position) {
        this.position = position;
    }

    @Override
    public void start(SharedReader reads) {
        this.reads = reads;
        position.start();
    }

    @Override
    public boolean keepsPosition() {
        return true;
    }

    @Override
    public FeedPosition state() {
        return position.peek();
    }

    @Override
    public void healthDetails(Map<String, Object> details) {
        Long at = position.currentIfRead();
        if (at != null) {
            details.put("position", at);
        }
    }
}
