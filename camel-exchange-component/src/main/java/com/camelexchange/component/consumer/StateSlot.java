package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.service.ServiceHelper;

/**
 * One text value of a consumer's state (the JSON of the order or withdrawal watch) under one key of a
 * {@link StateRepository}, so that a restart resumes where the consumer stopped. Without a repository it
 * is kept in memory only, by the endpoint ({@link ConsumerMemory}) so that it outlives a route's stop and
 * start. The repository is started if need be and never stopped here: it is the user's bean, may be
 * shared with other routes, and a memory repository forgets everything when stopped, so a route restart
 * would lose its place (a file repository writes each value as it is set).
 */
final class StateSlot {
    static final String PAPER_PREFIX = "paper:";

    private final StateRepository<String, String> repository;
    private final String key;
    // Written by the consumer's thread, read by the dev console's.
    private volatile String value;
    private volatile boolean loaded;

    StateSlot(StateRepository<String, String> repository, String key) {
        this.repository = repository;
        this.key = key;
    }

    /**
     * The slot of an endpoint's consumer under the endpoint's {@code stateKey} or the consumer's own key: in the
     * endpoint's {@code stateRepository}, or else in the endpoint's memory.
     */
    static StateSlot of(ExchangeEndpoint endpoint, String defaultKey) {
        return under(endpoint, keyOf(endpoint, defaultKey));
    }

    /**
     * {@link #of}, for the state of the account's own orders or withdrawals: in paper mode those are the paper
     * account's, kept under the key prefixed with {@value #PAPER_PREFIX} so that a paper run never moves the state
     * of the same route run live, in the same repository.
     */
    static StateSlot ofAccount(ExchangeEndpoint endpoint, String defaultKey) {
        String key = keyOf(endpoint, defaultKey);
        return under(endpoint, endpoint.getComponent().isPaper() ? PAPER_PREFIX + key : key);
    }

    private static String keyOf(ExchangeEndpoint endpoint, String defaultKey) {
        String key = endpoint.getConfiguration().getStateKey();
        return key != null ? key : defaultKey;
    }

    private static StateSlot under(ExchangeEndpoint endpoint, String key) {
        StateRepository<String, String> repository = endpoint.getConfiguration().getStateRepository();
        return repository != null ? new StateSlot(repository, key) : endpoint.consumerMemory().slot(key);
    }

    /**
     * Starts the repository (a file repository reads its file only when started) and reads the value from it
     * again: another instance may have moved it while the route was stopped. Without a repository the value
     * in memory is the committed one.
     */
    void start() {
        if (repository != null) {
            ServiceHelper.startService(repository);
            loaded = false;
        }
    }

    /** The last committed value, or null when nothing was ever stored. */
    String current() {
        if (!loaded) {
            loaded = true;
            if (repository != null) {
                // Without a repository the value lives in memory only, and survives a route restart there.
                String stored = repository.getState(key);
                value = stored == null || stored.isBlank() ? null : stored;
            }
        }
        return value;
    }

    /** Stores a value; one the repository refused (it threw) is not the committed value. */
    void commit(String newValue) {
        if (repository != null) {
            repository.setState(key, newValue);
        }
        value = newValue;
        loaded = true;
    }

    String key() {
        return key;
    }

    /** What was last read or committed, without reading the repository: for the dev console. */
    StatefulConsumer.State peek() {
        return new StatefulConsumer.State(key, loaded ? value : null, repository != null);
    }
}
