package com.camelexchange.component;

import com.camelexchange.client.StreamStatus;
import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many streaming routes on one component, against a simulator with many markets: what they cost must grow with the
 * exchange's work, not with the routes. Threads stay those of a small shared pool, each channel keeps its order on
 * it, one route that is slow or busy holds up no other, and routes without a position start without a request.
 */
class StreamScaleTest {
    private final ExpectedFailures failures = new ExpectedFailures();
    private ExchangeSimulator simulator;
    private DefaultCamelContext context;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        if (simulator != null) {
            simulator.stop();
        }
    }

    /** {@code m0_usdt}, {@code m1_usdt}, ...: markets of their own, quiet, so that only the test trades. */
    private static List<String> markets(int count) {
        return IntStream.range(0, count).mapToObj(i -> "m" + i + "_usdt").toList();
    }

    private void simulator(List<String> markets) {
        simulator = ExchangeSimulator.builder().seed(17).quiet().limits(SimulatorLimits.none())
                .markets(markets.stream().map(m -> new MarketSpec(m, 2, 4, new BigDecimal("0.0001"), BigDecimal.ONE,
                        new BigDecimal("100"))).toList())
                .build().start();
    }

    private long trade(String market) {
        simulator.exchange().recordHistoricalTrade(market, simulator.clock().millis(), new BigDecimal("100.5"),
                new BigDecimal("0.01"), Side.BUY);
        return simulator.exchange().lastTrade(market).tid();
    }

    private static String channel(String market) {
        return market.replace("_", "") + "_trades";
    }

    /** A context whose component talks to the simulator, without client limits unless {@code settings} sets them. */
    private ExchangeComponent context(Consumer<ExchangeComponent> settings) {
        context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setMarketDataRequestsPerSecond(0);
        // No ping while a test counts frames: every frame read is a push.
        component.setKeepAliveInterval(60_000);
        component.setSilenceTimeout(120_000);
        component.setChannelSilenceTimeout(120_000);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(200);
        settings.accept(component);
        ExpectedFailures.unloggedIn(context);
        return component;
    }

    /** A route per market streaming its trades into {@code received}, by market; {@code process} runs first. */
    private void tradeRoutes(List<String> markets, Map<String, List<Long>> received, Consumer<String> process)
            throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (String market : markets) {
                    List<Long> tids = received.computeIfAbsent(market, m -> new CopyOnWriteArrayList<>());
                    from("exchange:trades?market=" + market + "&streaming=true&exceptionHandler=#failures")
                            .routeId(market)
                            .process(e -> {
                                process.accept(market);
                                tids.add(e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class));
                            });
                }
            }
        });
    }

    private void awaitSubscribed(List<String> markets) throws InterruptedException {
        Await.until(20, "every channel subscribed",
                () -> markets.stream().allMatch(m -> simulator.streamSubscriptions(channel(m)) == 1));
    }

    private static Set<Thread> threads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).collect(Collectors.toSet());
    }

    @Test
    void fiftyRoutesOnFiftyChannelsRunOnTheSharedPoolEachInItsOrderAndStartWithoutARequest() throws Exception {
        List<String> markets = markets(50);
        simulator(markets);
        int streamThreads = 3;
        // Silence is not this test's subject: on a busy machine 3,000 trades may take the pool longer than the
        // default silence timeouts to hand over, and a connection or channel then taken for silent reads over REST.
        ExchangeComponent component = context(c -> {
            c.setStreamThreads(streamThreads);
            c.setSilenceTimeout(120_000);
            c.setChannelSilenceTimeout(300_000);
        });
        Set<Thread> before = threads();
        Map<String, List<Long>> received = new ConcurrentHashMap<>();
        Map<String, Long> start = new ConcurrentHashMap<>();
        tradeRoutes(markets, received, m -> { });
        context.start();
        awaitSubscribed(markets);
        markets.forEach(m -> start.put(m, simulator.exchange().lastTrade(m) == null ? 0L
                : simulator.exchange().lastTrade(m).tid()));

        for (int round = 0; round < 20; round++) {
            for (String market : markets) {
                for (int i = 0; i < 3; i++) {
                    trade(market);
                }
            }
        }
        Await.until(30, "60 trades on each of the 50 routes",
                () -> markets.stream().allMatch(m -> received.get(m).size() >= 60));

        Set<Thread> added = new HashSet<>(threads());
        added.removeAll(before);
        List<String> names = added.stream().map(Thread::getName).sorted().toList();
        // Besides the pool: the stream timer, the JDK WebSocket's selector and its few I/O threads, the REST
        // client's deadline timer, Camel's own.
        assertThat(added).as("threads added by 50 streaming routes: %s", names).hasSizeLessThanOrEqualTo(streamThreads + 8);
        assertThat(names.stream().filter(n -> n.contains("ExchangeStreamWork"))).hasSizeLessThanOrEqualTo(streamThreads);
        for (String market : markets) {
            List<Long> tape = simulator.tape(market).stream().map(t -> t.tid()).filter(t -> t > start.get(market))
                    .toList();
            assertThat(received.get(market)).as(market + ": its trades, each once, in order")
                    .containsExactlyElementsOf(tape);
        }
        long reconnects = component.clientResources().streamStatus().stream().mapToLong(StreamStatus::reconnects)
                .sum();
        // A connection dropped and opened again meanwhile (a busy machine made one fail once) catches up over REST,
        // one read per channel: the same trades, each once and in order, as asserted above.
        assertThat(simulator.requestCount("trades"))
                .as("routes without a position start with the first push; contiguous pushes need no request"
                    + " (%d reconnects)", reconnects)
                .isLessThanOrEqualTo(reconnects * markets.size());
        // The frames: the pushes, and the pongs to the pings sent after subscriptions (one per batch of them).
        assertThat(ClientInternals.streams(component.clientResources()).frames().passes()).as("one pass over each frame")
                .isEqualTo(simulator.streamFramesPushed() + simulator.streamPongs());
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aRouteThatBlocksHoldsUpNoOtherChannelAndWhatItFallsBehindIsReadAgainOverRest() throws Exception {
        List<String> markets = markets(2);
        simulator(markets);
        context(c -> c.setStreamThreads(2));
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch blocked = new CountDownLatch(1);
        Map<String, List<Long>> received = new ConcurrentHashMap<>();
        String slow = markets.get(0);
        String other = markets.get(1);
        tradeRoutes(markets, received, market -> {
            if (market.equals(slow) && release.getCount() > 0) {
                blocked.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        context.start();
        awaitSubscribed(markets);
        long slowStart = simulator.exchange().lastTrade(slow) == null ? 0 : simulator.exchange().lastTrade(slow).tid();
        trade(slow);
        assertThat(blocked.await(20, TimeUnit.SECONDS)).as("the slow route took its first trade").isTrue();

        // More than the pushes a route may fall behind by: they are dropped, and read again once it goes on.
        for (int i = 0; i < 10_100; i++) {
            trade(slow);
        }
        for (int i = 0; i < 5; i++) {
            trade(other);
        }
        Await.until(20, "the other channel's trades while the slow route blocks", () -> received.get(other).size() == 5);
        long restWhileBlocked = simulator.requestCount("trades");

        release.countDown();
        Await.until(60, "the slow route's trades", () -> received.get(slow).size() >= 10_101);
        List<Long> tape = simulator.tape(slow).stream().map(t -> t.tid()).filter(t -> t > slowStart).toList();
        assertThat(received.get(slow)).as("each once, in order").containsExactlyElementsOf(tape);
        assertThat(restWhileBlocked).as("nothing read while it blocked").isZero();
        assertThat(simulator.requestCount("trades")).as("the pushes it fell behind by, read again over REST")
                .isPositive();
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aBusyChannelTakesTurnsWithTheOthersOnASingleThread() throws Exception {
        List<String> markets = markets(2);
        simulator(markets);
        ExchangeComponent component = context(c -> c.setStreamThreads(1));
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch blocked = new CountDownLatch(1);
        List<String> order = new CopyOnWriteArrayList<>();
        Map<String, List<Long>> received = new ConcurrentHashMap<>();
        String busy = markets.get(0);
        String other = markets.get(1);
        tradeRoutes(markets, received, market -> {
            order.add(market);
            if (market.equals(busy) && release.getCount() > 0) {
                blocked.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        context.start();
        awaitSubscribed(markets);
        trade(busy);
        assertThat(blocked.await(20, TimeUnit.SECONDS)).isTrue();
        // The busy route's backlog, then one trade of the other channel, all handed over while the one thread blocks.
        for (int i = 0; i < 1_000; i++) {
            trade(busy);
        }
        trade(other);
        Await.until(20, "the other channel's push read", () -> ClientInternals.streams(component.clientResources()).all().get(0).channelStatuses()
                .stream().anyMatch(c -> c.channel().equals(channel(other)) && c.lastFrameAt() != null));

        release.countDown();
        Await.until(20, "all delivered", () -> received.get(busy).size() == 1_001 && received.get(other).size() == 1);
        assertThat(order.indexOf(other)).as("the other channel's trade came after at most one share of the backlog")
                .isLessThan(1 + 2 * 100);
    }
}
