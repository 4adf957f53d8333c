package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.internal.stream.StreamSession;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.processor.state.FileStateRepository;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The streaming consumers against the simulator's WebSocket: pushes reach routes, trades stay exactly
 * once and gap-free across drops, stalls, unreadable frames and refused upgrades, books arrive whole and
 * best first, K-line candles once each when they close.
 */
class StreamingConsumersTest {
    private static final String MARKET = "btc_usdt";

    private final List<CamelContext> contexts = new ArrayList<>();
    private final ExpectedFailures failures = new ExpectedFailures();
    private ExchangeSimulator simulator;

    @AfterEach
    void stop() {
        contexts.forEach(CamelContext::stop);
        if (simulator != null) {
            simulator.stop();
        }
    }

    private ExchangeSimulator quietSimulator() {
        simulator = ExchangeSimulator.builder().seed(7).quiet().limits(SimulatorLimits.none()).build().start();
        return simulator;
    }

    /** Appends trades to the market's tape; the simulator pushes them. */
    private void addTrades(int count) {
        long at = simulator.clock().millis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, at, new BigDecimal(65000 + i % 7),
                    new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
        }
    }

    private long lastTid() {
        var last = simulator.exchange().lastTrade(MARKET);
        return last == null ? 0 : last.tid();
    }

    /**
     * How long a connection may bring nothing before it is made again: short, so that the stall tests see a stall
     * soon; a test that counts REST calls sets it long, since a busy machine may hold a pong past it and the
     * reconnect's catch-up is a REST call.
     */
    private int silenceTimeout = 600;

    private CamelContext start(String uri, List<Object> received, Object... beans) throws Exception {
        DefaultCamelContext context = new DefaultCamelContext();
        for (int i = 0; i < beans.length; i += 2) {
            context.getRegistry().bind((String) beans[i], beans[i + 1]);
        }
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setMarketDataRequestsPerSecond(0);
        component.setKeepAliveInterval(100);
        component.setSilenceTimeout(silenceTimeout);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(200);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri + "&exceptionHandler=#failures").routeId("stream")
                        .process(e -> received.add(e.getMessage().getBody()));
            }
        });
        context.start();
        contexts.add(context);
        return context;
    }

    /** A route streaming the trades after {@code start}, once the simulator has its subscription. */
    private CamelContext streamTradesAfter(long start, List<Object> received) throws Exception {
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true&since=" + start, received);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        return context;
    }

    private static StreamSession session(CamelContext context) {
        return ClientInternals.streams(context.getComponent("exchange", ExchangeComponent.class).clientResources()).all().get(0);
    }

    private static List<Long> tids(List<Object> received) {
        return received.stream().map(t -> ((Trade) t).tid()).toList();
    }

    private static List<Long> range(long afterTid, long lastTid) {
        List<Long> out = new ArrayList<>();
        for (long t = afterTid + 1; t <= lastTid; t++) {
            out.add(t);
        }
        return out;
    }


    @Test
    void pushedTradesReachTheRouteOnceInOrderWithoutPolling() throws Exception {
        quietSimulator();
        addTrades(3);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        silenceTimeout = 30_000;
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true", received);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);

        for (int round = 0; round < 20; round++) {
            addTrades(5);
        }
        Await.until(20, "100 trades", () -> received.size() >= 100);
        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
        assertThat(session(context).reconnects()).as("the connection stayed up").isZero();
        assertThat(simulator.requestCount("trades"))
                .as("without a position it starts with the first push, and contiguous pushes need no REST call")
                .isZero();
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void tradesMadeWhileTheConnectionWasDroppedArriveOnceAfterTheReconnect() throws Exception {
        quietSimulator();
        addTrades(2);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = streamTradesAfter(start, received);
        addTrades(10);
        Await.until(20, "first trades", () -> received.size() == 10);

        simulator.streamFaults().refuseUpgrade(2);
        simulator.streamFaults().dropAll();
        addTrades(120);
        Await.until(20, "caught up", () -> received.size() >= 130);
        addTrades(5);
        Await.until(20, "pushed again", () -> received.size() >= 135);

        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
        assertThat(session(context).reconnects()).isEqualTo(1);
        assertThat(simulator.streamConnectionsOpened()).as("two refused upgrades, then one").isEqualTo(2);
    }

    @Test
    void aStallIsDetectedAndWhatItSwallowedIsCaughtUp() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = streamTradesAfter(start, received);

        simulator.streamFaults().stall(Duration.ofSeconds(3));
        addTrades(7);
        Await.until(20, "reconnected after silence", () -> session(context).reconnects() >= 1);
        Await.until(20, "caught up", () -> received.size() >= 7);
        simulator.streamFaults().resume();
        addTrades(3);
        Await.until(20, "pushed again", () -> received.size() >= 10);
        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
    }

    @Test
    void anUnreadableFrameLosesNothing() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = streamTradesAfter(start, received);

        simulator.streamFaults().malformedFrame();
        addTrades(4);
        addTrades(2);
        Await.until(20, "all six", () -> received.size() >= 6);
        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
        Await.until(20, "the garbled frame seen", () -> session(context).undecodableFrames() == 1);
        assertThat(session(context).reconnects()).as("a bad frame is no reason to reconnect").isZero();
    }

    @Test
    void aRouteSwitchesFromPollingToStreamingWithoutAGapOrARepeat() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        FileStateRepository positions = FileStateRepository.fileStateRepository(
                Files.createTempFile("positions", ".dat").toFile());
        List<Object> polled = new CopyOnWriteArrayList<>();
        CamelContext polling = start("exchange:trades?market=btc_usdt&delay=20&stateRepository=#positions&since="
                                     + start, polled, "positions", positions);
        addTrades(8);
        Await.until(20, "polled", () -> polled.size() == 8);
        polling.stop();
        addTrades(6);

        List<Object> streamed = new CopyOnWriteArrayList<>();
        start("exchange:trades?market=btc_usdt&streaming=true&stateRepository=#positions", streamed,
                "positions", positions);
        Await.until(20, "caught up from the polled position", () -> streamed.size() >= 6);
        addTrades(4);
        Await.until(20, "pushed", () -> streamed.size() >= 10);

        List<Long> all = new ArrayList<>(tids(polled));
        all.addAll(tids(streamed));
        assertThat(all).containsExactlyElementsOf(range(start, lastTid()));
    }

    /** Stops the stream route, waits until the simulator saw it leave, appends four trades, starts it again. */
    private void stopTradeFourAndStart(CamelContext context) throws Exception {
        context.getRouteController().stopRoute("stream");
        Await.until(20, "unsubscribed and disconnected", () -> simulator.streamConnections() == 0);
        addTrades(4);
        context.getRouteController().startRoute("stream");
    }

    @Test
    void aRouteStoppedAndStartedAgainUnsubscribesAndResumesFromItsPosition() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true&stateRepository=#positions"
                                     + "&since=" + start, received, "positions", new MemoryStateRepository());
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        addTrades(3);
        Await.until(20, "three", () -> received.size() >= 3);

        stopTradeFourAndStart(context);
        Await.until(20, "caught up", () -> received.size() >= 7);
        addTrades(2);
        Await.until(20, "pushed again", () -> received.size() >= 9);
        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
    }

    @Test
    void withoutAStateRepositoryARouteStoppedAndStartedAgainGoesOnFromItsPositionInMemory() throws Exception {
        quietSimulator();
        addTrades(2);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true", received);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        addTrades(3);
        Await.until(20, "three", () -> received.size() >= 3);

        stopTradeFourAndStart(context);
        Await.until(20, "subscribed again", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        addTrades(2);
        long last = lastTid();
        Await.until(20, "the last trade", () -> tids(received).contains(last));
        assertThat(tids(received)).as("the trades made while stopped, none twice")
                .containsExactlyElementsOf(range(start, last));
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aFailedExchangeIsDeliveredAgainNotSkipped() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        List<Long> attempts = new CopyOnWriteArrayList<>();
        DefaultCamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setReconnectDelay(10);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=btc_usdt&streaming=true&exceptionHandler=#failures&since=" + start)
                        .process(e -> {
                            Trade trade = e.getMessage().getBody(Trade.class);
                            attempts.add(trade.tid());
                            if (trade.tid() == start + 2 && attempts.stream().filter(t -> t == start + 2).count() == 1) {
                                throw new IllegalStateException("first attempt fails");
                            }
                            received.add(trade);
                        });
            }
        });
        context.start();
        contexts.add(context);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        addTrades(3);
        Await.until(20, "three delivered", () -> received.size() >= 3);
        assertThat(tids(received)).containsExactly(start + 1, start + 2, start + 3);
        assertThat(failures.failures()).hasSize(1);
    }

    @Test
    void tickersArriveAsTheBookChangesAndOnlyChangesFilters() throws Exception {
        simulator = ExchangeSimulator.builder().seed(3).activity(false).limits(SimulatorLimits.none()).build().start();
        List<Object> received = new CopyOnWriteArrayList<>();
        start("exchange:ticker?market=btc_usdt&streaming=true&onlyChanges=true", received);
        Await.until(20, "the snapshot on subscribe", () -> received.size() == 1);
        long polls = simulator.requestCount("ticker");
        simulator.activity().step(5);
        Await.until(20, "a pushed change", () -> received.size() >= 2);
        Ticker ticker = (Ticker) received.get(received.size() - 1);
        assertThat(ticker.market()).isEqualTo(MARKET);
        assertThat(ticker.buy()).isLessThanOrEqualTo(ticker.sell());
        for (int i = 1; i < received.size(); i++) {
            assertThat(((Ticker) received.get(i)).sameValues((Ticker) received.get(i - 1))).isFalse();
        }
        assertThat(simulator.requestCount("ticker")).isEqualTo(polls);
    }

    @Test
    void booksArriveWholeAndBestFirstFromBothChannels() throws Exception {
        simulator = ExchangeSimulator.builder().seed(3).activity(false).limits(SimulatorLimits.none()).build().start();
        List<Object> full = new CopyOnWriteArrayList<>();
        List<Object> quick = new CopyOnWriteArrayList<>();
        start("exchange:depth?market=btc_usdt&streaming=true&size=20", full);
        start("exchange:depth?market=btc_usdt&streaming=true&size=5", quick);
        Await.until(20, "snapshots on subscribe", () -> !full.isEmpty() && !quick.isEmpty());
        assertThat(simulator.streamSubscriptions("btcusdt_quick_depth")).isEqualTo(1);
        simulator.activity().step(3);
        Await.until(20, "pushed books", () -> full.size() >= 2 && quick.size() >= 2);

        for (List<Object> books : List.of(full, quick)) {
            for (Object o : books) {
                Depth depth = (Depth) o;
                assertThat(depth.asks()).isNotEmpty().isSortedAccordingTo((a, b) -> a.price().compareTo(b.price()));
                assertThat(depth.bids()).isNotEmpty().isSortedAccordingTo((a, b) -> b.price().compareTo(a.price()));
                assertThat(depth.bestBid().price()).isLessThan(depth.bestAsk().price());
            }
        }
        assertThat(((Depth) full.get(0)).asks()).hasSizeLessThanOrEqualTo(20);
        assertThat(((Depth) quick.get(0)).asks()).hasSizeLessThanOrEqualTo(5);
    }

    @Test
    void eachClosedCandleArrivesOnceWhenTheNextOneIsPushed() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-11-20T10:00:05Z"));
        simulator = ExchangeSimulator.builder().seed(5).quiet().clock(clock).limits(SimulatorLimits.none())
                .build().start();
        List<Object> received = new CopyOnWriteArrayList<>();
        DefaultCamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setCandleClock(clock);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:kline?market=btc_usdt&type=1min&streaming=true&exceptionHandler=#failures&since="
                     + Instant.parse("2026-11-20T10:00:00Z").toEpochMilli())
                        .process(e -> received.add(e.getMessage().getBody()));
            }
        });
        simulator.exchange().recordHistoricalTrade(MARKET, clock.millis(), new BigDecimal("65000"),
                new BigDecimal("0.1"), Side.BUY);
        context.start();
        contexts.add(context);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_kline_1min") == 1);
        // Its catch-up from since, once the exchange took the subscription, before any candle closes: else it may
        // come after the first closed candle and be counted as one of theirs.
        Await.until(20, "the catch-up of the subscription", () -> simulator.requestCount("kline") >= 1);

        // Each next trade comes within the close grace of the minute before, as in a busy market: the push
        // showing the next candle, not the clock, closes the previous one.
        clock.set(Instant.parse("2026-11-20T10:01:00.500Z"));
        simulator.exchange().recordHistoricalTrade(MARKET, clock.millis(), new BigDecimal("65001"),
                new BigDecimal("0.1"), Side.SELL);
        Await.until(20, "the first closed candle", () -> received.size() == 1);
        long restCalls = simulator.requestCount("kline");
        for (int minute = 2; minute <= 3; minute++) {
            clock.set(Instant.parse("2026-11-20T10:00:00.500Z").plus(Duration.ofMinutes(minute)));
            simulator.exchange().recordHistoricalTrade(MARKET, clock.millis(), new BigDecimal(65000 + minute),
                    new BigDecimal("0.1"), Side.SELL);
            // One trade at a time: pushes of trades close together may be merged into one.
            int closedSoFar = minute;
            Await.until(20, "candle " + minute, () -> received.size() >= closedSoFar);
        }
        List<Instant> opens = received.stream().map(c -> ((Candle) c).openTime()).toList();
        assertThat(opens).containsExactly(Instant.parse("2026-11-20T10:00:00Z"),
                Instant.parse("2026-11-20T10:01:00Z"), Instant.parse("2026-11-20T10:02:00Z"));
        assertThat(((Candle) received.get(1)).close()).isEqualByComparingTo("65001");
        assertThat(simulator.requestCount("kline")).as("consecutive candles come from pushes alone")
                .isEqualTo(restCalls);
    }

    @Test
    void anUnknownMarketsChannelIsReportedToTheExceptionHandler() throws Exception {
        quietSimulator();
        List<Object> received = new CopyOnWriteArrayList<>();
        start("exchange:ticker?market=nope_usdt&streaming=true", received);
        Await.until(20, "reported", () -> !failures.failures().isEmpty());
        assertThat(failures.failures().get(0)).isInstanceOf(ExchangeErrorReplyException.class)
                .extracting(e -> ((ExchangeErrorReplyException) e).code()).isEqualTo(1007);
    }
}
