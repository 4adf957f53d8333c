package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;

/**
 * Where a consumer stands in a stream (a trade id, a candle time), kept as one {@link StateSlot}: in memory
 * and, when a {@link org.apache.camel.spi.StateRepository} is configured, there too, so that a restart resumes
 * where it stopped.
 */
final class PositionStore {
    private final StateSlot slot;
    private Long position;
    private String parsed;

    PositionStore(StateSlot slot) {
        this.slot = slot;
    }

    /** The store of an endpoint's consumer, under the endpoint's {@code stateKey} or the stream's own key. */
    static PositionStore of(ExchangeEndpoint endpoint, String defaultKey) {
        return new PositionStore(StateSlot.of(endpoint, defaultKey));
    }

    /** Starts the repository if need be and reads the position again from it. */
    void start() {
        slot.start();
    }

    /** The last committed position, or null when the stream was never read. */
    Long current() {
        String stored = slot.current();
        if (stored != null && !stored.equals(parsed)) {
            position = Long.parseLong(stored.trim());
            parsed = stored;
        }
        return stored == null ? null : position;
    }

    /** The position last read or committed, without reading the repository: for health checks. Null before. */
    Long currentIfRead() {
        String value = slot.peek().value();
        try {
            return value == null ? null : Long.valueOf(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** What was last read or committed, for the dev console. */
    StatefulConsumer.State peek() {
        return slot.peek();
    }

    void commit(long value) {
        position = value;
        parsed = Long.toString(value);
        slot.commit(parsed);
    }
}
