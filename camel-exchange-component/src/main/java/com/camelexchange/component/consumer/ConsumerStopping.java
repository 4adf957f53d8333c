package com.camelexchange.component.consumer;

import org.apache.camel.CamelContext;
import org.apache.camel.support.DefaultConsumer;

/**
 * Whether a consumer must emit nothing more: its context stops, or it does.
 *
 * <p>Why the context's state and not only the consumer's: behind camel-master (Camel 4.18.0) this consumer is the
 * {@code master:} consumer's delegate, and camel-master lets go of the leadership <em>before</em> it stops its
 * delegate. Between the two another instance is elected and reads the committed position; whatever this one emitted
 * meanwhile would be emitted there again. The context is marked stopping before any route stops, so a consumer that
 * checks it before each item emits nothing once its leadership can have moved.
 */
final class ConsumerStopping {
    private ConsumerStopping() {
    }

    static boolean stopping(DefaultConsumer consumer) {
        CamelContext context = consumer.getEndpoint().getCamelContext();
        return context.isStopping() || context.isStopped() || !consumer.isRunAllowed();
    }
}
