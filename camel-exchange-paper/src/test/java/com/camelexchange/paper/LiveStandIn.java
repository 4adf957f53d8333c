package com.camelexchange.paper;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Simulator A, standing in for the live service: a quiet market whose book and tape the test sets by hand through the
 * engine (never over the signed API, so that A's count of signed requests is the component's alone). It knows the
 * user's real keys, so a signed request that reached it would be accepted and counted.
 *
 * <p>A's clock follows this machine's, which is the paper exchange's clock: the paper exchange takes A's dates only
 * within {@code paperClockSkew} (5 s) ahead of it. {@link #trade} dates a trade {@link #LEAD} ahead of this machine's
 * clock (and after A's last date): after any paper order placed so far, even once the API cuts its date to the second;
 * {@link #tradeNow} at A's time as it stands, the date of the data A served last; {@link #tradeEarlier} an hour
 * before; {@link #tradeAhead} a wrong date, further ahead than any honest skew.
 */
final class LiveStandIn implements AutoCloseable {
    static final String BTC = "btc_usdt";
    static final String REAL_KEY = "real-key";
    static final String REAL_SECRET = "real-secret";
    /** How far ahead of this machine's clock {@link #trade} dates a trade: well within the paper exchange's skew. */
    static final Duration LEAD = Duration.ofSeconds(1);

    private final MutableClock clock = new MutableClock(Instant.now());
    private final ExchangeSimulator live;
    private final SimulatorAccount maker;
    private Instant earlier = Instant.now().minus(Duration.ofHours(1));

    /** A quiet market, empty until the test sets its book and tape by hand. */
    LiveStandIn() {
        this(Variant.A);
    }

    /** A quiet market of a live service that speaks {@code variant}. */
    LiveStandIn(Variant variant) {
        this(ExchangeSimulator.builder().seed(5).variant(variant).quiet());
    }

    private LiveStandIn(ExchangeSimulator.Builder builder) {
        live = builder.clock(clock).eventLoops(1).key(REAL_KEY, REAL_SECRET).build().start();
        maker = live.createAccount("market-maker", "market-maker-secret");
    }

    /**
     * A market with synthetic traders (seeded: the same seed, the same market), a book of quotes and six hours of
     * trades from the start. They act only when the test calls {@link #step}, never on a timer.
     */
    static LiveStandIn active(long seed) {
        return new LiveStandIn(ExchangeSimulator.builder().seed(seed).activity(false));
    }

    /** One round of the synthetic traders, dated as {@link #trade} dates a trade. */
    void step() {
        moveOn();
        live.activity().step();
    }

    /**
     * Sets A's clock {@code ahead} of this machine's until {@link #clockRight} (a live service whose clock is that
     * far off): the data A serves meanwhile, such as its book, are dated so.
     */
    void clockAhead(Duration ahead) {
        clock.set(Instant.now().plus(ahead));
    }

    /** Sets A's clock back to {@link #LEAD} ahead of this machine's, after {@link #clockAhead}. */
    void clockRight() {
        clock.set(Instant.now().plus(LEAD));
    }

    /** A's clock {@link #LEAD} ahead of this machine's, and after any date it gave. */
    private void moveOn() {
        Instant next = Instant.now().plus(LEAD);
        clock.set(next.isAfter(clock.instant()) ? next : clock.instant().plusMillis(1));
    }

    /** A's clock as it stands. */
    Instant now() {
        return clock.instant();
    }

    ExchangeSimulator simulator() {
        return live;
    }

    /** Asks 60000.00 x 0.3, 60010.00 x 0.4, 60100.00 x 1; bids 59990.00 x 1, 59980.00 x 2. */
    LiveStandIn withBook() {
        quote(Side.SELL, "60000.00", "0.3000");
        quote(Side.SELL, "60010.00", "0.4000");
        quote(Side.SELL, "60100.00", "1.0000");
        quote(Side.BUY, "59990.00", "1.0000");
        quote(Side.BUY, "59980.00", "2.0000");
        return this;
    }

    void quote(Side side, String price, String amount) {
        live.exchange().place(live.exchange().key(maker.accessKey()).user(), OrderCommand.limit(BTC, side, new BigDecimal(price), new BigDecimal(amount)));
    }

    /**
     * A trade on A's tape, dated {@link #LEAD} ahead of this machine's clock: after every paper order placed so far;
     * pushed to A's subscribers.
     */
    Trade trade(String price, String amount, Side taker) {
        moveOn();
        return tradeAt(clock.instant(), price, amount, taker);
    }

    /** A trade on A's tape dated at A's time as it stands, that of the data A served since the last trade. */
    Trade tradeNow(String price, String amount, Side taker) {
        return tradeAt(clock.instant(), price, amount, taker);
    }

    /**
     * A trade on A's tape dated {@code ahead} after A's clock as it stands, as a live service's wrong date would be
     * (hours ahead, milliseconds read as seconds): A's clock does not move, so its next trade is dated right again.
     */
    Trade tradeAhead(Duration ahead, String price, String amount, Side taker) {
        return tradeAt(clock.instant().plus(ahead), price, amount, taker);
    }

    /** A trade on A's tape dated two hours before A's clock, before any paper order of the test. */
    Trade tradeEarlier(String price, String amount, Side taker) {
        earlier = earlier.plusSeconds(1);
        return tradeAt(earlier, price, amount, taker);
    }

    private Trade tradeAt(Instant at, String price, String amount, Side taker) {
        live.exchange().recordHistoricalTrade(BTC, at.toEpochMilli(), new BigDecimal(price), new BigDecimal(amount),
                taker);
        List<Trade> tape = live.tape(BTC);
        return tape.get(tape.size() - 1);
    }

    /** Requests A received for its signed interface, whatever their method or keys. */
    long signedRequests() {
        return live.signedRequestCount();
    }

    @Override
    public void close() {
        live.stop();
    }
}
