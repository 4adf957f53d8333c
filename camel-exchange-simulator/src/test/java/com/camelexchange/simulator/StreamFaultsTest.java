package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Faults of the WebSocket interface: dropped connections, stalls, malformed frames, refused upgrades. */
class StreamFaultsTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock).andThen(ExchangeSimulator.Builder::noFees));

    private final List<StreamClient> clients = new ArrayList<>();
    private ReferenceClient maker;
    private ReferenceClient taker;

    @BeforeEach
    void accounts() {
        ExchangeSimulator sim = simulator.get();
        maker = ReferenceClient.forNewAccount(sim, "maker");
        taker = ReferenceClient.forNewAccount(sim, "taker");
    }

    @AfterEach
    void disconnect() {
        clients.forEach(StreamClient::close);
    }

    private StreamClient subscribedToTrades() {
        StreamClient client = StreamClient.connect(simulator.get());
        clients.add(client);
        int before = simulator.get().streamSubscriptions("btcusdt_trades");
        client.subscribe("btcusdt_trades");
        Await.until("subscribed", () -> simulator.get().streamSubscriptions("btcusdt_trades") == before + 1);
        return client;
    }

    /** One trade of 0.01 BTC at {@code price}; returns its tid. */
    private long trade(String price) {
        assertThat(maker.api("order", "currency", "btc_usdt", "price", price, "amount", "0.01", "tradeType", "0")
                .get("code").asText()).isEqualTo("1000");
        assertThat(taker.api("order", "currency", "btc_usdt", "price", price, "amount", "0.01", "tradeType", "1")
                .get("code").asText()).isEqualTo("1000");
        return simulator.get().exchange().lastTrade("btc_usdt").tid();
    }

    private static List<Long> tids(JsonNode push) {
        List<Long> out = new ArrayList<>();
        push.get("data").forEach(t -> out.add(t.get("tid").asLong()));
        return out;
    }

    @Test
    void dropAllClosesEveryConnectionWithoutAHandshakeAndNewOnesAreAccepted() {
        ExchangeSimulator sim = simulator.get();
        StreamClient first = subscribedToTrades();
        StreamClient second = subscribedToTrades();
        assertThat(sim.streamConnections()).isEqualTo(2);

        sim.streamFaults().dropAll();
        assertThat(first.awaitEnd()).as("no close frame: the client sees a broken connection").isIn(-1, 1006);
        assertThat(second.awaitEnd()).isIn(-1, 1006);
        Await.until("connections dropped", () -> sim.streamConnections() == 0);
        assertThat(sim.streamSubscriptions("btcusdt_trades")).isZero();

        StreamClient again = subscribedToTrades();
        long tid = trade("65000");
        assertThat(tids(again.next("btcusdt_trades"))).containsExactly(tid);
        assertThat(sim.streamConnectionsOpened()).isEqualTo(3);
    }

    @Test
    void aStallSendsNothingAndDropsWhatWasDueWithoutClosing() {
        ExchangeSimulator sim = simulator.get();
        StreamClient ws = subscribedToTrades();
        sim.streamFaults().stall(Duration.ofMinutes(5));
        assertThat(sim.streamFaults().stalled()).isTrue();
        trade("65000");
        ws.ping();
        Await.until("the trades push and the pong swallowed", () -> sim.streamFaults().framesSwallowed() == 2);
        sim.streamFaults().resume();

        long after = trade("65001");
        ws.ping();
        assertThat(tids(ws.next("btcusdt_trades"))).as("the stalled trade is not replayed").containsExactly(after);
        assertThat(ws.next().get("channel").asText()).isEqualTo("pong");
        assertThat(ws.pending()).isZero();
        assertThat(sim.streamConnections()).isEqualTo(1);
    }

    @Test
    void heldClientFramesAreTakenInOrderOnceReleasedAndWhatHappenedMeanwhileIsNotPushed() {
        ExchangeSimulator sim = simulator.get();
        StreamClient ws = StreamClient.connect(sim);
        clients.add(ws);
        sim.streamFaults().holdClientFrames();
        ws.subscribe("btcusdt_trades").ping();
        Await.until("the subscription and the ping held", () -> sim.streamFaults().clientFramesHeld() == 2);
        trade("65000");
        assertThat(sim.streamSubscriptions("btcusdt_trades")).as("not taken while held").isZero();

        sim.streamFaults().releaseClientFrames();
        assertThat(ws.next().get("channel").asText()).as("the ping, after the subscription").isEqualTo("pong");
        assertThat(sim.streamSubscriptions("btcusdt_trades")).as("taken before the pong was sent").isEqualTo(1);
        long after = trade("65001");
        assertThat(tids(ws.next("btcusdt_trades"))).as("the trade made while held is not pushed")
                .containsExactly(after);
        assertThat(ws.pending()).isZero();
        assertThat(sim.streamFaults().clientFramesHeld()).as("nothing held once released").isEqualTo(2);
    }

    @Test
    void aStallEndsByItself() {
        ExchangeSimulator sim = simulator.get();
        StreamClient ws = subscribedToTrades();
        sim.streamFaults().stall(Duration.ofMillis(50));
        Await.until("the stall is over", () -> !sim.streamFaults().stalled());
        assertThat(ws.ping().next().get("channel").asText()).isEqualTo("pong");
    }

    @Test
    void aMalformedFrameReplacesTheNextPushAndItsTradesAreLost() {
        ExchangeSimulator sim = simulator.get();
        StreamClient ws = subscribedToTrades();
        sim.streamFaults().malformedFrame();
        StreamClient joinsLater = subscribedToTrades();
        long lost = trade("65000");

        String malformed = ws.nextText();
        assertThat(malformed).startsWith("{\"dataType\":\"trades\",\"data\":[{").doesNotContain(Long.toString(lost));
        assertThat(tids(joinsLater.next("btcusdt_trades"))).as("opened after the fault: untouched")
                .containsExactly(lost);

        long next = trade("65001");
        assertThat(tids(ws.next("btcusdt_trades"))).containsExactly(next);
        assertThat(sim.streamConnections()).isEqualTo(2);
    }

    @Test
    void refusedUpgradesAnswer503UntilTheCountIsSpent() {
        ExchangeSimulator sim = simulator.get();
        sim.streamFaults().refuseUpgrade(2);
        for (int i = 0; i < 2; i++) {
            Throwable refused = catchThrowable(() -> HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create(sim.websocketUrl()), new WebSocket.Listener() { }).join());
            assertThat(refused).isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(WebSocketHandshakeException.class);
            assertThat(((WebSocketHandshakeException) refused.getCause()).getResponse().statusCode()).isEqualTo(503);
        }
        StreamClient accepted = StreamClient.connect(sim);
        clients.add(accepted);
        assertThat(accepted.ping().next().get("channel").asText()).isEqualTo("pong");
        assertThat(sim.streamConnectionsOpened()).isEqualTo(1);
    }
}
