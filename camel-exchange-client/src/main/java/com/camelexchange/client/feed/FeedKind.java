package com.camelexchange.client.feed;

/** The kinds of data a feed follows: what {@link FeedSpec} describes and {@link FeedFactory} makes a feed of. */
public enum FeedKind {
    /** Every market's configuration, polled. */
    MARKETS(Subject.NONE, false),
    /** Every market's ticker, polled. */
    ALL_TICKER(Subject.NONE, false),
    /** One market's ticker, polled or pushed. */
    TICKER(Subject.MARKET, true),
    /** One market's book, polled or pushed. */
    DEPTH(Subject.MARKET, true),
    /** One market's trades, each once, from a position; polled or pushed. */
    TRADES(Subject.MARKET, true),
    /** One market's closed candles of one period, each once, from a position; polled or pushed. */
    KLINE(Subject.MARKET, true),
    /** The account's orders of one market: each change of state once; polled or pushed (the account's pushes). */
    ORDERS(Subject.MARKET, true),
    /** The account's withdrawals of one coin: each change of state once; polled (the exchange pushes none). */
    WITHDRAWALS(Subject.COIN, false);

    /** What names the data a feed of the kind follows. */
    enum Subject { NONE, MARKET, COIN }

    private final Subject subject;
    private final boolean pushed;

    FeedKind(Subject subject, boolean pushed) {
        this.subject = subject;
        this.pushed = pushed;
    }

    Subject subject() {
        return subject;
    }

    /** Whether the exchange pushes this data over its WebSocket, so that a feed of it may stream. */
    public boolean pushed() {
        return pushed;
    }

    /** Whether its feed keeps a position: it delivers each item once, and resumes after the last one delivered. */
    public boolean positioned() {
        return this == TRADES || this == KLINE || this == ORDERS || this == WITHDRAWALS;
    }
}
