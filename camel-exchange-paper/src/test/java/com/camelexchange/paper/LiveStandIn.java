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
 * <p>A's clock stands apart from the paper exchange's (the system clock): it starts an hour ahead and moves only when
 * a trade is made. The paper exchange judges whether a trade came after an order by A's clock, which it knows from
 * the dates of A's data and its own clock's progress since (the dates of A's data are all it has of it):
 * {@link #trade} dates a trade {@link #TRADE_STEP} on, after any paper order placed since the last one (a test's
 * steps take far less); {@link #tradeNow} at A's time as it stands, before any paper order placed since A last
 * served data dated so (on any clock that has moved on a millisecond since); {@link #tradeEarlier} hours before.
 * A few trades in a row move A's clock well under the minute within which the paper exchange takes A's data as
 * agreeing on it: a clock that leapt minutes in milliseconds would rightly be doubted (see the simulator's
 * {@code MarketClock}).
 */
final class LiveStandIn implements AutoCloseable {
    static final String BTC = "btc_usdt";
    static final String REAL_KEY = "real-key";
    static final String REAL_SECRET = "real-secret";
    /** How far A's clock moves on at each {@link #trade}. */
    static final Duration TRADE_STEP = Duration.ofSeconds(10);

    private final MutableClock clock = new MutableClock(Instant.now().plus(Duration.ofHours(1)));
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

    /** One round of the synthetic traders, a minute on A's clock after the last: their trades are dated then. */
    void step() {
        clock.advance(Duration.ofMinutes(1));
        live.activity().step();
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
     * A trade on A's tape, dated {@link #TRADE_STEP} on: after every paper order placed so far; pushed to A's
     * subscribers.
     */
    Trade trade(String price, String amount, Side taker) {
        clock.advance(TRADE_STEP);
        return tradeAt(clock.instant(), price, amount, taker);
    }

    /** A trade on A's tape dated at A's time as it stands, that of the data A served since the last trade. */
    Trade tradeNow(String price, String amount, Side taker) {
        return tradeAt(clock.instant(), price, amount, taker);
    }

    /**
     * A trade on A's tape dated {@code ahead} after A's clock as it stands, as a live service's wrong date would be
     * (a day ahead, milliseconds read as seconds): A's clock does not move, so its next trade is dated right again.
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
