package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.Processor;

import java.util.Map;

/**
 * A consumer of a stream with a position (trades, K-lines): the position lives in a {@link PositionStore}
 * keyed by {@code stateKey} or by a default derived from the stream.
 */
abstract class PositionedPollConsumer extends ExchangePollConsumer implements StatefulConsumer {
    protected volatile PositionStore position;

    protected PositionedPollConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    /** Reads the options into the stream's request, once. */
    protected abstract void resolveStream();

    /** The state-repository key when {@code stateKey} is not set; the stream is resolved by then. */
    protected abstract String defaultStateKey();

    @Override
    public StatefulConsumer.State state() {
        PositionStore store = position;
        return store == null ? null : store.peek();
    }

    @Override
    protected void healthDetails(Map<String, Object> details) {
        PositionStore store = position;
        Long at = store == null ? null : store.currentIfRead();
        if (at != null) {
            details.put("position", at);
        }
    }

    @Override
    protected final void resolveRequest() {
        resolveStream();
        position = PositionStore.of(getEndpoint(), defaultStateKey());
        position.start();
    }
}
