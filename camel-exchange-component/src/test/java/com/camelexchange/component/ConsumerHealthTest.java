package com.camelexchange.component;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckAware;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every kind of consumer reports its health through Camel's consumers repository ({@code consumer:<routeId>}):
 * DOWN while it fails and UP again once it recovers, not ready before its first poll or subscription, and never
 * silently dead: a JVM Error in its work is logged once, handed to the exception handler, and the work goes on.
 */
class ConsumerHealthTest {
    private static final String MARKET = "btc_usdt";

    private final ExpectedFailures failures = new ExpectedFailures();
    private ExchangeSimulator simulator;
    private DefaultCamelContext context;

    @BeforeEach
    void startSimulator() {
        simulator = ExchangeSimulator.builder().seed(21).quiet().limits(SimulatorLimits.none()).build().start();
        simulator.createAccount("alice", "alice-secret");
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        simulator.stop();
    }

    private void start(RouteBuilder routes, Object... beans) throws Exception {
        start(component -> { }, routes, beans);
    }

    private void start(Consumer<ExchangeComponent> settings, RouteBuilder routes, Object... beans) throws Exception {
        context = new DefaultCamelContext();
        HealthCheckRegistry registry = ProducerHealthChecks.installOn(context);
        registry.setExposureLevel("full");
        registry.register(new ConsumersHealthCheckRepository());
        for (int i = 0; i < beans.length; i += 2) {
            context.getRegistry().bind((String) beans[i], beans[i + 1]);
        }
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        component.getConfiguration().setReadRetries(0);
        component.setMarketDataRequestsPerSecond(0);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(100);
        settings.accept(component);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(routes);
        context.start();
    }

    private static HealthCheck.Result of(Collection<HealthCheck.Result> results, String routeId) {
        return results.stream().filter(r -> r.getCheck().getId().equals("consumer:" + routeId)).findFirst()
                .orElseThrow(() -> new AssertionError("no check consumer:" + routeId));
    }

    private HealthCheck.Result health(String routeId) {
        return of(HealthCheckHelper.invoke(context), routeId);
    }

    private void awaitHealth(String routeId, String what, Predicate<HealthCheck.Result> condition)
            throws InterruptedException {
        Await.until(20, routeId + " " + what, () -> condition.test(health(routeId)));
    }

    /** UP, and not merely because it has not polled or subscribed yet. */
    private static boolean isUp(HealthCheck.Result result) {
        return result.getState() == HealthCheck.State.UP && "UP".equals(result.getDetails().get("state"));
    }

    private static boolean isDown(HealthCheck.Result result) {
        return result.getState() == HealthCheck.State.DOWN;
    }

    @Test
    void aPollerThatKeepsFailingReadsDownAndUpAgainOnceItRecovers() throws Exception {
        simulator.faults().inject("ticker", Fault.http500(), 1_000);
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=" + MARKET + "&delay=20&initialDelay=0&exceptionHandler=#failures")
                        .routeId("ticker").to("mock:ticker");
            }
        });
        awaitHealth("ticker", "fails in a row", r -> isDown(r) && (int) r.getDetails().get("failuresInARow") >= 2);
        HealthCheck.Result down = health("ticker");
        assertThat(down.getMessage()).hasValueSatisfying(m -> assertThat(m).contains("polls failed in a row"));
        assertThat(down.getError()).isPresent();
        assertThat(down.getDetails()).containsEntry("mode", "polling").containsEntry("operation", "ticker")
                .containsEntry("market", MARKET).doesNotContainKey("lastSuccess");
        assertThat(failures.failures()).as("each failed poll told to the exception handler").isNotEmpty();

        simulator.faults().clear();
        awaitHealth("ticker", "recovered", ConsumerHealthTest::isUp);
        assertThat(health("ticker").getDetails()).containsEntry("failuresInARow", 0).containsKey("lastSuccess");
        assertThat(HealthCheckHelper.invoke(context).toString()).doesNotContain("alice-secret");
    }

    @Test
    void readinessWaitsForTheFirstSuccessfulPoll() throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=" + MARKET + "&initialDelay=3600000").routeId("later")
                        .to("mock:later");
                from("exchange:ticker?market=" + MARKET + "&delay=20&initialDelay=0").routeId("polled")
                        .to("mock:polled");
            }
        });
        awaitHealth("polled", "polled once", ConsumerHealthTest::isUp);
        assertThat(of(HealthCheckHelper.invokeReadiness(context), "polled").getState())
                .isEqualTo(HealthCheck.State.UP);

        HealthCheck.Result notReady = of(HealthCheckHelper.invokeReadiness(context), "later");
        assertThat(notReady.getState()).isEqualTo(HealthCheck.State.DOWN);
        assertThat(notReady.getMessage()).hasValueSatisfying(m -> assertThat(m).contains("starting"));
        assertThat(notReady.getDetails()).containsEntry("state", "STARTING");
        assertThat(health("later").getState()).as("not polled yet is not failing, as Camel's pollers")
                .isEqualTo(HealthCheck.State.UP);
    }

    @Test
    void anErrorInAPollIsLoggedOnceReportedAndPollingGoesOn() throws Exception {
        // The state repository is the user's: here it runs out of memory on its first five writes.
        AtomicInteger errorsLeft = new AtomicInteger(5);
        MemoryStateRepository failing = new MemoryStateRepository() {
            @Override
            public void setState(String key, String value) {
                if (errorsLeft.getAndDecrement() > 0) {
                    throw new OutOfMemoryError("simulated: Java heap space");
                }
                super.setState(key, value);
            }
        };
        String log = capturingTheLog(() -> {
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + MARKET + "&delay=20&initialDelay=0&stateRepository=#failing"
                         + "&exceptionHandler=#failures").routeId("trades").to("mock:trades");
                }
            }, "failing", failing);
            awaitHealth("trades", "down with the error", r -> isDown(r)
                    && r.getMessage().orElse("").contains("OutOfMemoryError"));
            awaitHealth("trades", "polling again after the errors", ConsumerHealthTest::isUp);
        });

        assertThat(failing.getState("trades:" + MARKET)).as("the position, stored once the repository recovered")
                .isNotNull();
        assertThat(failures.failures()).hasSize(5).allSatisfy(f -> assertThat(f)
                .isInstanceOf(RuntimeCamelException.class).hasCauseInstanceOf(OutOfMemoryError.class));
        assertThat(log.lines().filter(l -> l.contains("ERROR") && l.contains("OutOfMemoryError")))
                .as("logged once, not once per poll").hasSize(1).allSatisfy(l -> assertThat(l)
                        .contains("exchange-trades-" + MARKET).contains("route trades"));
    }

    @Test
    void anOrderWatchTellsWhatItFollowsAndWhatIsLeftForTheNextPoll() throws Exception {
        User alice = simulator.exchange().key("alice").user();
        for (int i = 0; i < 5; i++) {
            simulator.exchange().place(alice, OrderCommand.limit(MARKET, Side.BUY, new BigDecimal(50_000 + i),
                    new BigDecimal("0.01")));
        }
        AtomicInteger delivered = new AtomicInteger();
        start(new RouteBuilder() {
            @Override
            public void configure() {
                // One poll only: what it leaves waits for a next poll that this test does not wait for.
                from("exchange:orders?market=" + MARKET + "&maxEventsPerPoll=2&initialDelay=0&delay=3600000")
                        .routeId("orders").process(e -> delivered.incrementAndGet());
            }
        });
        awaitHealth("orders", "polled once", ConsumerHealthTest::isUp);
        assertThat(delivered).hasValue(2);
        assertThat(health("orders").getDetails()).containsEntry("followedOrders", 5).containsEntry("lag", 3)
                .containsEntry("catchingUp", true).containsEntry("operation", "orders");
    }

    @Test
    void anEventWatchThatKeepsFailingReadsDown() throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:orders?market=" + MARKET + "&delay=20&initialDelay=0&exceptionHandler=#failures")
                        .routeId("orders").to("mock:orders");
            }
        });
        awaitHealth("orders", "watching", ConsumerHealthTest::isUp);
        simulator.faults().inject("getOrdersIgnoreTradeType", Fault.malformedJson(), 1_000);
        awaitHealth("orders", "failing", r -> isDown(r) && (int) r.getDetails().get("failuresInARow") >= 2);
        simulator.faults().clear();
        awaitHealth("orders", "watching again", ConsumerHealthTest::isUp);
    }

    @Test
    void aStreamIsNotReadyBeforeItsChannelIsSubscribedAndDownWhileItsConnectionIsLost() throws Exception {
        simulator.streamFaults().refuseUpgrade(10);
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=" + MARKET + "&streaming=true&exceptionHandler=#failures")
                        .routeId("stream").to("mock:stream");
            }
        });
        HealthCheck.Result connecting = of(HealthCheckHelper.invokeReadiness(context), "stream");
        assertThat(connecting.getState()).isEqualTo(HealthCheck.State.DOWN);
        assertThat(connecting.getMessage()).hasValueSatisfying(m -> assertThat(m).contains("not subscribed yet"));

        awaitHealth("stream", "subscribed", ConsumerHealthTest::isUp);
        assertThat(health("stream").getDetails()).containsEntry("mode", "streaming")
                .containsEntry("channel", "btcusdt_ticker").containsEntry("subscribed", true)
                .containsEntry("connected", true).containsEntry("address", simulator.websocketUrl());

        simulator.streamFaults().refuseUpgrade(30).dropAll();
        awaitHealth("stream", "down without its connection", r -> isDown(r)
                && r.getMessage().orElse("").contains("not connected"));
        awaitHealth("stream", "subscribed again", ConsumerHealthTest::isUp);
        assertThat((long) health("stream").getDetails().get("reconnects")).isPositive();
    }

    @Test
    void aStreamThatCannotConnectReadsDownOnceItShouldHaveBeenSubscribed() throws Exception {
        simulator.streamFaults().refuseUpgrade(1_000_000);
        start(component -> {
            component.setSilenceTimeout(300);
            component.setConnectTimeout(300);
        }, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=" + MARKET + "&streaming=true&exceptionHandler=#failures")
                        .routeId("stream").to("mock:stream");
            }
        });
        awaitHealth("stream", "down", r -> isDown(r)
                && r.getMessage().orElse("").contains("not subscribed") && r.getMessage().get().contains("after"));
        assertThat(health("stream").getDetails()).containsEntry("subscribed", false).containsEntry("connected", false);
    }

    @Test
    void aRefusedChannelReadsDown() throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=nope_usdt&streaming=true&exceptionHandler=#failures")
                        .routeId("stream").to("mock:stream");
            }
        });
        awaitHealth("stream", "refused", r -> isDown(r) && r.getMessage().orElse("").contains("refused"));
        assertThat(health("stream").getMessage()).hasValueSatisfying(m -> assertThat(m).contains("nopeusdt_ticker")
                .contains("1007"));
    }

    @Test
    void anErrorInAStreamsWorkIsLoggedOnceAndTheStreamGoesOn() throws Exception {
        AtomicInteger errorsLeft = new AtomicInteger(3);
        MemoryStateRepository failing = new MemoryStateRepository() {
            @Override
            public void setState(String key, String value) {
                if (errorsLeft.getAndDecrement() > 0) {
                    throw new StackOverflowError("simulated");
                }
                super.setState(key, value);
            }
        };
        String log = capturingTheLog(() -> {
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + MARKET + "&streaming=true&stateRepository=#failing"
                         + "&exceptionHandler=#failures").routeId("stream").to("mock:stream");
                }
            }, "failing", failing);
            awaitHealth("stream", "down with the error", r -> isDown(r)
                    && r.getMessage().orElse("").contains("StackOverflowError"));
            awaitHealth("stream", "caught up after the errors", ConsumerHealthTest::isUp);
        });
        assertThat(failing.getState("trades:" + MARKET)).isNotNull();
        assertThat(failures.failures()).hasSize(3).allSatisfy(f -> assertThat(f).isInstanceOf(StackOverflowError.class));
        assertThat(log.lines().filter(l -> l.contains("ERROR") && l.contains("StackOverflowError")))
                .as("logged once").hasSize(1);
    }

    @Test
    void aComponentCanSwitchItsConsumerChecksOff() throws Exception {
        context = new DefaultCamelContext();
        HealthCheckRegistry registry = ProducerHealthChecks.installOn(context);
        registry.setExposureLevel("full");
        registry.register(new ConsumersHealthCheckRepository());
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setHealthCheckConsumerEnabled(false);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=" + MARKET + "&initialDelay=3600000").routeId("ticker").to("mock:t");
                from("exchange:ticker?market=" + MARKET + "&streaming=true").routeId("stream").to("mock:s");
            }
        });
        context.start();
        for (String route : new String[] {"ticker", "stream"}) {
            assertThat(((HealthCheckAware) context.getRoute(route).getConsumer()).getHealthCheck()).isNotNull()
                    .satisfies(check -> assertThat(check.isEnabled()).as(route).isFalse());
        }
    }

    /**
     * Runs {@code action} and returns what it logged: slf4j-simple writes to the standard error, captured here so
     * that the expected failures stay out of the build's output, or to the file a surefire execution names.
     */
    private static String capturingTheLog(ThrowingRunnable action) throws Exception {
        String file = System.getProperty("org.slf4j.simpleLogger.logFile");
        if (file != null && !file.startsWith("System.")) {
            long before = Files.size(Path.of(file));
            action.run();
            try (InputStream in = Files.newInputStream(Path.of(file))) {
                in.skipNBytes(before);
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
