package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The signature of WebSocket frames, its test vectors in our form and in the form of the service's SDK, the
 * refusals with the service's codes (every one echoing {@code no}), and one per-key budget with REST.
 */
class StreamTradingAuthenticationTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private final List<TradingClient> clients = new ArrayList<>();

    @BeforeEach
    void accounts() {
        simulator.get().createAccount("alice", "alice-secret");
    }

    @AfterEach
    void disconnect() {
        clients.forEach(TradingClient::close);
    }

    private TradingClient ws(String accessKey, String secret) {
        TradingClient client = new TradingClient(simulator.get(), accessKey, secret);
        clients.add(client);
        return client;
    }

    // ---------------------------------------------------------------- vectors

    /** The published REST vectors (secret empty) hold for the signer these tests use. */
    @Test
    void theSignerMeetsThePublishedVectors() {
        assertThat(ReferenceClient.sign("", "accesskey=&method=getAccountInfo"))
                .isEqualTo("925e6275cf00a52351b9d7748edb7416");
        assertThat(ReferenceClient.sign("", "accesskey=&amount=1&currency=xrp_usdt&method=order&price=1&tradeType=1"))
                .isEqualTo("0353d01150b0a1371a6d0118ec520bb3");
        assertThat(ReferenceClient.sign("", "accesskey=&currency=xrp_usdt&id=1&method=cancelOrder"))
                .isEqualTo("0615e741609535a3667823e7f8ca561b");
        assertThat(ReferenceClient.sign("", "accesskey=&currency=ltc_btc&method=getOrders&pageIndex=1&tradeType=1"))
                .isEqualTo("7fe797e208cf3176f87814025938eb9f");
        assertThat(ReferenceClient.sign("", "accesskey=&currency=btc&method=getUserAddress"))
                .isEqualTo("128e673774546c24f4429ab794312299");
    }

    /**
     * The same keys signed as WebSocket frames: the vectors were computed with Python's hmac module; the SDK's
     * form (its Python client joins {@code "key":"value"} pairs by hand and pads an HMAC of its own) gives them too.
     */
    @Test
    void frameVectorsInOurFormAndInTheSdksForm() {
        Map<String, String> account = Map.of("accesskey", "", "channel", "getaccountinfo", "event", "addChannel");
        Map<String, String> order = Map.of("accesskey", "", "amount", "1", "channel", "xrpusdt_order",
                "event", "addChannel", "no", "1", "price", "1", "tradeType", "1");
        Map<String, String> cancel = Map.of("accesskey", "", "channel", "xrpusdt_cancelorder",
                "event", "addChannel", "id", "1", "no", "2");
        assertThat(TradingClient.signedText(account))
                .isEqualTo("{\"accesskey\":\"\",\"channel\":\"getaccountinfo\",\"event\":\"addChannel\"}");
        Map<Map<String, String>, String> vectors = Map.of(account, "759106335b1470ee68aef68d579b3e13",
                order, "ec96bd360f7c89e1330e8c96ddd880b7", cancel, "918377153c771a513f864dbc642f4dd7");
        vectors.forEach((frame, sign) -> {
            assertThat(ReferenceClient.sign("", TradingClient.signedText(frame))).as("ours").isEqualTo(sign);
            assertThat(SdkForm.sign("", frame)).as("the SDK's").isEqualTo(sign);
        });
    }

    /** The SDK's Python client: text joined by hand, HMAC-MD5 written out with its 64-byte pads. */
    private static final class SdkForm {
        static String sign(String secret, Map<String, String> params) {
            List<String> pairs = new ArrayList<>();
            new TreeMap<>(params).forEach((k, v) -> pairs.add("\"" + k + "\":\"" + v + "\""));
            String text = "{" + String.join(",", pairs) + "}";
            byte[] key = HexFormat.of().formatHex(digest("SHA-1", secret.getBytes(StandardCharsets.UTF_8)))
                    .getBytes(StandardCharsets.US_ASCII);
            byte[] ipad = new byte[64];
            byte[] opad = new byte[64];
            for (int i = 0; i < 64; i++) {
                byte k = i < key.length ? key[i] : 0;
                ipad[i] = (byte) (k ^ 0x36);
                opad[i] = (byte) (k ^ 0x5c);
            }
            byte[] inner = digest("MD5", concat(ipad, text.getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(digest("MD5", concat(opad, inner)));
        }

        private static byte[] concat(byte[] a, byte[] b) {
            byte[] out = new byte[a.length + b.length];
            System.arraycopy(a, 0, out, 0, a.length);
            System.arraycopy(b, 0, out, a.length, b.length);
            return out;
        }

        private static byte[] digest(String algorithm, byte[] data) {
            try {
                return MessageDigest.getInstance(algorithm).digest(data);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void aFrameSignedInTheSdksFormWithAnEmptySecretIsAccepted() {
        simulator.get().createAccount("vectors", "");
        TradingClient client = ws("vectors", "");
        Map<String, String> frame = client.frame("getaccountinfo");
        frame.put("sign", SdkForm.sign("", frame));
        JsonNode reply = client.reply(client.sendRaw(TradingClient.json(frame), frame.get("no")));
        assertThat(reply.get("code").asInt()).as(reply.toString()).isEqualTo(1000);
    }

    // ---------------------------------------------------------------- refusals

    private static void refused(JsonNode reply, int code, String no) {
        assertThat(reply.get("code").asInt()).as(reply.toString()).isEqualTo(code);
        assertThat(reply.get("success").asBoolean()).isFalse();
        assertThat(reply.get("no").asText()).as("no echoed").isEqualTo(no);
    }

    @Test
    void aWrongSignatureAndAnyOtherFormThanSortedStringsAreRefusedWith1003() {
        TradingClient alice = ws("alice", "alice-secret");

        Map<String, String> wrong = alice.frame("getaccountinfo");
        wrong.put("sign", "0123456789abcdef0123456789abcdef");
        refused(alice.reply(alice.sendRaw(TradingClient.json(wrong), wrong.get("no"))), 1003, wrong.get("no"));

        Map<String, String> unsorted = alice.frame("getaccountinfo");
        unsorted.put("sign", ReferenceClient.sign("alice-secret", TradingClient.json(unsorted)));
        refused(alice.reply(alice.sendRaw(TradingClient.json(unsorted), unsorted.get("no"))), 1003,
                unsorted.get("no"));

        Map<String, String> spaced = alice.frame("getaccountinfo");
        spaced.put("sign", ReferenceClient.sign("alice-secret",
                TradingClient.signedText(spaced).replace(",", ", ").replace(":", ": ")));
        refused(alice.reply(alice.sendRaw(TradingClient.json(spaced), spaced.get("no"))), 1003, spaced.get("no"));

        Map<String, String> restForm = alice.frame("getaccountinfo");
        restForm.put("sign", ReferenceClient.sign("alice-secret", ReferenceClient.signedText(restForm)));
        refused(alice.reply(alice.sendRaw(TradingClient.json(restForm), restForm.get("no"))), 1003,
                restForm.get("no"));

        // A number where a string belongs: signed as the client saw it, it cannot be the sorted-strings text.
        Map<String, String> numeric = alice.frame("btcusdt_order", "price", "64000", "amount", "0.1",
                "tradeType", "1");
        numeric.put("sign", ReferenceClient.sign("alice-secret", TradingClient.signedText(numeric)));
        String text = TradingClient.json(numeric).replace("\"tradeType\":\"1\"", "\"tradeType\":1");
        refused(alice.reply(alice.sendRaw(text, numeric.get("no"))), 1003, numeric.get("no"));

        Map<String, String> unsigned = alice.frame("getaccountinfo");
        refused(alice.reply(alice.sendRaw(TradingClient.json(unsigned), unsigned.get("no"))), 1003,
                unsigned.get("no"));
        assertThat(simulator.get().errorReplyCount(1003)).isEqualTo(6);
        assertThat(simulator.get().account("alice").user().spot().balance("usdt").frozen()).isZero();
    }

    @Test
    void missingOrUnknownFieldsKeysMarketsAndPermissionsAreRefusedWithTheServicesCodes() {
        TradingClient alice = ws("alice", "alice-secret");
        JsonNode noPrice = alice.call("btcusdt_order", "amount", "0.1", "tradeType", "1");
        refused(noPrice, 3005, noPrice.get("no").asText());
        assertThat(noPrice.get("channel").asText()).isEqualTo("btcusdt_order");

        JsonNode extra = alice.call("getaccountinfo", "reqTime", "1");
        refused(extra, 3005, extra.get("no").asText());
        JsonNode customerId = alice.call("btcusdt_order", "price", "64000", "amount", "0.1", "tradeType", "1",
                "customerOrderId", "abcd1234");
        refused(customerId, 3005, customerId.get("no").asText());

        JsonNode market = alice.call("dogeusdt_order", "price", "1", "amount", "1", "tradeType", "1");
        refused(market, 3005, market.get("no").asText());
        assertThat(market.get("channel").asText()).isEqualTo("dogeusdt_order");

        JsonNode badPrice = alice.call("btcusdt_order", "price", "64000.123", "amount", "0.1", "tradeType", "1");
        refused(badPrice, 3002, badPrice.get("no").asText());

        JsonNode noKey = ws("mallory", "mallory-secret").call("getaccountinfo");
        refused(noKey, 3004, noKey.get("no").asText());

        simulator.get().createAccount("reader", "reader-secret", Permission.ASSET);
        TradingClient reader = ws("reader", "reader-secret");
        assertThat(reader.call("getaccountinfo").get("code").asInt()).isEqualTo(1000);
        JsonNode order = reader.call("btcusdt_order", "price", "64000", "amount", "0.1", "tradeType", "1");
        refused(order, 1012, order.get("no").asText());
        JsonNode push = reader.call("push_user_incr_record", "market", "btcusdt");
        refused(push, 1012, push.get("no").asText());
    }

    @Test
    void overlongValuesAreRefusedWithoutEchoingThem() {
        TradingClient alice = ws("alice", "alice-secret");
        String huge = "9".repeat(5000);
        JsonNode reply = alice.call("btcusdt_getorder", "id", huge);
        refused(reply, 3005, reply.get("no").asText());
        assertThat(reply.get("message").asText()).doesNotContain(huge.substring(0, 200));
    }

    // ---------------------------------------------------------------- one budget

    @Test
    void restAndWebSocketOrdersSpendOneBudgetPerKey() {
        try (ExchangeSimulator sim = limited()) {
            ReferenceClient rest = ReferenceClient.of(sim, "carol", "carol-secret");
            try (TradingClient ws = new TradingClient(sim, "carol", "carol-secret")) {
                for (int i = 0; i < 3; i++) {
                    assertThat(rest.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01",
                            "tradeType", "1").get("code").asText()).isEqualTo("1000");
                    assertThat(ws.call("btcusdt_order", "price", "60000", "amount", "0.01", "tradeType", "1")
                            .get("code").asInt()).isEqualTo(1000);
                }
                JsonNode overWs = ws.call("btcusdt_order", "price", "60000", "amount", "0.01", "tradeType", "1");
                assertThat(overWs.get("code").asInt()).as("the seventh call, over the WebSocket").isEqualTo(4002);
                assertThat(rest.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01",
                        "tradeType", "1").get("code").asText()).as("and over REST").isEqualTo("4002");
                assertThat(sim.account("carol").user().spot().balance("usdt").frozen())
                        .as("six orders placed, no more").isEqualByComparingTo("3600");

                clock.advance(Duration.ofHours(1));
                assertThat(ws.call("getaccountinfo").get("code").asInt()).as("a fresh window").isEqualTo(1000);
            }
        }
    }

    /** Six calls an hour per key, on the clock the test holds. */
    private ExchangeSimulator limited() {
        ExchangeSimulator.Builder b = ExchangeSimulator.builder();
        SimulatorFixtures.quiet(Variant.A, clock).accept(b);
        SimulatorLimits limits = SimulatorLimits.forVariant(Variant.A).withPerKey(6);
        ExchangeSimulator sim = b.limits(new SimulatorLimits(limits.perKey(), Duration.ofHours(1), limits.perIp(),
                limits.ipWindow(), limits.ipLock(), limits.klinePerWindow(), limits.klineWindow())).build().start();
        sim.createAccount("carol", "carol-secret");
        return sim;
    }
}
