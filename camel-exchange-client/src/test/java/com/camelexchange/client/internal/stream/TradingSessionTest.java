package com.camelexchange.client.internal.stream;

import com.camelexchange.client.Await;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The trading session against the simulator's WebSocket, frames unsigned (each is answered with a refusal that
 * echoes its {@code no}, which is all the session needs): the bound on calls in flight, and a lost connection.
 */
class TradingSessionTest {
    private ExchangeSimulator simulator;
    private ScheduledExecutorService timer;
    private TradingSession session;

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(3).quiet().limits(SimulatorLimits.none()).build().start();
        timer = Executors.newSingleThreadScheduledExecutor();
        // No keepalive within a test: its pings would be held with the calls' frames.
        StreamSettings settings = new StreamSettings(Duration.ofHours(1), Duration.ofHours(1), Duration.ofMillis(500),
                Duration.ofSeconds(5), Duration.ofSeconds(5), 1 << 20, Duration.ofMinutes(1));
        session = new TradingSession(URI.create(simulator.websocketUrl()),
                HttpClient.newBuilder().executor(StreamSessions.ON_ARRIVAL).build(), timer,
                "{\"channel\":\"ping\",\"event\":\"addChannel\"}", settings, 2, closed -> { });
    }

    @AfterEach
    void stop() {
        session.close();
        timer.shutdownNow();
        simulator.stop();
    }

    private static String frame(String no) {
        return "{\"accesskey\":\"nobody\",\"channel\":\"getaccountinfo\",\"event\":\"addChannel\",\"no\":\"" + no
               + "\",\"sign\":\"00\"}";
    }

    private CompletableFuture<String> callLater(String no) {
        return CompletableFuture.supplyAsync(() -> session.call("getAccountInfo", no, frame(no),
                Duration.ofSeconds(60)));
    }

    @Test
    void atMostTheBoundIsInFlightAndACallThatGetsNoSlotInTimeSendsNothing() throws Exception {
        simulator.streamFaults().holdClientFrames();
        String first = session.nextNo();
        String second = session.nextNo();
        CompletableFuture<String> a = callLater(first);
        CompletableFuture<String> b = callLater(second);
        Await.until("both frames reached the exchange", () -> simulator.streamFaults().clientFramesHeld() == 2);

        String third = session.nextNo();
        assertThatThrownBy(() -> session.call("getAccountInfo", third, frame(third), Duration.ofMillis(200)))
                .isInstanceOfSatisfying(ExchangeTransportException.class,
                        noSlot -> assertThat(noSlot.requestSent()).isFalse());

        simulator.streamFaults().releaseClientFrames();
        assertThat(a.get(30, TimeUnit.SECONDS)).contains("\"no\":\"" + first + "\"");
        assertThat(b.get(30, TimeUnit.SECONDS)).contains("\"no\":\"" + second + "\"");
        assertThat(simulator.streamRequestCount("getaccountinfo")).as("the third never went out").isEqualTo(2);
        assertThat(session.inFlight()).isZero();
    }

    @Test
    void aLostConnectionFailsTheCallsWaitingOnItAsSentAndTheNextCallConnectsAgain() throws Exception {
        simulator.streamFaults().holdClientFrames();
        String no = session.nextNo();
        CompletableFuture<String> waiting = callLater(no);
        Await.until("the frame reached the exchange", () -> simulator.streamFaults().clientFramesHeld() == 1);

        simulator.streamFaults().dropAll();

        assertThatThrownBy(() -> waiting.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).cause()
                .isInstanceOfSatisfying(ExchangeTransportException.class,
                        lost -> assertThat(lost.requestSent()).isTrue());
        simulator.streamFaults().releaseClientFrames();
        String next = session.nextNo();
        assertThat(session.call("getAccountInfo", next, frame(next), Duration.ofSeconds(30)))
                .contains("\"no\":\"" + next + "\"");
        assertThat(simulator.streamConnectionsOpened()).isEqualTo(2);
    }

    @Test
    void afterCloseNothingIsSent() {
        session.close();
        String no = session.nextNo();
        assertThatThrownBy(() -> session.call("getAccountInfo", no, frame(no), Duration.ofSeconds(5)))
                .isInstanceOfSatisfying(ExchangeTransportException.class,
                        closed -> assertThat(closed.requestSent()).isFalse());
        assertThat(simulator.streamConnectionsOpened()).isZero();
    }
}
