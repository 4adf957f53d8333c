package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Trading over the WebSocket, each signed channel's round trip against the same engine, balances and fees as REST:
 * the replies' shapes, {@code no} echoed, the order id inside a JSON string.
 */
class StreamTradingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private final List<AutoCloseable> clients = new ArrayList<>();
    private Trader restAlice;
    private Trader restBob;

    @BeforeEach
    void accounts() {
        simulator.get().createAccount("alice", "alice-secret");
        simulator.get().createAccount("bob", "bob-secret");
        restAlice = new Trader(simulator.get(), "alice");
        restBob = new Trader(simulator.get(), "bob");
    }

    @AfterEach
    void disconnect() throws Exception {
        for (AutoCloseable c : clients) {
            c.close();
        }
    }

    private TradingClient ws(String name) {
        TradingClient client = TradingClient.of(simulator.get(), name);
        clients.add(client);
        return client;
    }

    private static void success(JsonNode reply, String channel) {
        assertThat(reply.get("code").asInt()).as(reply.toString()).isEqualTo(1000);
        assertThat(reply.get("code").isNumber()).as("a number, as the WebSocket sends it").isTrue();
        assertThat(reply.get("success").asBoolean()).isTrue();
        assertThat(reply.get("channel").asText()).isEqualTo(channel);
    }

    /** The order id inside the reply's data string, read as text so that no digit is lost past 2^53. */
    private static String entrustId(JsonNode reply) throws Exception {
        assertThat(reply.get("data").isTextual()).as("JSON inside a string: " + reply).isTrue();
        String data = reply.get("data").asText();
        assertThat(data).matches("\\{\"entrustId\":\\d+}");
        return JSON.readTree(data).get("entrustId").bigIntegerValue().toString();
    }

    @Test
    void anOrderPlacedOverTheWebSocketIsTheOneRestSees() throws Exception {
        TradingClient alice = ws("alice");
        JsonNode reply = alice.call("btcusdt_order", "price", "64000", "amount", "0.5", "tradeType", "1");
        success(reply, "btcusdt_order");
        assertThat(reply.get("no").asText()).isEqualTo("1");
        String id = entrustId(reply);

        JsonNode rest = restAlice.get("btc_usdt", id);
        assertThat(rest.get("id").asText()).isEqualTo(id);
        assertThat(rest.get("total_amount").decimalValue()).isEqualByComparingTo("0.5");
        assertThat(rest.get("type").asInt()).isEqualTo(1);
        assertThat(new BigDecimal(restAlice.coin("usdt").get("freez").asText())).as("the same wallet froze the funds")
                .isEqualByComparingTo("32000");
        assertThat(simulator.get().streamRequestCount("order")).isEqualTo(1);
        assertThat(simulator.get().requestCount("order")).as("REST counts its own calls only").isZero();
    }

    @Test
    void getOrderCancelOrderAndTheListingsAnswerWithTheRestRecords() throws Exception {
        TradingClient alice = ws("alice");
        String buy = entrustId(alice.call("btcusdt_order", "price", "64000", "amount", "0.5", "tradeType", "1"));
        String sell = restAlice.place("btc_usdt", "sell", "66000", "0.25");

        JsonNode got = alice.call("btcusdt_getorder", "id", buy);
        success(got, "btcusdt_getorder");
        assertThat(got.get("data").get("id").asText()).isEqualTo(buy);
        assertThat(got.get("data").get("currency").asText()).isEqualTo("btc_usdt");
        assertThat(got.get("data").get("status").asInt()).as("pending, variant A").isEqualTo(3);
        assertThat(got.get("data").toString()).isEqualTo(restAlice.get("btc_usdt", buy).toString());

        JsonNode buys = alice.call("btcusdt_getorders", "pageIndex", "1", "tradeType", "1");
        success(buys, "btcusdt_getorders");
        assertThat(ids(buys)).containsExactly(buy);
        assertThat(ids(alice.call("btcusdt_getordersnew", "pageIndex", "1", "pageSize", "50", "tradeType", "0")))
                .containsExactly(sell);
        assertThat(ids(alice.call("btcusdt_getordersignoretradetype", "pageIndex", "1", "pageSize", "50")))
                .containsExactlyInAnyOrder(buy, sell);
        assertThat(ids(alice.call("btcusdt_getunfinishedordersignoretradetype", "pageIndex", "1", "pageSize", "50")))
                .containsExactlyInAnyOrder(buy, sell);

        JsonNode cancelled = alice.call("btcusdt_cancelorder", "id", buy);
        success(cancelled, "btcusdt_cancelorder");
        assertThat(restAlice.get("btc_usdt", buy).get("status").asInt()).isEqualTo(1);
        JsonNode again = alice.call("btcusdt_cancelorder", "id", buy);
        assertThat(again.get("code").asInt()).as("cancelled already: as over REST").isEqualTo(3001);
        assertThat(again.get("success").asBoolean()).isFalse();

        alice.call("btcusdt_cancelorder", "id", sell);
        JsonNode none = alice.call("btcusdt_getunfinishedordersignoretradetype", "pageIndex", "1", "pageSize", "10");
        assertThat(none.get("code").asInt()).as("no open order: 3001, as over REST").isEqualTo(3001);
    }

    private static List<String> ids(JsonNode listReply) {
        assertThat(listReply.get("data").isArray()).as(listReply.toString()).isTrue();
        List<String> out = new ArrayList<>();
        listReply.get("data").forEach(o -> out.add(o.get("id").asText()));
        return out;
    }

    @Test
    void accountInfoAndAddressesAnswerWithTheRestData() {
        TradingClient alice = ws("alice");
        JsonNode info = alice.call("getaccountinfo");
        success(info, "getaccountinfo");
        JsonNode usdt = null;
        for (JsonNode coin : info.get("data").get("coins")) {
            if (coin.get("key").asText().equals("usdt")) {
                usdt = coin;
            }
        }
        assertThat(usdt).isNotNull();
        assertThat(usdt.toString()).isEqualTo(restAlice.coin("usdt").toString());
        assertThat(info.get("data").get("base").get("username").asText()).isNotEmpty();

        JsonNode address = alice.call("btc_getuseraddress");
        success(address, "btc_getuseraddress");
        assertThat(address.get("data").get("key").asText()).isNotEmpty();
        JsonNode records = alice.call("btc_getwithdrawrecord", "pageIndex", "1", "pageSize", "5");
        assertThat(records.get("data").get("list")).hasSize(5);
    }

    @Test
    void aFillBetweenAWebSocketOrderAndARestOrderMovesTheSameBalancesAndFees() throws Exception {
        ExchangeSimulator sim = simulator.get();
        String resting = restBob.place("btc_usdt", "sell", "65000", "0.1");
        BigDecimal usdtBefore = new BigDecimal(restAlice.coin("usdt").get("available").asText());
        BigDecimal btcBefore = new BigDecimal(restAlice.coin("btc").get("available").asText());

        String taker = entrustId(ws("alice").call("btcusdt_order", "price", "65000", "amount", "0.1", "tradeType",
                "1"));
        assertThat(restAlice.get("btc_usdt", taker).get("status").asInt()).isEqualTo(2);
        assertThat(restBob.get("btc_usdt", resting).get("status").asInt()).isEqualTo(2);
        BigDecimal fee = sim.feesCollected("btc");
        assertThat(fee).as("the taker paid the default fee in the coin it received")
                .isEqualByComparingTo(new BigDecimal("0.1").multiply(sim.exchange().fees().taker()));
        assertThat(new BigDecimal(restAlice.coin("usdt").get("available").asText()))
                .isEqualByComparingTo(usdtBefore.subtract(new BigDecimal("6500")));
        assertThat(new BigDecimal(restAlice.coin("btc").get("available").asText()))
                .isEqualByComparingTo(btcBefore.add(new BigDecimal("0.1")).subtract(fee));
        assertThat(sim.tape("btc_usdt")).hasSize(1);
    }

    @Test
    void variantBAnswersWithItsOwnRecords() throws Exception {
        ExchangeSimulator.Builder b = ExchangeSimulator.builder();
        SimulatorFixtures.quiet(Variant.B, clock).accept(b);
        try (ExchangeSimulator sim = b.build().start()) {
            sim.createAccount("dave", "dave-secret");
            try (TradingClient dave = TradingClient.of(sim, "dave")) {
                String id = entrustId(dave.call("btcusdt_order", "price", "64000", "amount", "0.5", "tradeType", "1"));
                JsonNode record = dave.call("btcusdt_getorder", "id", id).get("data");
                assertThat(record.get("currency").asText()).as("variant B names the coin").isEqualTo("btc");
                assertThat(record.get("status").asInt()).as("pending, variant B").isZero();
                assertThat(record.has("trade_price")).isTrue();
                assertThat(record.toString()).isEqualTo(new Trader(sim, "dave").get("btc_usdt", id).toString());
            }
        }
    }

    @Test
    void accountSubscriptionsCountAgainstTheConnectionsChannelLimit() {
        ExchangeSimulator.Builder b = ExchangeSimulator.builder();
        SimulatorFixtures.quiet(Variant.A, clock).accept(b);
        try (ExchangeSimulator sim = b.streamChannelLimit(2).build().start()) {
            sim.createAccount("erin", "erin-secret");
            try (TradingClient erin = TradingClient.of(sim, "erin")) {
                erin.stream().subscribe("btcusdt_ticker");
                assertThat(erin.call("push_user_incr_asset").get("code").asInt()).isEqualTo(1000);
                JsonNode third = erin.call("push_user_incr_record");
                assertThat(third.get("code").asInt()).as(third.toString()).isEqualTo(1007);
                assertThat(third.get("no").asText()).isEqualTo("2");
                assertThat(sim.streamAccountSubscriptions("push_user_incr_record")).isZero();
                assertThat(sim.streamAccountSubscriptions("push_user_incr_asset")).isEqualTo(1);
            }
        }
    }

    @Test
    void aRequestWithoutNoIsAnsweredWithoutOne() {
        TradingClient alice = ws("alice");
        java.util.Map<String, String> frame = alice.frame("getaccountinfo");
        frame.remove("no");
        alice.send(frame);
        JsonNode reply = alice.next();
        success(reply, "getaccountinfo");
        assertThat(reply.has("no")).isFalse();
    }
}
