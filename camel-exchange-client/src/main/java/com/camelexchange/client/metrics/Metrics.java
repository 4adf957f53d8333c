package com.camelexchange.client.metrics;

import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeRateLimitException;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * What the component reports about its work: calls, rate-limit waits and refusals, order outcomes, stream
 * reconnects. {@link #NONE} records nothing; the metrics package's {@code MicrometerMetrics} records into a
 * Micrometer {@code MeterRegistry}. This interface names no Micrometer type, so the component loads and runs
 * without Micrometer on the classpath. It lives with the client that records into it, and knows the stream only
 * as a {@link ConnectionState}, so that neither the client nor the stream depends on how metrics are kept.
 */
public interface Metrics {
    /** The outcome of a call that answered. */
    String SUCCESS = "success";
    /** The outcome of a call that failed with something other than an {@link ExchangeClientException}. */
    String ERROR = "error";

    /** Records nothing. */
    Metrics NONE = new Metrics() {
    };

    /** Meters that follow a live object (a gauge); closing the registration removes them for good. */
    @FunctionalInterface
    interface Registration extends AutoCloseable {
        Registration NONE = () -> {
        };

        @Override
        void close();
    }

    /** Whether anything is recorded. */
    default boolean enabled() {
        return false;
    }

    /** Where meters go, for people: "off", "Micrometer (PrometheusMeterRegistry)". */
    default String describe() {
        return "off";
    }

    /**
     * One request to the exchange (each attempt of a retried read), from asking for its rate-limit permit until
     * its reply was read.
     *
     * @param operation the API method: ticker, depth, order, getOrder...
     * @param outcome   {@link #SUCCESS}, the lower-case {@link com.camelexchange.client.error.ErrorCategory} of the
     *                  failure (rate_limited, unavailable...) or {@link #ERROR}
     */
    default void call(String operation, String outcome, long nanos) {
    }

    /** The exchange answered 4002 (too frequent) or 4001 (API locked for the IP). */
    default void rateLimitReply(String operation, int code) {
    }

    /**
     * The wait for a rate-limit permit, whether granted ({@code acquired}) or refused.
     *
     * @param budget the budget's id: {@code kline}, {@code market-data}, {@code A/ip}, {@code A/key/<hash>}...
     * @param scope  its label: "kline", "trade API per key"...
     */
    default void permitWait(String budget, String scope, boolean acquired, long nanos) {
    }

    /** Follows the permits in use of a budget (when it can tell, see {@link RateBudget#inUse()}). */
    default Registration budget(String budget, String scope, RateBudget rateBudget) {
        return Registration.NONE;
    }

    /**
     * Orders whose outcome is known to the client.
     *
     * @param operation {@code order} or {@code orderMoreV2}
     * @param outcome   {@code placed}, {@code recovered} (found after a lost reply or a taken customerOrderId) or
     *                  {@code unknown} (a lost reply that could not be cleared up)
     * @param count     how many orders: a batch counts each of its orders
     */
    default void orders(String operation, String outcome, int count) {
    }

    /** Follows a WebSocket connection: its reconnects and whether it is connected. */
    default Registration stream(ConnectionState session) {
        return Registration.NONE;
    }

    /**
     * A push of a channel could not be read.
     *
     * @param channel the channel, or {@code unknown} when the frame was too broken to tell
     */
    default void streamUndecodable(String address, String channel) {
    }

    /** A channel was found silent while its connection was alive (once per silence). */
    default void streamSilence(String address, String channel) {
    }

    /** A channel was subscribed again on a live connection because it had gone silent. */
    default void streamResubscribe(String address, String channel) {
    }

    /**
     * A trade id was refused: out of range, or never confirmed by the exchange's REST interface.
     *
     * @param source {@code push} or {@code rest}
     */
    default void refusedTradeId(String market, String source) {
    }

    /**
     * Records or replies refused for a value out of bounds.
     *
     * @param operation the reply's operation ({@code trades}, {@code getOrders}...) or the push's kind
     * @param source    {@code rest} or {@code push}
     * @param scope     {@code record} (the rest of the reply was read) or {@code reply} (refused whole)
     */
    default void refusedRecords(String operation, String source, String scope, int count) {
    }

    /**
     * A consumer's attempt (a poll, a catch-up over REST) failed, and the next waits {@code nanos}: its backoff,
     * doubling per failure in a row up to its cap. Counted per consumer and failure: the count is the retries put
     * off, the largest wait the backoff reached.
     *
     * @param consumer the consumer's health-check name, e.g. {@code exchange-trades-btc_usdt}
     * @param failure  the lower-case {@link com.camelexchange.client.error.ErrorCategory} of the failure
     *                 ({@code unavailable} for a reply refused whole), {@link #ERROR}, or {@code delivery} (a
     *                 streaming consumer's route or listener failed an item)
     */
    default void consumerBackoff(String consumer, String failure, long nanos) {
    }

    /** Registers again what {@link #stop()} removed; the component calls it when it starts again. */
    default void start() {
    }

    /** Removes the meters that follow live objects of the component (gauges); the component calls it when it stops. */
    default void stop() {
    }

    /**
     * Performs one request and records it as a {@linkplain #call call}, with 4001 and 4002 replies counted. A
     * request refused before it was sent (no rate-limit permit: {@link ExchangeRateLimitException}) is no call:
     * the exchange never saw it, and counting it as {@code rate_limited} would pass it off as a 4002 reply.
     * Its wait is recorded as a refused {@linkplain #permitWait permit wait} instead.
     */
    default <T> T timed(String operation, Supplier<T> request) {
        if (!enabled()) {
            return request.get();
        }
        long start = System.nanoTime();
        try {
            T answer = request.get();
            call(operation, SUCCESS, System.nanoTime() - start);
            return answer;
        } catch (ExchangeRateLimitException unsent) {
            throw unsent;
        } catch (ExchangeClientException e) {
            call(operation, outcome(e), System.nanoTime() - start);
            if (e instanceof ExchangeErrorReplyException reply && (reply.code() == 4001 || reply.code() == 4002)) {
                rateLimitReply(operation, reply.code());
            }
            throw e;
        } catch (RuntimeException | Error e) {
            call(operation, ERROR, System.nanoTime() - start);
            throw e;
        }
    }

    /** The outcome tag of a failure: its category in lower case, e.g. {@code rate_limited}. */
    static String outcome(ExchangeClientException failure) {
        return failure.category().name().toLowerCase(Locale.ROOT);
    }
}
