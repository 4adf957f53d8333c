package com.camelexchange.client.internal.http;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.spi.CallTransport;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The transport's deadlines with the tick that keeps their thread asleep between calls: a call whose reply trickles
 * is aborted at its own deadline whether that falls before the next tick or after it, calls that end in time leave
 * nothing queued but the tick, and a closed transport leaves nothing at all.
 */
class HttpTransportDeadlineTest {
    private static final int MAX_REPLY = 1 << 20;

    private ExchangeSimulator simulator;
    private ScheduledThreadPoolExecutor deadlines;
    private HttpTransport transport;

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(7).quiet().limits(SimulatorLimits.none()).build().start();
        deadlines = new ScheduledThreadPoolExecutor(1);
        transport = new HttpTransport(new TransportSettings(Duration.ofSeconds(5), null, 0, null, 4), deadlines);
    }

    @AfterEach
    void stop() {
        transport.close();
        deadlines.shutdownNow();
        simulator.stop();
    }

    @Test
    void aTricklingReplyIsAbortedAtADeadlineBeforeTheFirstTick() {
        assertAbortedAt(Duration.ofMillis(300));
    }

    @Test
    void aTricklingReplyIsAbortedAtADeadlineAfterTheFirstTick() {
        // The tick runs a second after the transport is made, in the middle of this call.
        assertAbortedAt(Duration.ofMillis(1500));
    }

    @Test
    void callsThatEndInTimeLeaveOnlyTheTickQueuedAndClosingLeavesNothing() {
        for (int i = 0; i < 5; i++) {
            CallTransport.Reply reply = transport.get("ticker", ticker(), ExchangeClient.Builder.DEFAULT_USER_AGENT,
                    Duration.ofSeconds(10), MAX_REPLY);
            assertThat(reply.status()).isEqualTo(200);
        }
        assertThat(deadlines.getQueue()).as("the tick alone").hasSize(1);

        transport.close();

        assertThat(deadlines.getQueue()).as("nothing once closed").isEmpty();
    }

    private void assertAbortedAt(Duration deadline) {
        // The reply's headers come at once and its body a byte every 50 ms: seconds in all.
        simulator.faults().inject("ticker", Fault.trickle(Duration.ofMillis(50)), 1);
        long start = System.nanoTime();
        assertThatThrownBy(() -> transport.get("ticker", ticker(), ExchangeClient.Builder.DEFAULT_USER_AGENT, deadline,
                MAX_REPLY)).isInstanceOfSatisfying(ExchangeTransportException.class, e -> {
                    assertThat(e.timedOut()).as("ended by its deadline").isTrue();
                    assertThat(e.requestSent()).isTrue();
                });
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("not before its deadline")
                .isGreaterThanOrEqualTo(deadline);
        assertThat(deadlines.getQueue()).as("the abort ran; the tick is left").hasSize(1);
    }

    private URI ticker() {
        return URI.create(simulator.baseUrl() + "/data/v1/ticker?market=btc_usdt");
    }
}
