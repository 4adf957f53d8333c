package com.camelexchange.simulator;

import com.camelexchange.simulator.http.ApiService;
import com.camelexchange.simulator.market.Markets;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A simulator that serves in process only (a backtest's paper exchange) listens on no port and still answers every
 * call in process, with the same checks and counts; it is refused for a simulator that makes its own market, whose
 * synthetic traders run on the event loop it would not have.
 */
class InProcessOnlyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void servesSignedCallsInProcessWithNoPort() throws Exception {
        MutableClock clock = new MutableClock(T0);
        try (ExchangeSimulator sim = ExchangeSimulator.builder().clock(clock).externalMarket(Markets.defaults())
                .key("alice", "alice-secret").inProcessOnly().build().start()) {
            assertThatThrownBy(sim::port).isInstanceOf(IllegalStateException.class).hasMessageContaining("in process");
            assertThatThrownBy(sim::baseUrl).isInstanceOf(IllegalStateException.class);
            assertThat(sim.toString()).contains("in process only");

            String path = new ReferenceClient("http://unused.invalid", "alice", "alice-secret", clock)
                    .signedPath("getAccountInfo");
            ApiService.Reply reply = sim.inProcess().get(path, ReferenceClient.USER_AGENT);
            assertThat(reply.status()).isEqualTo(200);
            JsonNode account = JSON.readTree(reply.body());
            assertThat(account.toString()).contains("usdt");
            String badSignature = new ReferenceClient("http://unused.invalid", "alice", "wrong", clock)
                    .signedPath("getAccountInfo");
            assertThat(JSON.readTree(sim.inProcess().get(badSignature, ReferenceClient.USER_AGENT).body())
                    .get("code").asText()).isEqualTo("1003");

            assertThat(sim.inProcessRequestCount()).isEqualTo(2);
            assertThat(sim.requestCount("getAccountInfo")).as("counted by method as over HTTP").isEqualTo(2);
            assertThat(sim.errorReplyCount(1003)).isEqualTo(1);
            assertThat(sim.requestCount()).as("no HTTP request").isZero();

            sim.stop();
            assertThatThrownBy(() -> sim.inProcess().get(path, ReferenceClient.USER_AGENT))
                    .isInstanceOf(InProcessApi.NotStarted.class);
        }
    }

    @Test
    void isRefusedForASimulatorThatMakesItsOwnMarket() {
        assertThatThrownBy(() -> ExchangeSimulator.builder().inProcessOnly().build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("external market");
    }
}
