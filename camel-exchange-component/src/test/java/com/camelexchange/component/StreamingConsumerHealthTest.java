package com.camelexchange.component;

import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streaming consumers report their health: not ready before their channel is subscribed, DOWN while the connection
 * is lost or never comes, while the exchange refuses the channel, and while their own work fails; a JVM Error in
 * that work is logged once and the stream goes on.
 */
class StreamingConsumerHealthTest extends ConsumerHealthTestSupport {

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

        awaitHealth("stream", "subscribed", ConsumerHealthTestSupport::isUp);
        assertThat(health("stream").getDetails()).containsEntry("mode", "streaming")
                .containsEntry("channel", "btcusdt_ticker").containsEntry("subscribed", true)
                .containsEntry("connected", true).containsEntry("address", simulator.websocketUrl());

        simulator.streamFaults().refuseUpgrade(30).dropAll();
        awaitHealth("stream", "down without its connection", r -> isDown(r)
                && r.getMessage().orElse("").contains("not connected"));
        awaitHealth("stream", "subscribed again", ConsumerHealthTestSupport::isUp);
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
            // Without a position the stream starts with its first push: the trade after the subscription.
            Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
            simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                    new BigDecimal("0.01"), Side.BUY);
            awaitHealth("stream", "down with the error", r -> isDown(r)
                    && r.getMessage().orElse("").contains("StackOverflowError"));
            awaitHealth("stream", "caught up after the errors", ConsumerHealthTestSupport::isUp);
        });
        assertThat(failing.getState("trades:" + MARKET)).isNotNull();
        assertThat(failures.failures()).hasSize(3).allSatisfy(f -> assertThat(f).isInstanceOf(StackOverflowError.class));
        assertThat(log.lines().filter(l -> l.contains("ERROR") && l.contains("StackOverflowError")))
                .as("logged once").hasSize(1);
    }

    @Test
    void aStreamTellsTheTradesPushedButNotDeliveredYetAsItsLag() throws Exception {
        CountDownLatch routeHeld = new CountDownLatch(1);
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + MARKET + "&streaming=true&exceptionHandler=#failures")
                        .routeId("stream").process(e -> routeHeld.await()).to("mock:stream");
            }
        });
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        for (int i = 0; i < 5; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                    new BigDecimal("0.01"), Side.BUY);
        }
        // The first trade is in the held route, not delivered yet, and the four behind it are known.
        awaitHealth("stream", "five trades behind", r -> Long.valueOf(5).equals(r.getDetails().get("lag")));

        routeHeld.countDown();
        awaitHealth("stream", "caught up", r -> Long.valueOf(0).equals(r.getDetails().get("lag")));
        assertThat(health("stream").getDetails().get("position"))
                .isEqualTo(simulator.exchange().lastTrade(MARKET).tid());
    }

    @Test
    void aChannelThatGoesSilentReadsDownUntilItPushesAgain() throws Exception {
        simulator.streamFaults().silenceChannel("btcusdt_ticker");
        start(component -> {
            component.setKeepAliveInterval(50);
            component.setSilenceTimeout(300);
            component.setChannelSilenceTimeout(1_000);
        }, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=" + MARKET + "&streaming=true&exceptionHandler=#failures")
                        .routeId("stream").to("mock:stream");
            }
        });
        awaitHealth("stream", "down while silent", r -> isDown(r)
                && r.getMessage().orElse("").contains("went silent"));
        assertThat(health("stream").getDetails()).containsEntry("silent", true).containsEntry("connected", true);
        assertThat((long) health("stream").getDetails().get("silences")).isPositive();

        simulator.streamFaults().serveChannel("btcusdt_ticker");
        awaitHealth("stream", "up once it pushes again", ConsumerHealthTestSupport::isUp);
        assertThat(health("stream").getDetails()).containsEntry("silent", false);
    }
}
