package com.camelexchange.client.feed;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.MarketNames;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What a feed follows, described once and checked once, when made: a bad value fails before a feed is made of it,
 * and so before any request is sent. Both a program's {@link FeedBuilder} and the Camel component's consumers
 * describe their data so, and {@link FeedFactory} makes the feed. Immutable: each {@code with...} is a new one.
 *
 * @param kind            the kind of data
 * @param subject         the market ({@code btc_usdt}) or coin ({@code btc}) it is of; null for every market's
 * @param since           where to start when no position is kept: after this trade id, at this candle open time
 *                        (epoch milliseconds); null: from now on
 * @param size            a book's levels a side (1-50), a K-line read's candles (1-1000); 0 for the kind's most
 * @param klineType       the period of a K-line's candles
 * @param merge           a book's price step to merge levels by; null for none
 * @param onlyChanges     a ticker: only one whose values changed since the last delivered
 * @param split           every market's ticker: one item per market rather than the whole map
 * @param maxPagesPerPoll the most pages (and single-order look-ups) one poll or one catch-up reads
 * @param maxEventsPerPoll order and withdrawal events: the most one poll delivers; the rest come with the next
 * @param pageSize        order and withdrawal events: records per page of their listings
 * @param positionKey     the key of the feed's position; null for the data's own ({@link #defaultPositionKey()})
 */
public record FeedSpec(FeedKind kind, String subject, Long since, int size, KlineType klineType, BigDecimal merge,
                       boolean onlyChanges, boolean split, int maxPagesPerPoll, int maxEventsPerPoll, int pageSize,
                       String positionKey) {
    /** A book's most levels a side. */
    public static final int MOST_DEPTH = 50;
    /** A K-line read's most candles. */
    public static final int MOST_CANDLES = 1000;
    /** The most records of a page of order or withdrawal listings (variant B's; variant A's orders: 10). */
    public static final int MOST_PAGE = 100;

    public FeedSpec {
        Objects.requireNonNull(kind, "kind");
        switch (kind.subject()) {
            case NONE -> subject = null;
            case MARKET -> {
                if (!MarketNames.isMarket(subject)) {
                    throw new ExchangeValidationException("market", (subject == null ? "a market"
                            : "'" + com.camelexchange.client.error.Echo.of(subject) + "' is not a market; a market")
                            + " such as btc_usdt is required");
                }
            }
            case COIN -> {
                if (!MarketNames.isCoin(subject)) {
                    throw new ExchangeValidationException("coin", (subject == null ? "a coin"
                            : "'" + com.camelexchange.client.error.Echo.of(subject) + "' is not a coin; a coin")
                            + " such as btc is required");
                }
            }
            default -> throw new IllegalStateException(kind.subject().name());
        }
        if (kind == FeedKind.DEPTH) {
            size = within("size", size == 0 ? MOST_DEPTH : size, MOST_DEPTH);
        } else if (kind == FeedKind.KLINE) {
            size = within("size", size == 0 ? MOST_CANDLES : size, MOST_CANDLES);
        }
        klineType = klineType == null ? KlineType.MIN_1 : klineType;
        if (merge != null && merge.signum() <= 0) {
            throw new ExchangeValidationException("merge", merge.toPlainString() + " is not a price step above zero");
        }
        atLeastOne("maxPagesPerPoll", maxPagesPerPoll);
        atLeastOne("maxEventsPerPoll", maxEventsPerPoll);
        within("pageSize", pageSize, MOST_PAGE);
        if (positionKey != null && positionKey.isBlank()) {
            throw new ExchangeValidationException("positionKey", "is blank");
        }
    }

    /** Every market's configuration. */
    public static FeedSpec markets() {
        return of(FeedKind.MARKETS, null);
    }

    /** Every market's ticker, one item per market ({@link #split}). */
    public static FeedSpec allTicker() {
        return of(FeedKind.ALL_TICKER, null);
    }

    /** A market's ticker. */
    public static FeedSpec ticker(String market) {
        return of(FeedKind.TICKER, market);
    }

    /** A market's book, {@link #MOST_DEPTH} levels a side unless {@link #withSize} says fewer. */
    public static FeedSpec depth(String market) {
        return of(FeedKind.DEPTH, market);
    }

    /** A market's trades, each once. */
    public static FeedSpec trades(String market) {
        return of(FeedKind.TRADES, market);
    }

    /** A market's closed candles of {@code type}, each once. */
    public static FeedSpec kline(String market, KlineType type) {
        return of(FeedKind.KLINE, market).withKlineType(type);
    }

    /** The account's order events of a market. */
    public static FeedSpec orders(String market) {
        return of(FeedKind.ORDERS, market);
    }

    /** The account's withdrawal events of a coin. */
    public static FeedSpec withdrawals(String coin) {
        return of(FeedKind.WITHDRAWALS, coin);
    }

    /** A feed of {@code kind} of {@code subject}, with the defaults the Camel component's options have. */
    public static FeedSpec of(FeedKind kind, String subject) {
        return new FeedSpec(kind, subject, null, 0, KlineType.MIN_1, null, false, true, 20, 1000, 10, null);
    }

    public FeedSpec withSince(Long position) {
        return new FeedSpec(kind, subject, position, size, klineType, merge, onlyChanges, split, maxPagesPerPoll,
                maxEventsPerPoll, pageSize, positionKey);
    }

    public FeedSpec withSize(int levelsOrCandles) {
        return new FeedSpec(kind, subject, since, levelsOrCandles, klineType, merge, onlyChanges, split,
                maxPagesPerPoll, maxEventsPerPoll, pageSize, positionKey);
    }

    public FeedSpec withKlineType(KlineType type) {
        return new FeedSpec(kind, subject, since, size, Objects.requireNonNull(type, "klineType"), merge, onlyChanges,
                split, maxPagesPerPoll, maxEventsPerPoll, pageSize, positionKey);
    }

    public FeedSpec withMerge(BigDecimal step) {
        return new FeedSpec(kind, subject, since, size, klineType, step, onlyChanges, split, maxPagesPerPoll,
                maxEventsPerPoll, pageSize, positionKey);
    }

    public FeedSpec withOnlyChanges(boolean changes) {
        return new FeedSpec(kind, subject, since, size, klineType, merge, changes, split, maxPagesPerPoll,
                maxEventsPerPoll, pageSize, positionKey);
    }

    public FeedSpec withSplit(boolean perMarket) {
        return new FeedSpec(kind, subject, since, size, klineType, merge, onlyChanges, perMarket, maxPagesPerPoll,
                maxEventsPerPoll, pageSize, positionKey);
    }

    public FeedSpec withMaxPagesPerPoll(int pages) {
        return new FeedSpec(kind, subject, since, size, klineType, merge, onlyChanges, split, pages,
                maxEventsPerPoll, pageSize, positionKey);
    }

    public FeedSpec withMaxEventsPerPoll(int events) {
        return new FeedSpec(kind, subject, since, size, klineType, merge, onlyChanges, split, maxPagesPerPoll, events,
                pageSize, positionKey);
    }

    public FeedSpec withPageSize(int records) {
        return new FeedSpec(kind, subject, since, size, klineType, merge, onlyChanges, split, maxPagesPerPoll,
                maxEventsPerPoll, records, positionKey);
    }

    public FeedSpec withPositionKey(String key) {
        return new FeedSpec(kind, subject, since, size, klineType, merge, onlyChanges, split, maxPagesPerPoll,
                maxEventsPerPoll, pageSize, key);
    }

    /** The key of the feed's position: {@link #positionKey}, or the data's own. */
    public String key() {
        return positionKey != null ? positionKey : defaultPositionKey();
    }

    /**
     * The data's own position key, which a polled and a streamed feed of the same data share: {@code trades:btc_usdt},
     * {@code kline:btc_usdt:1min}, {@code orders:btc_usdt}, {@code withdrawals:btc}; null for data without a position.
     */
    public String defaultPositionKey() {
        return switch (kind) {
            case TRADES -> "trades:" + subject;
            case KLINE -> "kline:" + subject + ":" + klineType.wireName();
            case ORDERS -> "orders:" + subject;
            case WITHDRAWALS -> "withdrawals:" + subject;
            case MARKETS, ALL_TICKER, TICKER, DEPTH -> null;
        };
    }

    private static int within(String option, int value, int most) {
        if (value < 1 || value > most) {
            throw new ExchangeValidationException(option, value + " is out of range; 1-" + most);
        }
        return value;
    }

    private static void atLeastOne(String option, int value) {
        if (value < 1) {
            throw new ExchangeValidationException(option, value + " is out of range; at least 1");
        }
    }
}
