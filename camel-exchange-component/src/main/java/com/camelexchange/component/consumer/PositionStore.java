package com.camelexchange.component.consumer;

import org.apache.camel.spi.StateRepository;

/**
 * Where a consumer stands in a stream (a trade id, a candle time): kept in memory and, when a
 * {@link StateRepository} is configured, there too, so that a restart resumes where it stopped.
 */
final class PositionStore {
    private final StateRepository<String, String> repository;
    private final String key;
    private Long position;
    private boolean loaded;

    PositionStore(StateRepository<String, String> repository, String key) {
        this.repository = repository;
        this.key = key;
    }

    /** The last committed position, or null when the stream was never read. */
    Long current() {
        if (!loaded) {
            loaded = true;
            String stored = repository == null ? null : repository.getState(key);
            if (stored != null && !stored.isBlank()) {
                position = Long.parseLong(stored.trim());
            }
        }
        return position;
    }

    void commit(long value) {
        position = value;
        loaded = true;
        if (repository != null) {
            repository.setState(key, Long.toString(value));
        }
    }

    String key() {
        return key;
    }
}
