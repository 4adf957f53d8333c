package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.time.Duration;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** Signed calls over HTTP: who may call what, and what the service answers otherwise. */
class AuthenticationTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private ReferenceClient alice;

    @BeforeEach
    void accounts() {
        ExchangeSimulator sim = simulator.get();
        sim.createAccount("alice", "alice-secret");
        sim.createAccount("reader", "reader-secret", Permission.ASSET);
        sim.createAccount("trader", "trader-secret", Permission.ENTRUST);
        alice = ReferenceClient.of(sim, "alice", "alice-secret");
    }

    @Test
    void aSignedCallFromTheReferenceSucceeds() {
        JsonNode info = alice.api("getAccountInfo");
        assertThat(info.get("result").get("base").get("username").asText()).isNotBlank();
    }

    @Test
    void everyRequestForTheSignedInterfaceIsCountedWhateverCameOfIt() {
        ExchangeSimulator sim = simulator.get();
        long before = sim.signedRequestCount();
        alice.data("ticker", "market", "btc_usdt");
        assertThat(sim.signedRequestCount()).as("market data is not signed").isEqualTo(before);
        alice.api("getAccountInfo");
        ReferenceClient.of(sim, "nobody", "x").api("getAccountInfo");
        ReferenceClient.of(sim, "alice", "alice-secret").api("noSuchMethod");
        assertThat(sim.signedRequestCount()).as("refused ones too").isEqualTo(before + 3);
    }

    @Test
    void unknownKeyWrongSignatureAndMissingPermissionHaveTheirCodes() {
        ExchangeSimulator sim = simulator.get();
        assertThat(ReferenceClient.of(sim, "nobody", "x").api("getAccountInfo").get("code").asInt())
                .isEqualTo(3004);
        assertThat(ReferenceClient.of(sim, "alice", "wrong-secret").api("getAccountInfo").get("code").asInt())
                .isEqualTo(1003);

        ReferenceClient reader = ReferenceClient.of(sim, "reader", "reader-secret");
        assertThat(reader.api("getAccountInfo").has("result")).isTrue();
        assertThat(reader.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1")
                .get("code").asText()).as("no entrustPerm").isEqualTo("1012");
        assertThat(reader.api("getUserAddress", "currency", "btc").get("code").asInt()).as("no moneyPerm")
                .isEqualTo(1012);

        ReferenceClient trader = ReferenceClient.of(sim, "trader", "trader-secret");
        assertThat(trader.api("getAccountInfo").get("code").asInt()).as("no assetPerm").isEqualTo(1012);
        assertThat(trader.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1",
                "acctType", "1").get("code").asText()).as("margin needs leverPerm").isEqualTo("1012");
        assertThat(trader.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1")
                .get("code").asText()).isEqualTo("1000");
    }

    @Test
    void reqTimeMustBeWithinTheWindowOfServerTime() {
        long now = clock.millis();
        assertThat(alice.reqTime(now - 59_000).api("getAccountInfo").has("result")).isTrue();
        assertThat(alice.reqTime(now + 61_000).api("getAccountInfo").get("code").asInt()).isEqualTo(3007);
        assertThat(alice.reqTime(now - 61_000).api("getAccountInfo").get("code").asInt()).isEqualTo(3007);
        clock.advance(Duration.ofSeconds(2));
        assertThat(alice.reqTime(now + 61_000).api("getAccountInfo").has("result")).isTrue();
    }

    @Test
    void valuesAreSignedRawAndSentEncoded() {
        // Brackets, commas and quotes travel percent-encoded; the signature is over the raw text.
        JsonNode batch = alice.api("orderMoreV2", "market", "btc_usdt", "tradeType", "1",
                "tradeParams", "[[\"60000\", \"0.01\"], [59000, 0.02]]");
        assertThat(batch.get("code").asText()).as(batch.toString()).isEqualTo("1000");
        assertThat(alice.api("getUserAddress", "currency", "btc").get("code").asInt()).isEqualTo(1000);
    }

    @Test
    void aRequestWithoutUserAgentIsTurnedAway() {
        // The JDK client always adds a User-Agent of its own, so this request is written by hand.
        assertThat(statusLineWithoutUserAgent("/data/v1/ticker?market=btc_usdt")).contains(" 403 ");
        assertThat(statusLineWithoutUserAgent("/api/getAccountInfo?method=getAccountInfo")).contains(" 403 ");
        HttpResponse<String> withAgent = alice.get("/data/v1/ticker?market=btc_usdt");
        assertThat(withAgent.statusCode()).isEqualTo(200);
    }

    private String statusLineWithoutUserAgent(String path) {
        return alice.statusLineOnce(path, false);
    }

    @Test
    void unknownParametersAndMethodsAreInvalidArguments() {
        JsonNode unknownParam = alice.api("getAccountInfo", "foo", "bar");
        assertThat(unknownParam.get("code").isInt()).isTrue();
        assertThat(unknownParam.get("code").asInt()).isEqualTo(3005);
        JsonNode orderError = alice.api("order", "currency", "btc_usdt", "price", "1", "amount", "1",
                "tradeType", "1", "colour", "red");
        assertThat(orderError.get("code").isTextual()).as("trading replies carry string codes").isTrue();
        assertThat(alice.api("withdraw", "currency", "btc").get("code").asInt()).isEqualTo(3005);
        assertThat(alice.get("/nothing/here").statusCode()).isEqualTo(404);
    }
}
