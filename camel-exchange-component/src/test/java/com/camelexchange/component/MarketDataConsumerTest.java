package com.camelexchange.component;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Every market-data operation as a polling consumer, against a simulator whose clock the test holds. */
class MarketDataConsumerTest extends SimulatorCamelTest {
    static final Instant T0 = Instant.parse("2026-11-22T08:00:30Z");
    final MutableClock clock = new MutableClock(T0);

    // K-line limits are the component's job here; the simulator's limiter would see a frozen clock.
    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            b -> b.seed(42).clock(clock).quiet().eventLoops(1).limits(SimulatorLimits.none()));

    @Override
    protected ExchangeSimulator simulator() {
        return simulator.get();
    }

    @Override
    protected void configure(ExchangeComponent component) {
        component.setCandleClock(clock);
    }

    private void addRoutes(RouteBuilder routes) throws Exception {
        context.addRoutes(routes);
    }

    private static RouteBuilder route(String from, String to) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(from).to(to);
            }
        };
    }

    private void place(Side side, String price, String amount) {
        var exchange = simulator.get().exchange();
        var user = exchange.createUser("trader", true);
        exchange.place(user, OrderCommand.limit("btc_usdt", side, new BigDecimal(price), new BigDecimal(amount)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void marketsArriveOncePerPoll() throws Exception {
        MockEndpoint mock = getMockEndpoint("mock:markets");
        mock.expectedMessageCount(2);
        addRoutes(route("exchange:markets?delay=20&repeatCount=2", "mock:markets"));
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(10));
        Map<String, Market> markets = mock.getExchanges().get(0).getMessage().getBody(Map.class);
        assertThat(markets).containsKey("btc_usdt");
    }

    @Test
    void allTickerEmitsOneMessagePerMarketWithBatchProperties() throws Exception {
        MockEndpoint mock = getMockEndpoint("mock:tickers");
        mock.expectedMessageCount(6);
        addRoutes(route("exchange:allTicker?repeatCount=1", "mock:tickers"));
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(10));
        List<Exchange> received = mock.getExchanges();
        assertThat(received).extracting(e -> e.getMessage().getHeader(ExchangeConstants.MARKET))
                .containsExactlyInAnyOrder("btc_usdt", "eth_usdt", "ltc_usdt", "xrp_usdt", "ltc_btc", "eth_btc");
        assertThat(received).allSatisfy(e -> assertThat(e.getMessage().getBody()).isInstanceOf(Ticker.class));
        assertThat(received.get(0).getProperty(ExchangePropertyKey.BATCH_SIZE, Integer.class)).isEqualTo(6);
        assertThat(received.get(5).getProperty(ExchangePropertyKey.BATCH_INDEX, Integer.class)).isEqualTo(5);
        assertThat(received.get(5).getProperty(ExchangePropertyKey.BATCH_COMPLETE, Boolean.class)).isTrue();
    }

    @Test
    @SuppressWarnings("unchecked")
    void allTickerCanEmitOneMap() throws Exception {
        MockEndpoint mock = getMockEndpoint("mock:map");
        mock.expectedMessageCount(1);
        addRoutes(route("exchange:allTicker?repeatCount=1&splitResult=false", "mock:map"));
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(10));
        assertThat(mock.getExchanges().get(0).getMessage().getBody(Map.class)).hasSize(6).containsKey("xrp_usdt");
    }

    @Test
    void tickerWithOnlyChangesSkipsPollsThatChangedNothing() throws Exception {
        place(Side.BUY, "64000", "0.1");
        MockEndpoint mock = getMockEndpoint("mock:ticker");
        mock.expectedMessageCount(1);
        addRoutes(route("exchange:ticker?market=btc_usdt&onlyChanges=true&delay=10", "mock:ticker"));
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(10));
        long polls = simulator.get().requestCount("ticker");
        awaitUntil(() -> simulator.get().requestCount("ticker") >= polls + 5);
        assertThat(mock.getReceivedCounter()).as("five unchanged polls, nothing emitted").isEqualTo(1);

        mock.reset();
        mock.expectedMessageCount(1);
        place(Side.BUY, "64100", "0.1");
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(10));
        assertThat(mock.getExchanges().get(0).getMessage().getBody(Ticker.class).buy()).isEqualByComparingTo("64100");
        assertThat(mock.getExchanges().get(0).getMessage().getHeader(ExchangeConstants.TIMESTAMP)).isEqualTo(T0);
    }

    @Test
    void depthArrivesBestFirst() throws Exception {
        place(Side.SELL, "65100", "0.1");
        place(Side.SELL, "65050", "0.1");
        place(Side.BUY, "64900", "0.1");
        MockEndpoint mock = getMockEndpoint("mock:depth");
        mock.expectedMessageCount(1);
        addRoutes(route("exchange:depth?market=btc_usdt&size=10&repeatCount=1", "mock:depth"));
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(10));
        Depth depth = mock.getExchanges().get(0).getMessage().getBody(Depth.class);
        assertThat(depth.bestAsk().price()).isEqualByComparingTo("65050");
        assertThat(depth.bestBid().price()).isEqualByComparingTo("64900");
    }

    @Test
    void klineEmitsEachClosedCandleOnceAndWaitsForTheOpenOne() throws Exception {
        long minute = 60_000;
        long current = T0.toEpochMilli() / minute * minute;
        for (int i = 5; i >= 0; i--) {
            simulator.get().exchange().recordHistoricalTrade("btc_usdt", current - i * minute + 1000,
                    new BigDecimal(65000 + i), BigDecimal.ONE, Side.BUY);
        }
        MockEndpoint mock = getMockEndpoint("mock:kline");
        mock.expectedMessageCount(5);
        addRoutes(route("exchange:kline?market=btc_usdt&type=1min&delay=10&since=" + (current - 5 * minute),
                "mock:kline"));
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(15));
        assertThat(mock.getExchanges()).extracting(e -> e.getMessage().getBody(Candle.class).openTime().toEpochMilli())
                .containsExactly(current - 5 * minute, current - 4 * minute, current - 3 * minute,
                        current - 2 * minute, current - minute);

        long requests = simulator.get().requestCount("kline");
        awaitUntil(() -> simulator.get().requestCount("kline") >= requests + 2);
        assertThat(mock.getReceivedCounter()).as("the open candle is not emitted").isEqualTo(5);

        mock.reset();
        mock.expectedMessageCount(1);
        clock.advance(Duration.ofSeconds(45));
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(15));
        Exchange last = mock.getExchanges().get(0);
        assertThat(last.getMessage().getBody(Candle.class).openTime().toEpochMilli()).isEqualTo(current);
        assertThat(last.getMessage().getHeader(ExchangeConstants.KLINE_TYPE)).isEqualTo("1min");
        assertThat(last.getMessage().getHeader(ExchangeConstants.KLINE_SYMBOL)).isEqualTo("btc");
    }

    /** Waits for a condition that the running routes make true; fails after ten seconds. */
    static void awaitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.sleep(10);
        }
    }
}
