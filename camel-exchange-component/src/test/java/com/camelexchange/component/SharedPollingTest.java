package com.camelexchange.component;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.Exchange;
import org.apache.camel.Route;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultScheduledPollConsumerScheduler;
import org.apache.camel.support.ScheduledPollConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Polling consumers of one component spend the exchange's budget on distinct data, not on routes: routes reading
 * the same data share one request, ticker routes of many markets share one {@code allTicker}, and all polls run on
 * the component's few threads. Each route still gets its own message, with its own options. Routes here poll once
 * an hour and have their first poll started by the test once every route runs, so the counts are exact.
 */
class SharedPollingTest {
    private static final String MARKET = "btc_usdt";

    private final Map<String, List<Exchange>> received = new ConcurrentHashMap<>();
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

    /** A simulator whose market moves only when a test moves it; {@code quiet}: no history, empty books. */
    private void simulator(boolean quiet, List<MarketSpec> markets) {
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder().seed(11).activity(false)
                .limits(SimulatorLimits.none());
        if (quiet) {
            builder.quiet();
        }
        if (markets != null) {
            builder.markets(markets);
        }
        simulator = builder.build().start();
    }

    /** Starts the routes; with {@code firstPollByTest}, their schedulers only once all of them run. */
    private void start(Consumer<ExchangeComponent> settings, boolean firstPollByTest, String... uris)
            throws Exception {
        context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setMarketDataRequestsPerSecond(0);
        settings.accept(component);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < uris.length; i++) {
                    String id = "r" + i;
                    from(uris[i] + (firstPollByTest ? "&startScheduler=false" : "")).routeId(id)
                            .process(e -> received.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(e));
                }
            }
        });
        context.start();
        if (firstPollByTest) {
            for (Route route : context.getRoutes()) {
                ((ScheduledPollConsumer) route.getConsumer()).startScheduler();
            }
        }
    }

    private List<Exchange> of(int route) {
        return received.getOrDefault("r" + route, List.of());
    }

    private void awaitEach(int routes, int messages) throws InterruptedException {
        Await.until(20, "every route's first messages", () -> {
            for (int i = 0; i < routes; i++) {
                if (of(i).size() < messages) {
                    return false;
                }
            }
            return true;
        });
    }

    private static List<MarketSpec> markets(int count) {
        List<MarketSpec> specs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            specs.add(new MarketSpec("c" + i + "_usdt", 2, 4, new BigDecimal("0.0001"), BigDecimal.ONE,
                    new BigDecimal(100 + i)));
        }
        return specs;
    }

    @Test
    void tickerRoutesOfManyMarketsAreServedByOneAllTicker() throws Exception {
        int count = 20;
        List<MarketSpec> markets = markets(count);
        simulator(true, markets);
        String[] uris = markets.stream().map(m -> "exchange:ticker?market=" + m.name() + "&delay=3600000&initialDelay=0")
                .toArray(String[]::new);
        start(c -> { }, true, uris);
        awaitEach(count, 1);

        assertThat(simulator.requestCount("allTicker")).as("one allTicker for all of them").isEqualTo(1);
        assertThat(simulator.requestCount("ticker")).as("no ticker of their own").isZero();
        for (int i = 0; i < count; i++) {
            Ticker ticker = of(i).get(0).getMessage().getBody(Ticker.class);
            assertThat(ticker.market()).as("route %d got its own market", i).isEqualTo(markets.get(i).name());
            assertThat(of(i).get(0).getMessage().getHeader(ExchangeConstants.MARKET)).isEqualTo(ticker.market());
            assertThat(ticker.date()).as("the time the allTicker reply arrived").isNotNull()
                    .isEqualTo(of(0).get(0).getMessage().getBody(Ticker.class).date());
        }
    }

    @Test
    void routesReadingTheSameDataShareOneRequest() throws Exception {
        simulator(false, null);
        long since = simulator.tape(MARKET).get(simulator.tape(MARKET).size() - 120).tid();
        List<String> uris = new ArrayList<>();
        // Routes of one endpoint URI are refused by Camel: theirs differ in their delay, an hour or more.
        for (int i = 0; i < 4; i++) {
            uris.add("exchange:ticker?market=" + MARKET + "&delay=" + (3600000 + i) + "&initialDelay=0");
        }
        for (int i = 0; i < 4; i++) {
            uris.add("exchange:depth?market=" + MARKET + "&size=10&delay=" + (3600000 + i) + "&initialDelay=0");
        }
        uris.add("exchange:depth?market=" + MARKET + "&size=20&delay=3600000&initialDelay=0");
        for (int i = 0; i < 3; i++) {
            uris.add("exchange:trades?market=" + MARKET + "&since=" + since + "&delay=" + (3600000 + i)
                     + "&initialDelay=0&stateKey=trades" + i);
        }
        long twoHoursAgo = System.currentTimeMillis() - 2 * 3_600_000;
        for (int i = 0; i < 3; i++) {
            uris.add("exchange:kline?market=" + MARKET + "&type=15min&since=" + twoHoursAgo + "&delay=" + (3600000 + i)
                     + "&initialDelay=0&stateKey=kline" + i);
        }
        start(c -> { }, true, uris.toArray(String[]::new));
        awaitEach(9, 1);
        Await.until(20, "the candles on every kline route", () -> of(12).size() >= 7 && of(13).size() >= 7
                && of(14).size() >= 7);
        Await.until(20, "every trade on every trades route", () -> of(9).size() == 119 && of(10).size() == 119
                && of(11).size() == 119);

        assertThat(simulator.requestCount("ticker")).as("four routes, one market: one request").isEqualTo(1);
        assertThat(simulator.requestCount("allTicker")).as("one market alone is cheaper by ticker").isZero();
        assertThat(simulator.requestCount("depth")).as("one per book asked for: size 10 and size 20").isEqualTo(2);
        assertThat(simulator.requestCount("trades")).as("three routes at one position share the three pages")
                .isEqualTo(3);
        assertThat(simulator.requestCount("kline")).as("three routes at one position share one K-line read")
                .isEqualTo(1);
        Depth book = of(4).get(0).getMessage().getBody(Depth.class);
        for (int i = 5; i < 8; i++) {
            assertThat(of(i).get(0).getMessage().getBody(Depth.class)).isEqualTo(book);
        }
        assertThat(book.bids()).hasSizeLessThanOrEqualTo(10);
        for (int i = 9; i < 12; i++) {
            assertThat(of(i)).extracting(e -> e.getMessage().getBody(Trade.class).tid())
                    .containsExactlyElementsOf(simulator.tape(MARKET).stream().map(t -> t.tid()).filter(t -> t > since)
                            .toList());
        }
    }

    @Test
    void marketsAndAllTickerRoutesShareTheirReadsAndTickerRoutesRideOnIt() throws Exception {
        simulator(false, null);
        List<String> uris = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            uris.add("exchange:markets?delay=" + (3600000 + i) + "&initialDelay=0");
        }
        for (int i = 0; i < 2; i++) {
            uris.add("exchange:allTicker?delay=" + (3600000 + i) + "&initialDelay=0");
        }
        uris.add("exchange:ticker?market=" + MARKET + "&delay=3600000&initialDelay=0");
        start(c -> { }, true, uris.toArray(String[]::new));
        awaitEach(6, 1);

        // One read for the three routes; the market list the component checks and maps names with is taken from
        // it when it came first, else read once of its own. Without sharing: one a route.
        assertThat(simulator.requestCount("markets")).as("three markets routes and the component's own list")
                .isBetween(1L, 2L);
        assertThat(simulator.requestCount("allTicker")).as("two allTicker routes").isEqualTo(1);
        assertThat(simulator.requestCount("ticker")).as("a ticker route served by the allTicker read anyway")
                .isZero();
        assertThat(of(5).get(0).getMessage().getBody(Ticker.class).last())
                .isEqualByComparingTo(simulator.exchange().lastTrade(MARKET).price());
    }

    @Test
    void aRouteNeverGetsTheSameReplyTwice() throws Exception {
        simulator(false, null);
        // Greedy: after the poll that emitted the ticker, the next comes at once; it must ask the exchange again
        // (nothing changed, so it emits nothing and the greedy run ends), not take the reply it already had.
        start(c -> { }, false, "exchange:ticker?market=" + MARKET + "&delay=3600000&initialDelay=0&greedy=true"
                               + "&onlyChanges=true");
        awaitEach(1, 1);
        Await.until(20, "the greedy poll", () -> simulator.requestCount("ticker") >= 2);
        assertThat(simulator.requestCount("ticker")).isEqualTo(2);
        assertThat(of(0)).hasSize(1);
    }

    @Test
    void onlyChangesStaysPerRoute() throws Exception {
        simulator(true, null);
        start(c -> { }, false, "exchange:ticker?market=" + MARKET + "&delay=10&initialDelay=0&onlyChanges=true",
                "exchange:ticker?market=" + MARKET + "&delay=10&initialDelay=0");
        awaitEach(2, 1);
        Await.until(20, "more polls of both", () -> of(1).size() >= 10);
        assertThat(of(0)).as("nothing changed since its first ticker").hasSize(1);

        var exchange = simulator.exchange();
        exchange.place(exchange.createUser("trader", true),
                OrderCommand.limit(MARKET, Side.BUY, new BigDecimal("64990"), new BigDecimal("0.1")));
        Await.until(20, "the change", () -> of(0).size() == 2);
        assertThat(of(0).get(1).getMessage().getBody(Ticker.class).buy()).isEqualByComparingTo("64990");
    }

    @Test
    void aHundredPollingRoutesRunOnTheComponentsFewThreads() throws Exception {
        simulator(false, null);
        List<String> uris = new ArrayList<>();
        String[] names = {"btc_usdt", "eth_usdt", "ltc_usdt", "xrp_usdt", "ltc_btc", "eth_btc"};
        for (int i = 0; i < 100; i++) {
            uris.add("exchange:" + (i % 2 == 0 ? "ticker" : "depth") + "?market=" + names[i % names.length]
                     + "&delay=" + (3600000 + i) + "&initialDelay=0");
        }
        int before = ManagementFactory.getThreadMXBean().getThreadCount();
        start(c -> c.setPollThreads(3), false, uris.toArray(String[]::new));
        awaitEach(100, 1);
        int added = ManagementFactory.getThreadMXBean().getThreadCount() - before;
        assertThat(added).as("pollThreads, plus the component's and Camel's own few").isLessThanOrEqualTo(3 + 5);
    }

    @Test
    void aRouteThatBringsItsOwnSchedulerPollsOnIt() throws Exception {
        simulator(false, null);
        ScheduledExecutorService mine = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "mine-poller"));
        ScheduledExecutorService theirs = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "their-poller"));
        try {
            context = new DefaultCamelContext();
            context.getRegistry().bind("mine", mine);
            context.getRegistry().bind("theirScheduler", new DefaultScheduledPollConsumerScheduler(theirs));
            ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
            component.getConfiguration().setBaseUrl(simulator.baseUrl());
            List<String> threads = new CopyOnWriteArrayList<>();
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:ticker?market=" + MARKET + "&delay=3600000&initialDelay=0"
                         + "&scheduledExecutorService=#mine").process(e -> threads.add(Thread.currentThread().getName()));
                    from("exchange:markets?delay=3600000&initialDelay=0&scheduler=#theirScheduler")
                            .process(e -> threads.add(Thread.currentThread().getName()));
                    from("exchange:depth?market=" + MARKET + "&delay=3600000&initialDelay=0")
                            .process(e -> threads.add(Thread.currentThread().getName()));
                }
            });
            context.start();
            Await.until(20, "all three polled", () -> threads.size() == 3);
            assertThat(threads).contains("mine-poller", "their-poller")
                    .anySatisfy(t -> assertThat(t).contains("ExchangePolls"));
        } finally {
            context.stop();
            mine.shutdownNow();
            theirs.shutdownNow();
        }
    }
}
