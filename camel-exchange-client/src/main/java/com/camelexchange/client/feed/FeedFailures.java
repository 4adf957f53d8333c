package com.camelexchange.client.feed;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.BiConsumer;

/** What a program's feed does with a failure when told nothing else: a WARN line, the stack trace at DEBUG. */
final class FeedFailures {
    private static final Logger LOG = LoggerFactory.getLogger(Feed.class);

    /** Logs a failure at WARN without its stack trace (its text is bounded), and with it at DEBUG. */
    static final BiConsumer<String, Throwable> LOG_IT = (message, failure) -> {
        LOG.warn("{}: {}", message, ConsumerHealth.describe(failure));
        LOG.debug("{}", message, failure);
    };

    private FeedFailures() {
    }
}
