package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Faults of the WebSocket's replies: a reply dropped, the connection cut between a request and its reply, a reply
 * delayed, an error instead of a reply. Each is told by what happens next on the connection, never by a clock.
 */
class StreamTradingFaultsTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private final List<TradingClient> clients = new ArrayList<>();
    private Trader rest;

    @BeforeEach
    void accounts() {
        simulator.get().createAccount("alice", "alice-secret");
        rest = new Trader(simulator.get(), "alice");
    }

    @AfterEach
    void disconnect() {
        clients.forEach(TradingClient::close);
    }

    private TradingClient ws() {
        TradingClient client = TradingClient.of(simulator.get(), "alice");
        clients.add(client);
        return client;
    }

    private static String[] order() {
        return new String[] {"price", "64000", "amount", "0.1", "tradeType", "1"};
    }

    @Test
    void aDroppedReplyLeavesTheOrderPlacedAndTheConnectionOpen() {
        ExchangeSimulator sim = simulator.get();
        sim.streamFaults().injectReply("order", Fault.dropReply());
        TradingClient alice = ws();
        String dropped = alice.send(alice.frame("btcusdt_order", order()));
        JsonNode next = alice.call("getaccountinfo");

        assertThat(next.get("code").asInt()).isEqualTo(1000);
        // One context serves a connection's frames in order: had the order been answered, its reply came first.
        assertThat(alice.kept()).as("nothing else came, the order's reply least of all").isZero();
        assertThat(dropped).isEqualTo("1");
        assertThat(rest.unfinished("btc_usdt").get(0).get("total_amount").decimalValue())
                .as("carried out").isEqualByComparingTo("0.1");
        assertThat(sim.streamConnections()).isEqualTo(1);
        assertThat(sim.streamFaults().pendingReplyFaults("order")).isZero();
    }

    @Test
    void aCutBetweenTheOrderAndItsReplyClosesTheConnectionAfterTheOrderWasPlaced() {
        ExchangeSimulator sim = simulator.get();
        sim.streamFaults().injectReply("order", Fault.loseReply());
        TradingClient alice = ws();
        alice.send(alice.frame("btcusdt_order", order()));

        assertThat(alice.stream().awaitEnd()).as("no close frame").isIn(-1, 1006);
        assertThat(alice.stream().pending()).as("no reply came").isZero();
        JsonNode open = rest.unfinished("btc_usdt");
        assertThat(open).as("the order exists: only a look-up tells").hasSize(1);
        Await.until("the connection removed", () -> sim.streamConnections() == 0);

        TradingClient again = ws();
        assertThat(again.call("btcusdt_getorder", "id", open.get(0).get("id").asText()).get("data").get("id")
                .asText()).isEqualTo(open.get(0).get("id").asText());
    }

    @Test
    void aDelayedReplyIsOvertakenByTheNextOneAndStillComes() {
        ExchangeSimulator sim = simulator.get();
        sim.streamFaults().injectReply("order", Fault.delay(Duration.ofSeconds(2)));
        TradingClient alice = ws();
        String late = alice.send(alice.frame("btcusdt_order", order()));
        Await.until("the order taken", () -> sim.streamRequestCount("order") == 1);
        String prompt = alice.send(alice.frame("getaccountinfo"));

        assertThat(alice.next().get("no").asText()).as("the later request's reply first").isEqualTo(prompt);
        JsonNode reply = alice.next();
        assertThat(reply.get("no").asText()).isEqualTo(late);
        assertThat(reply.get("code").asInt()).isEqualTo(1000);
        assertThat(rest.unfinished("btc_usdt")).hasSize(1);
    }

    @Test
    void errorRepliesBeforeAndAfterExecution() {
        ExchangeSimulator sim = simulator.get();
        sim.streamFaults().injectReply("order", Fault.errorReply(1002))
                .injectReply("order", Fault.errorReplyAfterExecution(9999));
        TradingClient alice = ws();
        JsonNode before = alice.call("btcusdt_order", order());
        assertThat(before.get("code").asInt()).isEqualTo(1002);
        assertThat(before.get("no").asText()).isEqualTo("1");
        assertThat(rest.unfinished("btc_usdt").get("code").asInt()).as("not carried out").isEqualTo(3001);

        JsonNode after = alice.call("btcusdt_order", order());
        assertThat(after.get("code").asInt()).isEqualTo(9999);
        assertThat(rest.unfinished("btc_usdt")).as("carried out all the same").hasSize(1);
        assertThat(alice.call("btcusdt_order", order()).get("code").asInt()).as("faults used up").isEqualTo(1000);
    }

    @Test
    void faultsWithNoMeaningOnAWebSocketAreRefused() {
        assertThatThrownBy(() -> simulator.get().streamFaults().injectReply("order", Fault.http500()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> simulator.get().streamFaults().injectReply("order", Fault.trickle(
                Duration.ofMillis(1)))).isInstanceOf(IllegalArgumentException.class);
    }
}
