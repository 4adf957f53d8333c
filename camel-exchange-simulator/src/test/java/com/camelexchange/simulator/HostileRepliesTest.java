package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The hostile replies: a trickle (the real reply, one byte at a time) and an oversized reply (the real
 * reply behind megabytes of spaces). Both are played after the call is executed, both arrive as the
 * normal reply to a patient, uncapped client, and a client that gives up leaves the simulator serving.
 */
class HostileRepliesTest {
    private static final String TICKER = "/data/v1/ticker?market=btc_usdt";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private ReferenceClient alice;
    private String normalTicker;

    @BeforeEach
    void account() {
        simulator.get().createAccount("alice", "alice-secret");
        alice = ReferenceClient.of(simulator.get(), "alice", "alice-secret");
        alice.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1");
        // The market is quiet and the clock held still: every ticker reply is the same text.
        normalTicker = alice.get(TICKER).body();
    }

    private HttpResponse<String> placeOrder() {
        return alice.apiRaw("order", "currency", "btc_usdt", "price", "59000", "amount", "0.01", "tradeType", "1");
    }

    private int openOrders() {
        return alice.api("getUnfinishedOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1",
                "pageSize", "10").size();
    }

    @Test
    void aTrickledReplyArrivesWholeWithTheLengthOfTheWholeBody() throws IOException {
        simulator.get().faults().inject("ticker", Fault.trickle(Duration.ofMillis(5)));
        HttpResponse<String> trickled = alice.get(TICKER);
        assertThat(trickled.statusCode()).isEqualTo(200);
        assertThat(trickled.headers().firstValueAsLong("content-length"))
                .hasValue(normalTicker.getBytes(StandardCharsets.UTF_8).length);
        assertThat(trickled.body()).isEqualTo(normalTicker);
        assertThat(JSON.readTree(trickled.body()).get("ticker").has("last")).isTrue();
        assertNormalTicker(alice.get(TICKER));
    }

    @Test
    void aTrickledOrderReplyWasExecuted() throws IOException {
        simulator.get().faults().inject("order", Fault.trickle(Duration.ofMillis(2)));
        HttpResponse<String> reply = placeOrder();
        JsonNode parsed = JSON.readTree(reply.body());
        assertThat(parsed.get("code").asText()).isEqualTo("1000");
        assertThat(reply.headers().firstValueAsLong("content-length"))
                .as("bytes, not characters: the message is Chinese")
                .hasValue(reply.body().getBytes(StandardCharsets.UTF_8).length);
        assertThat(openOrders()).isEqualTo(2);
    }

    @Test
    void aClientThatGivesUpOnATrickleLeavesTheSimulatorServing() throws IOException {
        simulator.get().faults().inject("ticker", Fault.trickle(Duration.ofMillis(5)));
        try (Socket socket = open()) {
            InputStream in = socket.getInputStream();
            assertThat(head(in)).contains("content-length: " + normalTicker.length());
            assertThat(in.read()).as("the first byte of the body").isEqualTo('{');
        }
        assertNormalTicker(alice.get(TICKER));
    }

    @Test
    void anOversizedReplyIsTheNormalOneBehindSpaces() throws IOException {
        int size = 8 << 20;
        simulator.get().faults().inject("ticker", Fault.oversized(size));
        HttpResponse<String> big = alice.get(TICKER);
        assertThat(big.statusCode()).isEqualTo(200);
        assertThat(big.headers().firstValueAsLong("content-length")).hasValue(size);
        // Only small values in assertions: a failure message holding megabytes would swamp the report.
        String body = big.body();
        assertThat(body.length()).isEqualTo(size);
        int padding = size - normalTicker.length();
        assertThat(body.substring(padding)).isEqualTo(normalTicker);
        assertThat(body.chars().limit(padding).filter(c -> c != ' ').count()).as("non-spaces before the JSON")
                .isZero();
        assertThat(JSON.readTree(body)).isEqualTo(JSON.readTree(normalTicker));
        assertNormalTicker(alice.get(TICKER));
    }

    @Test
    void anOversizedOrderReplyWasExecuted() throws IOException {
        simulator.get().faults().inject("order", Fault.oversized(1 << 20));
        HttpResponse<String> reply = placeOrder();
        assertThat(reply.body().getBytes(StandardCharsets.UTF_8).length).isEqualTo(1 << 20);
        assertThat(JSON.readTree(reply.body()).get("code").asText()).isEqualTo("1000");
        assertThat(openOrders()).isEqualTo(2);
    }

    @Test
    void aSizeBelowTheBodySendsTheBodyUnpadded() {
        simulator.get().faults().inject("ticker", Fault.oversized(10));
        assertNormalTicker(alice.get(TICKER));
    }

    @Test
    void aClientThatClosesAfterOneMegabyteOfAQuarterGigabyteLeavesTheSimulatorServing() throws IOException {
        long size = 256L << 20;
        for (int i = 0; i < 2; i++) {
            simulator.get().faults().inject("ticker", Fault.oversized(size));
            try (Socket socket = open()) {
                InputStream in = socket.getInputStream();
                assertThat(head(in)).contains("content-length: " + size);
                byte[] buffer = new byte[64 * 1024];
                long read = 0;
                long notSpaces = 0;
                while (read < 1 << 20) {
                    int n = in.read(buffer, 0, (int) Math.min(buffer.length, (1 << 20) - read));
                    assertThat(n).as("the reply goes on").isPositive();
                    for (int j = 0; j < n; j++) {
                        notSpaces += buffer[j] == ' ' ? 0 : 1;
                    }
                    read += n;
                }
                assertThat(notSpaces).isZero();
            }
            assertNormalTicker(alice.get(TICKER));
        }
        assertThat(simulator.get().faults().pending("ticker")).isZero();
        assertThat(alice.api("getAccountInfo").has("result")).isTrue();
    }

    @Test
    void theNewFaultsNeedTheirParameter() {
        assertThatThrownBy(() -> Fault.of(Fault.Kind.TRICKLE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Fault.of(Fault.Kind.OVERSIZED))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Fault.trickle(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Fault.oversized(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Fault.trickle(Duration.ofMillis(5)).perByte()).isEqualTo(Duration.ofMillis(5));
        assertThat(Fault.oversized(1024).bytes()).isEqualTo(1024);
        assertThat(Fault.trickle(Duration.ofMillis(5)).kind().executes()).isTrue();
        assertThat(Fault.oversized(1024).kind().executes()).isTrue();
    }

    /** Checks the length first, so that a failure never prints a huge reply. */
    private void assertNormalTicker(HttpResponse<String> reply) {
        assertThat(reply.body().length()).as("length of a normal ticker reply").isEqualTo(normalTicker.length());
        assertThat(reply.body()).isEqualTo(normalTicker);
    }

    /** A plain socket with the ticker request sent: the test decides how much of the reply to read. */
    private Socket open() throws IOException {
        URI uri = URI.create(simulator.get().baseUrl());
        Socket socket = new Socket(uri.getHost(), uri.getPort());
        // Only a guard against a hang: no assertion depends on time.
        socket.setSoTimeout(30_000);
        // Closing aborts: a reset, not an orderly end, as a client that gives up on a reply does.
        socket.setSoLinger(true, 0);
        socket.getOutputStream().write(("GET " + TICKER + " HTTP/1.1\r\nHost: " + uri.getHost() + "\r\nUser-Agent: "
                + ReferenceClient.USER_AGENT + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        return socket;
    }

    /** The status line and headers, lower-cased, read up to the blank line. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            assertThat(b).as("the head ends").isNotNegative();
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
    }
}
