package com.camelexchange.simulator;

import com.camelexchange.simulator.http.ApiService;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The API in process meets the checks of the API over HTTP, one copy of them: the same request, signed and encoded as
 * on the wire, gets the same reply on both roads, refusals included; only HTTP counts as an HTTP request, and only
 * HTTP plays faults.
 */
class InProcessApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private ReferenceClient alice;

    @BeforeEach
    void accounts() {
        simulator.get().createAccount("alice", "alice-secret");
        simulator.get().createAccount("reader", "reader-secret", Permission.ASSET);
        alice = ReferenceClient.of(simulator.get(), "alice", "alice-secret");
    }

    @Test
    void anUnknownKeyABadSignatureAndAnExpiredReqTimeAreRefusedAsOverHttp() throws Exception {
        ExchangeSimulator sim = simulator.get();
        String unknownKey = ReferenceClient.of(sim, "nobody", "x").signedPath("getAccountInfo");
        String badSignature = ReferenceClient.of(sim, "alice", "wrong-secret").signedPath("getAccountInfo");
        String expired = ReferenceClient.of(sim, "alice", "alice-secret").reqTime(clock.millis() - 61_000)
                .signedPath("getAccountInfo");
        String noPermission = ReferenceClient.of(sim, "reader", "reader-secret").signedPath("order",
                "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1");

        assertThat(refusedAlike(unknownKey)).isEqualTo("3004 User does not exist");
        assertThat(refusedAlike(badSignature)).isEqualTo("1003 Verification failed");
        assertThat(refusedAlike(expired)).isEqualTo("3007 Request time expired");
        assertThat(refusedAlike(noPermission)).isEqualTo("1012 Insufficient permissions: entrustPerm");
        assertThat(sim.errorReplyCount(1003)).as("counted by code on both roads").isEqualTo(2);
    }

    @Test
    void valuesAreDecodedAsOverHttpSoTheirSignatureHolds() throws Exception {
        // Brackets, quotes, commas and spaces travel percent-encoded, '+' as %2B, UTF-8 as its bytes; the signature
        // is over the raw text, so it holds only where the query is decoded as the HTTP server decodes it.
        String batch = alice.signedPath("orderMoreV2", "market", "btc_usdt", "tradeType", "1",
                "tradeParams", "[[\"60000\", \"0.01\"], [59000, 0.02]]");
        JsonNode placed = JSON.readTree(simulator.get().inProcess().get(batch, ReferenceClient.USER_AGENT).body());
        assertThat(placed.get("code").asText()).as(placed.toString()).isEqualTo("1000");

        // Decoded otherwise, the value would fail the signature (1003) before its name is found unknown (3005).
        String oddValue = alice.signedPath("getAccountInfo", "colour", "a b+c/é;%&=1 + 1");
        assertThat(refusedAlike(oddValue)).isEqualTo("3005 Invalid Arguments: unknown parameter 'colour'");
        // A pair starting with '=' names what follows it, on both roads.
        assertThat(refusedAlike(alice.signedPath("getAccountInfo") + "&=colour")).isNotBlank();
    }

    @Test
    void noUserAgentAndUnknownPathsAreRefusedAsOverHttp() {
        ApiService.Reply blocked = simulator.get().inProcess().get(alice.signedPath("getAccountInfo"), null);
        assertThat(blocked.status()).isEqualTo(403);
        assertThat(blocked.body()).contains("Request blocked.");
        assertThat(simulator.get().inProcess().get("/nothing/here", ReferenceClient.USER_AGENT).status())
                .isEqualTo(404);
        assertThat(simulator.get().inProcess().get("/data/v1/noSuchOperation", ReferenceClient.USER_AGENT).status())
                .isEqualTo(alice.get("/data/v1/noSuchOperation").statusCode()).isEqualTo(404);
    }

    @Test
    void onlyHttpCallsAreHttpRequestsAndOnlyTheyMeetFaults() throws Exception {
        ExchangeSimulator sim = simulator.get();
        sim.faults().inject("getAccountInfo", Fault.of(Fault.Kind.HTTP_500));
        long http = sim.signedRequestCount();

        ApiService.Reply inProcess = sim.inProcess().get(alice.signedPath("getAccountInfo"), ReferenceClient.USER_AGENT);
        assertThat(inProcess.status()).isEqualTo(200);
        assertThat(JSON.readTree(inProcess.body()).get("result").get("coins").isArray()).isTrue();
        assertThat(sim.signedRequestCount()).as("no HTTP request").isEqualTo(http);
        assertThat(sim.inProcessRequestCount()).isEqualTo(1);
        assertThat(sim.requestCount("getAccountInfo")).as("counted by method").isEqualTo(1);

        assertThat(alice.apiRaw("getAccountInfo").statusCode()).as("the fault stayed for HTTP").isEqualTo(500);
        assertThat(sim.signedRequestCount()).isEqualTo(http + 1);
    }

    @Test
    void aStoppedSimulatorServesNothingInProcess() {
        InProcessApi api = simulator.get().inProcess();
        String path = alice.signedPath("getAccountInfo");
        simulator.get().stop();
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> api.get(path, ReferenceClient.USER_AGENT)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not started");
    }

    /** The code and message of the reply on both roads, which must be the same reply. */
    private String refusedAlike(String signedPath) throws Exception {
        HttpResponse<String> overHttp = alice.get(signedPath);
        ApiService.Reply inProcess = simulator.get().inProcess().get(signedPath, ReferenceClient.USER_AGENT);
        assertThat(inProcess.status()).isEqualTo(overHttp.statusCode()).isEqualTo(200);
        assertThat(inProcess.contentType()).isEqualTo(overHttp.headers().firstValue("content-type").orElseThrow());
        assertThat(inProcess.body()).isEqualTo(overHttp.body());
        JsonNode reply = JSON.readTree(inProcess.body());
        return reply.get("code").asText() + " " + reply.get("message").asText();
    }
}
