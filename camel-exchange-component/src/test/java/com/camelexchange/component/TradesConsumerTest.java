package com.camelexchange.component;

import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.engine.PooledExchangeFactory;
import org.apache.camel.support.processor.state.FileStateRepository;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The trades consumer: each trade exactly once, in order, across polls, pages and restarts. */
class TradesConsumerTest {
    private final List<CamelContext> contexts = new ArrayList<>();
    private ExchangeSimulator simulator;

    @AfterEach
    void stop() {
        contexts.forEach(CamelContext::stop);
        if (simulator != null) {
            simulator.stop();
        }
    }

    private ExchangeSimulator quietSimulator() {
        simulator = ExchangeSimulator.builder().seed(42).quiet().limits(SimulatorLimits.none()).build().start();
        return simulator;
    }

    /** Appends trades to btc_usdt. */
    private void addTrades(int count) {
        long at = System.currentTimeMillis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade("btc_usdt", at, new BigDecimal(65000 + i % 7),
                    new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
        }
    }

    private long lastTid() {
        return simulator.exchange().lastTrade("btc_usdt").tid();
    }

    private CamelContext start(String uri, RouteBuilder extra, Object... beans) throws Exception {
        DefaultCamelContext context = new DefaultCamelContext();
        for (int i = 0; i < beans.length; i += 2) {
            context.getRegistry().bind((String) beans[i], beans[i + 1]);
        }
        context.getComponent("exchange", ExchangeComponent.class).getConfiguration().setBaseUrl(simulator.baseUrl());
        context.getComponent("exchange", ExchangeComponent.class).setMarketDataRequestsPerSecond(0);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(extra != null ? extra : new RouteBuilder() {
            @Override
            public void configure() {
                from(uri).routeId("trades").to("mock:trades");
            }
        });
        context.start();
        contexts.add(context);
        return context;
    }

    private static List<Long> tids(MockEndpoint mock) {
        return mock.getExchanges().stream().map(e -> e.getMessage().getBody(Trade.class).tid()).toList();
    }

    private static List<Long> range(long afterTid, int count) {
        List<Long> out = new ArrayList<>();
        for (long t = afterTid + 1; t <= afterTid + count; t++) {
            out.add(t);
        }
        return out;
    }

    @Test
    void aBacklogArrivesInOrderAcrossPagesAndPolls() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        addTrades(175);
        CamelContext context = start("exchange:trades?market=btc_usdt&since=" + start
                                     + "&delay=10&maxPagesPerPoll=2", null);
        MockEndpoint mock = context.getEndpoint("mock:trades", MockEndpoint.class);
        mock.expectedMessageCount(175);
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(20));
        assertThat(tids(mock)).containsExactlyElementsOf(range(start, 175));
        Exchange first = mock.getExchanges().get(0);
        assertThat(first.getProperty(ExchangePropertyKey.BATCH_SIZE, Integer.class)).as("two pages per poll")
                .isEqualTo(100);
        assertThat(first.getMessage().getHeader(ExchangeConstants.TRADE_ID)).isEqualTo(start + 1);

        mock.reset();
        mock.expectedMessageCount(30);
        addTrades(30);
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(20));
        assertThat(tids(mock)).containsExactlyElementsOf(range(start + 175, 30));
    }

    @Test
    void aRouteHandingTradesToSedaGetsEachOnceThePositionMovingAsEachIsHandedOver() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        addTrades(12);
        List<Long> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        start(null, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=btc_usdt&delay=10&since=" + start).to("seda:slow");
                // Slower than the polls: a position stored only once seda is done would be read stale.
                from("seda:slow").delay(50).syncDelayed().process(e -> received.add(e.getMessage().getBody(Trade.class).tid()));
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (received.size() < 12 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        addTrades(1);
        while (received.size() < 13 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(received).containsExactlyElementsOf(range(start, 13));
    }

    @Test
    void aFailedPooledExchangeStillReachesTheExceptionHandlerAndIsEmittedAgain() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        addTrades(3);
        ExpectedFailures recorder = new ExpectedFailures();
        Set<Long> attempts = ConcurrentHashMap.newKeySet();
        CamelContext context = new DefaultCamelContext();
        // Pooled exchanges are reset when released: a failure read after release is lost.
        context.getCamelContextExtension().setExchangeFactory(new PooledExchangeFactory());
        context.getRegistry().bind("recorder", recorder);
        context.getComponent("exchange", ExchangeComponent.class).getConfiguration().setBaseUrl(simulator.baseUrl());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                errorHandler(noErrorHandler());
                from("exchange:trades?market=btc_usdt&delay=10&exceptionHandler=#recorder&since=" + start)
                        .process(e -> {
                            long tid = e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class);
                            if (tid == start + 2 && attempts.add(tid)) {
                                throw new IllegalStateException("downstream refused trade " + tid);
                            }
                        })
                        .to("mock:trades");
            }
        });
        context.start();
        contexts.add(context);
        MockEndpoint mock = context.getEndpoint("mock:trades", MockEndpoint.class);
        mock.expectedMessageCount(3);
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(20));
        assertThat(tids(mock)).as("the failed trade came again, none twice").containsExactlyElementsOf(range(start, 3));
        assertThat(recorder.failures()).hasSize(1).first().asInstanceOf(InstanceOfAssertFactories.THROWABLE)
                .hasMessage("downstream refused trade " + (start + 2));
    }

    @Test
    void withoutSinceOrPositionItStartsFromNow() throws Exception {
        quietSimulator();
        addTrades(60);
        long now = lastTid();
        CamelContext context = start("exchange:trades?market=btc_usdt&delay=10", null);
        MockEndpoint mock = context.getEndpoint("mock:trades", MockEndpoint.class);
        long polls = simulator.requestCount("trades");
        MarketDataConsumerTest.awaitUntil(() -> simulator.requestCount("trades") >= polls + 3);
        assertThat(mock.getReceivedCounter()).isZero();
        mock.expectedMessageCount(5);
        addTrades(5);
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(20));
        assertThat(tids(mock)).containsExactlyElementsOf(range(now, 5));
    }

    @Test
    void aRouteStoppedAndStartedAgainWithoutAStateRepositoryGoesOnFromItsPositionInMemory() throws Exception {
        quietSimulator();
        addTrades(5);
        long now = lastTid();
        CamelContext context = start("exchange:trades?market=btc_usdt&delay=10", null);
        MockEndpoint mock = context.getEndpoint("mock:trades", MockEndpoint.class);
        long polls = simulator.requestCount("trades");
        MarketDataConsumerTest.awaitUntil(() -> simulator.requestCount("trades") >= polls + 2);
        addTrades(3);
        MarketDataConsumerTest.awaitUntil(() -> mock.getReceivedCounter() == 3);

        context.getRouteController().stopRoute("trades");
        addTrades(4);
        context.getRouteController().startRoute("trades");
        addTrades(2);
        long last = lastTid();
        MarketDataConsumerTest.awaitUntil(() -> tids(mock).contains(last));
        assertThat(tids(mock)).as("the trades made while stopped, none twice").containsExactlyElementsOf(range(now, 9));
    }

    @Test
    void aRestartWithAFileStateRepositoryResumesWithNoGapAndNoDuplicate(@TempDir Path dir) throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        addTrades(120);
        File state = dir.resolve("positions.dat").toFile();
        String uri = "exchange:trades?market=btc_usdt&since=" + start + "&delay=10&stateRepository=#positions";

        FileStateRepository first = FileStateRepository.fileStateRepository(state);
        CamelContext one = start(uri, null, "positions", first);
        MockEndpoint mockOne = one.getEndpoint("mock:trades", MockEndpoint.class);
        mockOne.expectedMessageCount(120);
        mockOne.assertIsSatisfied(TimeUnit.SECONDS.toMillis(20));
        one.stop();
        FileStateRepository reread = FileStateRepository.fileStateRepository(state);
        reread.start();
        assertThat(reread.getState("trades:btc_usdt")).as("written to the file").isEqualTo(Long.toString(start + 120));
        reread.stop();

        addTrades(20);
        CamelContext two = start(uri, null, "positions", FileStateRepository.fileStateRepository(state));
        MockEndpoint mockTwo = two.getEndpoint("mock:trades", MockEndpoint.class);
        mockTwo.expectedMessageCount(20);
        mockTwo.assertIsSatisfied(TimeUnit.SECONDS.toMillis(20));
        assertThat(tids(mockTwo)).as("since is ignored once a position is stored").containsExactlyElementsOf(
                range(start + 120, 20));
    }

    @Test
    void aTradeThatFailsComesAgainOnTheNextPollAndNothingIsSkipped() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        addTrades(80);
        long poison = start + 30;
        Set<Long> failedOnce = new HashSet<>();
        List<Long> delivered = java.util.Collections.synchronizedList(new ArrayList<>());
        ExpectedFailures failures = new ExpectedFailures();
        CamelContext context = start(null, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=btc_usdt&delay=10&exceptionHandler=#failures&since=" + start)
                        .routeId("trades")
                        .process(e -> {
                            long tid = e.getMessage().getBody(Trade.class).tid();
                            delivered.add(tid);
                            if (tid == poison && failedOnce.add(tid)) {
                                throw new IllegalStateException("downstream briefly unavailable");
                            }
                        })
                        .to("mock:trades");
            }
        }, "failures", failures);
        MockEndpoint mock = context.getEndpoint("mock:trades", MockEndpoint.class);
        mock.expectedMessageCount(80);
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(20));
        assertThat(tids(mock)).containsExactlyElementsOf(range(start, 80));
        assertThat(delivered.stream().filter(t -> t == poison).count()).isEqualTo(2);
        assertThat(failures.failures()).as("the failure reached the consumer's exception handler").hasSize(1);
    }

    @Test
    void underContinuousActivityEveryTradeArrivesOnceInOrder() throws Exception {
        simulator = ExchangeSimulator.builder().seed(7).activityInterval(Duration.ofMillis(5))
                .limits(SimulatorLimits.none()).build().start();
        CamelContext context = start("exchange:trades?market=btc_usdt&delay=25", null);
        MockEndpoint mock = context.getEndpoint("mock:trades", MockEndpoint.class);
        mock.expectedMinimumMessageCount(300);
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(60));
        List<Long> tids = tids(mock);
        for (int i = 1; i < tids.size(); i++) {
            assertThat(tids.get(i)).as("trade %d follows %d", i, i - 1).isEqualTo(tids.get(i - 1) + 1);
        }
        assertThat(simulator.requestCount("trades")).as("many polls").isGreaterThan(5);
    }
}
