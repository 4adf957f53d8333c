package com.camelexchange.client.feed;

import com.camelexchange.client.OncePerMinute;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * What a program's feed does with a failure when told nothing else: a WARN line without the stack trace (its text is
 * bounded), at most once a minute for the same kind of failure (a poll that fails, a listener that throws), the
 * others at DEBUG with the stack trace. A feed failing on every attempt, even backing off, would otherwise log a line
 * per attempt for as long as it fails. One per feed.
 */
final class FeedFailures implements BiConsumer<String, Throwable> {
    private static final Logger LOG = LoggerFactory.getLogger(Feed.class);

    /** Per message: the kind of failure it tells. */
    private final Map<String, OncePerMinute> warnings = new ConcurrentHashMap<>();

    @Override
    public void accept(String message, Throwable failure) {
        if (warnings.computeIfAbsent(message, m -> new OncePerMinute()).due()) {
            LOG.warn("{}: {} (logged at most once a minute; the others at DEBUG)", message,
                    ConsumerHealth.describe(failure));
        }
        LOG.debug("{}", message, failure);
    }
}
