package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.simulator.Fault;
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
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Polling consumers (market data, positioned, event watches) report their health: DOWN while their polls fail and
 * UP again once they recover, not ready before their first poll, and never silently dead: a JVM Error in a poll is
 * logged once, handed to the exception handler, and polling goes on.
 */
class PollingConsumerHealthTest extends ConsumerHealthTestSupport {

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
        awaitHealth("ticker", "recovered", ConsumerHealthTestSupport::isUp);
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
        awaitHealth("polled", "polled once", ConsumerHealthTestSupport::isUp);
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
            awaitHealth("trades", "polling again after the errors", ConsumerHealthTestSupport::isUp);
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
    void aPollThatGetsNoPermitIsToldOnceWithoutAStackTrace() throws Exception {
        // One permit a second for two routes polling every 20 ms, none waited for: most polls find no permit.
        String log = capturingTheLog(() -> {
            start(component -> {
                component.setMarketDataRequestsPerSecond(1);
                component.setRateLimitMaxWait(1);
            }, new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:ticker?market=" + MARKET + "&delay=20&initialDelay=0").routeId("quiet")
                            .to("mock:quiet");
                    from("exchange:depth?market=" + MARKET + "&delay=20&initialDelay=0&exceptionHandler=#failures")
                            .routeId("told").to("mock:told");
                }
            });
            for (String route : new String[] {"quiet", "told"}) {
                awaitHealth(route, "refused a permit", r -> isDown(r) && (int) r.getDetails().get("failuresInARow") >= 3);
                Object before = health(route).getDetails().get("lastSuccess");
                // A poll got a permit after them (the health check says when), and the next ones none again.
                awaitHealth(route, "polling again", r -> r.getDetails().get("lastSuccess") != null
                        && !r.getDetails().get("lastSuccess").equals(before));
                awaitHealth(route, "refused again", r -> isDown(r) && (int) r.getDetails().get("failuresInARow") >= 3);
            }
            context.stop();
        });

        assertThat(log.lines().filter(l -> l.contains("WARN"))).as("one WARN per route, not one per poll")
                .hasSize(2).allSatisfy(l -> assertThat(l).contains("ExchangeRateLimitException")
                        .contains("exchange-").containsAnyOf("route quiet", "route told"));
        assertThat(log.lines().filter(l -> l.startsWith("\tat "))).as("no stack trace").isEmpty();
        assertThat(log).contains("(route quiet): polling again after").contains("(route told): polling again after");
        assertThat(failures.failures()).as("the route's own handler still hears of each").hasSizeGreaterThan(3)
                .allSatisfy(f -> assertThat(f).isInstanceOf(ExchangeRateLimitException.class));
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
        awaitHealth("orders", "polled once", ConsumerHealthTestSupport::isUp);
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
        awaitHealth("orders", "watching", ConsumerHealthTestSupport::isUp);
        simulator.faults().inject("getOrdersIgnoreTradeType", Fault.malformedJson(), 1_000);
        awaitHealth("orders", "failing", r -> isDown(r) && (int) r.getDetails().get("failuresInARow") >= 2);
        simulator.faults().clear();
        awaitHealth("orders", "watching again", ConsumerHealthTestSupport::isUp);
    }

    @Test
    void aWithdrawalWatchTellsWhatItFollowsAndReadsDownWhileItFails() throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:withdrawals?coin=btc&delay=20&initialDelay=0&exceptionHandler=#failures")
                        .routeId("withdrawals").to("mock:withdrawals");
            }
        });
        awaitHealth("withdrawals", "watching", ConsumerHealthTestSupport::isUp);
        assertThat(health("withdrawals").getDetails()).containsEntry("operation", "withdrawals")
                .containsEntry("coin", "btc").containsKey("followedWithdrawals");
        simulator.faults().inject("getWithdrawRecord", Fault.malformedJson(), 1_000);
        awaitHealth("withdrawals", "failing", r -> isDown(r) && (int) r.getDetails().get("failuresInARow") >= 2);
        simulator.faults().clear();
        awaitHealth("withdrawals", "watching again", ConsumerHealthTestSupport::isUp);
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
}
