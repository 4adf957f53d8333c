package com.camelexchange.component.consumer;

import com.camelexchange.client.Positions;
import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.service.ServiceHelper;

/**
 * The client's {@link Positions} over an endpoint's {@code stateRepository}, so that a restart resumes where the
 * consumer stopped; without one, the endpoint's memory ({@link ConsumerMemory}). The repository is started when a
 * consumer starts (a file repository reads its file only when started) and never stopped here: it is the user's
 * bean, may be shared with other routes, and a memory repository forgets everything when stopped, so a route restart
 * would lose its place (a file repository writes each value as it is set).
 */
final class RepositoryPositions implements Positions {
    private final StateRepository<String, String> repository;

    private RepositoryPositions(StateRepository<String, String> repository) {
        this.repository = repository;
    }

    /** Where the consumers of {@code endpoint} keep their positions. */
    static Positions of(ExchangeEndpoint endpoint) {
        StateRepository<String, String> repository = endpoint.getConfiguration().getStateRepository();
        return repository != null ? new RepositoryPositions(repository) : endpoint.consumerMemory();
    }

    /** A consumer of {@code endpoint} starts: its repository, if any, is started. */
    static void start(ExchangeEndpoint endpoint) {
        StateRepository<String, String> repository = endpoint.getConfiguration().getStateRepository();
        if (repository != null) {
            ServiceHelper.startService(repository);
        }
    }

    @Override
    public String get(String key) {
        return repository.getState(key);
    }

    @Override
    public void put(String key, String value) {
        repository.setState(key, value);
    }
}
