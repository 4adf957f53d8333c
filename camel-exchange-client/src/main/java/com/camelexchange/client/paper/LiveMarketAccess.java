package com.camelexchange.client.paper;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.feed.Feed;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Trade;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The live market for the paper exchange and the recorder, read with a keyless client of the run's (a component's
 * shares its transport, limits and market list) and followed with the client's own feeds: a book and the trades of each market,
 * streamed on the client's WebSocket session (trades caught up over REST after a reconnect, each once and in
 * order) or polled. Each feed's health
 * is shown through the run's {@link FeedChecks} ({@code paper-<market>-depth}, {@code paper-<market>-trades}).
 */
final class LiveMarketAccess implements LiveMarket {
    private static final Logger LOG = LoggerFactory.getLogger(LiveMarketAccess.class);
    /** The deepest book the service gives. */
    private static final int FULL_DEPTH = 50;
    /**
     * How long following a market waits for its trades to be subscribed and caught up. The exchange does not answer
     * a subscription, so a trade made between the catch-up's read and the moment the service takes the
     * subscription is neither pushed nor read, until the next push shows the hole (or a silence check reads it):
     * on a quiet market that is long. Following returns once the feed is ready, so the order whose call started it
     * meets the tape from then on; a live service that cannot be reached does not hold the call longer than this.
     */
    private static final Duration READY_WITHIN = Duration.ofSeconds(2);
    private static final long READY_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final Supplier<ExchangeClient> client;
    private final boolean streaming;
    private final Duration pollDelay;
    private final FeedChecks checks;

    /**
     * @param client    a client without keys, made when first needed
     * @param streaming follow over the WebSocket (true) or poll every {@code pollDelay}
     */
    LiveMarketAccess(Supplier<ExchangeClient> client, boolean streaming, Duration pollDelay, FeedChecks checks) {
        this.client = client;
        this.streaming = streaming;
        this.pollDelay = pollDelay;
        this.checks = checks;
    }

    @Override
    public Map<String, Market> markets() {
        return client.get().markets();
    }

    @Override
    public Depth depth(String market) {
        return client.get().call(new GetDepth(market, FULL_DEPTH, null));
    }

    @Override
    public List<Trade> trades(String market) {
        return client.get().call(new GetTrades(market, null));
    }

    @Override
    public AutoCloseable follow(String market, Long afterTid, MarketDataListener listener) {
        FeedFailures failures = new FeedFailures(market);
        ExchangeClient live = client.get();
        Feed book = Feed.depth(live, market).streaming(streaming).pollDelay(pollDelay).onFailure(failures::failed)
                .start(depth -> {
                    failures.received();
                    listener.depth(depth);
                });
        Feed trades;
        try {
            trades = Feed.trades(live, market).since(afterTid).streaming(streaming).pollDelay(pollDelay)
                    .onFailure(failures::failed).start(trade -> {
                        failures.received();
                        listener.trades(List.of(trade));
                    });
        } catch (RuntimeException e) {
            book.close();
            throw e;
        }
        Runnable bookCheck = checks.register("paper-" + market + "-depth", book::health);
        Runnable tradesCheck = checks.register("paper-" + market + "-trades", trades::health);
        awaitReady(trades);
        return () -> {
            bookCheck.run();
            tradesCheck.run();
            book.close();
            trades.close();
        };
    }

    /** Waits, at most {@link #READY_WITHIN}, until the feed is past starting: subscribed and caught up, or failing. */
    private static void awaitReady(Feed feed) {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        while (feed.health().state() == ConsumerHealth.State.STARTING && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(READY_POLL_NANOS);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }

    /**
     * A failure of a market's feeds is told in one line per run of failures (the next data ends the run), not once
     * a poll while the live service is down: the fill model never fills on what did not arrive, and the feeds'
     * health says the rest.
     */
    private static final class FeedFailures {
        private final String market;
        private volatile boolean failing;

        FeedFailures(String market) {
            this.market = market;
        }

        void received() {
            if (failing) {
                failing = false;
                LOG.info("The paper exchange's feed of {} receives data again", market);
            }
        }

        void failed(String message, Throwable cause) {
            String what = cause == null ? message : cause.getMessage();
            if (!failing) {
                failing = true;
                LOG.warn("The paper exchange's feed of {} missed data: {}", market, what);
            } else {
                LOG.debug("The paper exchange's feed of {} missed data again: {}", market, what);
            }
            LOG.trace("The paper exchange's feed failed", cause);
        }
    }
}
