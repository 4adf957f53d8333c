package com.camelexchange.simulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** The request limits on a clock the test holds: 4002 per key, 4001 and the one-hour lock per IP, K-line 1/s. */
class LimitsTest {
    private final MutableClock clock = new MutableClock(T0);

    private ExchangeSimulator start(SimulatorLimits limits) {
        ExchangeSimulator.Builder b = ExchangeSimulator.builder();
        SimulatorFixtures.quiet(Variant.A, clock).accept(b);
        ExchangeSimulator sim = b.limits(limits).build().start();
        sim.createAccount("alice", "alice-secret");
        sim.createAccount("bob", "bob-secret");
        return sim;
    }

    @Test
    void variantAAllowsSixtyRequestsPerKeyPerSecond() {
        try (ExchangeSimulator sim = start(SimulatorLimits.forVariant(Variant.A))) {
            ReferenceClient alice = ReferenceClient.of(sim, "alice", "alice-secret");
            for (int i = 0; i < 60; i++) {
                assertThat(alice.api("getAccountInfo").has("result")).as("request %d", i + 1).isTrue();
            }
            assertThat(alice.api("getAccountInfo").get("code").asInt()).isEqualTo(4002);
            assertThat(sim.errorReplyCount(4002)).isEqualTo(1);
            assertThat(ReferenceClient.of(sim, "bob", "bob-secret").api("getAccountInfo").has("result"))
                    .as("the limit is per key").isTrue();
            clock.advance(Duration.ofMillis(999));
            assertThat(alice.api("getAccountInfo").get("code").asInt()).isEqualTo(4002);
            clock.advance(Duration.ofMillis(1));
            assertThat(alice.api("getAccountInfo").has("result")).isTrue();
        }
    }

    @Test
    void goingBeyondThePerIpLimitLocksTheIpForAnHour() {
        try (ExchangeSimulator sim = start(SimulatorLimits.forVariant(Variant.A).withPerIp(5))) {
            ReferenceClient alice = ReferenceClient.of(sim, "alice", "alice-secret");
            ReferenceClient bob = ReferenceClient.of(sim, "bob", "bob-secret");
            for (int i = 0; i < 5; i++) {
                assertThat(alice.api("getAccountInfo").has("result")).isTrue();
            }
            assertThat(bob.api("getAccountInfo").get("code").asInt()).isEqualTo(4001);
            clock.advance(Duration.ofMinutes(59));
            assertThat(alice.api("getAccountInfo").get("code").asInt()).as("still locked").isEqualTo(4001);
            assertThat(alice.data("ticker", "market", "btc_usdt").has("ticker")).as("market data stays open")
                    .isTrue();
            clock.advance(Duration.ofMinutes(1));
            assertThat(alice.api("getAccountInfo").has("result")).as("unlocked after the hour").isTrue();
        }
    }

    @Test
    void klineAnswersOncePerSecond() {
        try (ExchangeSimulator sim = start(SimulatorLimits.forVariant(Variant.A))) {
            ReferenceClient client = ReferenceClient.of(sim, "alice", "alice-secret");
            assertThat(client.data("kline", "market", "btc_usdt", "type", "1min").has("data")).isTrue();
            assertThat(client.data("kline", "market", "eth_usdt", "type", "1min").get("code").asInt())
                    .isEqualTo(4002);
            assertThat(client.data("ticker", "market", "btc_usdt").has("ticker")).isTrue();
            clock.advance(Duration.ofSeconds(1));
            assertThat(client.data("kline", "market", "eth_usdt", "type", "1min").has("data")).isTrue();
        }
    }

    @Test
    void limitsCanBeSwitchedOff() {
        try (ExchangeSimulator sim = start(SimulatorLimits.none())) {
            ReferenceClient alice = ReferenceClient.of(sim, "alice", "alice-secret");
            for (int i = 0; i < 100; i++) {
                assertThat(alice.api("getAccountInfo").has("result")).isTrue();
            }
        }
    }
}
