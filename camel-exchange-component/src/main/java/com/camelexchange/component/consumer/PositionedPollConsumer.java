package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.MarketDataRequest;
import org.apache.camel.Processor;

/**
 * A consumer of a stream with a position (trades, K-lines): the position lives in a {@link PositionStore}
 * keyed by {@code stateKey} or by a default derived from the request, started and stopped with the
 * consumer.
 */
abstract class PositionedPollConsumer extends ExchangePollConsumer {
    protected PositionStore position;

    protected PositionedPollConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    /** The state-repository key when {@code stateKey} is not set. */
    protected abstract String defaultStateKey(MarketDataRequest request);

    @Override
    protected void doStart() throws Exception {
        String key = getEndpoint().getConfiguration().getStateKey();
        position = new PositionStore(getEndpoint().getConfiguration().getStateRepository(),
                key != null ? key : defaultStateKey(getEndpoint().request(null)));
        position.start();
        super.doStart();
    }

    @Override
    protected void doStop() throws Exception {
        super.doStop();
        if (position != null) {
            position.stop();
        }
    }
}
