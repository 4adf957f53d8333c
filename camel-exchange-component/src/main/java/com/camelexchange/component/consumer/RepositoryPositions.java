package com.camelexchange.component.consumer;

import com.camelexchange.client.Positions;
import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.processor.state.FileStateRepository;
import org.apache.camel.support.service.ServiceHelper;

/**
 * The client's {@link Positions} over an endpoint's {@code stateRepository}, so that a restart resumes where the
 * consumer stopped; without one, the endpoint's memory ({@link ConsumerMemory}). The repository is started when a
 * consumer starts (a file repository reads its file only when started) and never stopped here: it is the user's
 * bean, may be shared with other routes, and a memory repository forgets everything when stopped, so a route restart
 * would lose its place (a file repository writes each value as it is set).
 */
public final class RepositoryPositions implements Positions {
    private final StateRepository<String, String> repository;
    /** The option that named the repository, for messages. */
    private final String option;

    private RepositoryPositions(StateRepository<String, String> repository, String option) {
        this.repository = repository;
        this.option = option;
    }

    /** Where the consumers of {@code endpoint} keep their positions. */
    static Positions of(ExchangeEndpoint endpoint) {
        StateRepository<String, String> repository = repository(endpoint);
        return repository != null ? new RepositoryPositions(repository, "stateRepository") : endpoint.consumerMemory();
    }

    /**
     * The repository an option names as positions (the paper account's {@code paperStateRepository}), started now: a
     * file repository reads its file only when started.
     */
    public static Positions started(StateRepository<String, String> repository, String option) {
        ServiceHelper.startService(repository);
        return new RepositoryPositions(repository, option);
    }

    /** A consumer of {@code endpoint} starts: its repository, if any, is started. */
    static void start(ExchangeEndpoint endpoint) {
        StateRepository<String, String> repository = repository(endpoint);
        if (repository != null) {
            ServiceHelper.startService(repository);
        }
    }

    /**
     * The endpoint's repository; none in a backtest, whose consumers start from the recording's start each run
     * (as its paper account starts afresh): a position kept from an earlier run would make two runs of the same
     * routes on the same recording deliver different events. The routes keep their {@code stateRepository} for
     * their live runs.
     */
    private static StateRepository<String, String> repository(ExchangeEndpoint endpoint) {
        return endpoint.getComponent().backtest() != null ? null : endpoint.getConfiguration().getStateRepository();
    }

    @Override
    public String get(String key) {
        return repository.getState(key);
    }

    @Override
    public void put(String key, String value) {
        repository.setState(key, value);
    }

    /** The option and the repository's kind, and the file of a file repository; never what it holds. */
    @Override
    public String toString() {
        String kind = repository.getClass().getSimpleName();
        if (repository instanceof FileStateRepository file && file.getFileStore() != null) {
            kind += " " + file.getFileStore().getPath();
        }
        return option + " (" + kind + ")";
    }
}
