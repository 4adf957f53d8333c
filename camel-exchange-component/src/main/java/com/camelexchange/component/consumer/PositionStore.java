package com.camelexchange.component.consumer;

import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.service.ServiceHelper;

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

    /**
     * Starts the repository (a file repository reads its file only when started) and reads the position
     * again from it.
     */
    void start() {
        ServiceHelper.startService(repository);
        loaded = false;
    }

    /** Stops the repository, so that a file repository writes its store out. */
    void stop() {
        ServiceHelper.stopService(repository);
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
}
