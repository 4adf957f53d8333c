package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.internal.stream.Backoff;

import java.time.Duration;

/**
 * The waits of one consumer after its attempts failed (a poll, a catch-up over REST): the first wait is the
 * {@link Backoff}'s first delay, each failure in a row doubles it (with its jitter) up to its ceiling, and the first
 * success starts again from the first. Never shorter than {@code floor} (a polling consumer's delay: a failing
 * poll never comes sooner than a good one would). A page the exchange keeps refusing whole is so asked for again
 * ever more rarely, never skipped: the next attempt reads from the same position.
 *
 * <p>One rule for every consumer, a Camel route's or a program's feed: each tells its {@link ConsumerHealth} the wait
 * (its health check says when the next attempt is due) and records it in the meters
 * ({@link Metrics#consumerBackoff}). Used by the consumer's own thread, one attempt at a time; its health check
 * reads on its own.
 */
public final class FailureBackoff {
    /** The meters' failure tag of a wait after an item the route or the listener did not take. */
    public static final String DELIVERY = "delivery";

    private final Backoff delays;
    private final Duration floor;
    private final ConsumerHealth health;
    private final Metrics metrics;
    private final String consumer;

    /**
     * @param delays   the waits: first, doubling, ceiling
     * @param floor    the shortest wait, whatever the backoff draws; zero for none
     * @param health   told of each wait
     * @param consumer names the consumer in the meters: its health check's name
     */
    public FailureBackoff(Backoff delays, Duration floor, ConsumerHealth health, Metrics metrics, String consumer) {
        this.delays = delays;
        this.floor = floor;
        this.health = health;
        this.metrics = metrics;
        this.consumer = consumer;
    }

    /**
     * The delays of a polling consumer: from its poll delay, doubling up to {@code ceiling} (or to the poll delay
     * when that is longer), never shorter than the poll delay.
     */
    public static FailureBackoff polling(Duration pollDelay, Duration ceiling, ConsumerHealth health, Metrics metrics,
                                         String consumer) {
        return new FailureBackoff(new Backoff(pollDelay, ceiling.compareTo(pollDelay) > 0 ? ceiling : pollDelay),
                pollDelay, health, metrics, consumer);
    }

    /**
     * An attempt failed (its failure already told to the health): the wait before the next, told to the health and
     * the meters.
     */
    public Duration failed() {
        Duration drawn = delays.next();
        Duration wait = drawn.compareTo(floor) < 0 ? floor : drawn;
        Duration planned = delays.planned().compareTo(floor) < 0 ? floor : delays.planned();
        health.retryIn(wait, planned);
        Throwable failure = health.lastFailure();
        // No failure of the consumer's own: a delivery failed (a streaming consumer backs off then too).
        String tag = failure == null ? DELIVERY : failure instanceof ExchangeClientException e ? Metrics.outcome(e)
                : Metrics.ERROR;
        metrics.consumerBackoff(consumer, tag, wait.toNanos());
        return wait;
    }

    /** An attempt succeeded: the next failure waits the first delay again. */
    public void succeeded() {
        delays.reset();
    }

    /** The consumer starts again: its first attempt goes at once, its next failure waits the first delay. */
    public void restarted() {
        delays.reset();
        health.retryNow();
    }

    /** Whether the wait after the last failure is over: the consumer may try again (always, while not failing). */
    public boolean due() {
        return health.retryDue();
    }

    /** The failures in a row this backoff has counted. */
    public int failures() {
        return delays.failures();
    }
}
