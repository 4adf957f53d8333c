package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The account pushes, {@code push_user_incr_record} and {@code push_user_incr_asset}: every change of the account's
 * orders, in order and numbered, and the balances each operation changed, as REST reads them afterwards.
 */
class StreamAccountPushesTest {
    private static final String RECORDS = "push_user_incr_record";
    private static final String ASSETS = "push_user_incr_asset";
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private final List<TradingClient> clients = new ArrayList<>();
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
    void disconnect() {
        clients.forEach(TradingClient::close);
    }

    private TradingClient subscribed(String name) {
        TradingClient client = TradingClient.of(simulator.get(), name);
        clients.add(client);
        JsonNode records = client.call(RECORDS, "market", "btcusdt");
        assertThat(records.get("code").asInt()).as(records.toString()).isEqualTo(1000);
        assertThat(records.get("market").asText()).isEqualTo("btcusdt");
        assertThat(records.has("dataType")).as("an answer, not a push").isFalse();
        assertThat(client.call(ASSETS).get("code").asInt()).isEqualTo(1000);
        return client;
    }

    private static Map<String, JsonNode> coins(JsonNode assetPush) {
        Map<String, JsonNode> out = new HashMap<>();
        assetPush.get("coins").forEach(c -> out.put(c.get("key").asText(), c));
        return out;
    }

    @Test
    void aRestingOrderAndItsFillArePushedInOrderWithTheBalancesTheyChanged() {
        ExchangeSimulator sim = simulator.get();
        TradingClient alice = subscribed("alice");
        assertThat(sim.streamAccountSubscriptions(RECORDS)).isEqualTo(1);

        String id = restAlice.place("btc_usdt", "sell", "65000", "0.1");
        JsonNode placed = alice.push(RECORDS);
        assertThat(placed.get("dataType").asText()).isEqualTo("userIncrRecord");
        assertThat(placed.get("market").asText()).isEqualTo("btcusdt");
        assertThat(placed.get("seq").asLong()).isEqualTo(1);
        assertThat(placed.get("record").get("id").asText()).isEqualTo(id);
        assertThat(placed.get("record").get("status").asInt()).isEqualTo(3);
        assertThat(placed.get("record").get("trade_amount").decimalValue()).isZero();
        JsonNode frozen = alice.push(ASSETS);
        assertThat(frozen.get("dataType").asText()).isEqualTo("userIncrAsset");
        assertThat(coins(frozen).keySet()).as("only what changed: the btc frozen for the sell").containsExactly("btc");
        assertThat(new BigDecimal(coins(frozen).get("btc").get("freez").asText())).isEqualByComparingTo("0.1");

        restBob.place("btc_usdt", "buy", "65000", "0.1");
        JsonNode filled = alice.push(RECORDS);
        assertThat(filled.get("seq").asLong()).isEqualTo(2);
        assertThat(filled.get("record").get("status").asInt()).isEqualTo(2);
        assertThat(filled.get("record").get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
        assertThat(filled.get("record").get("trade_money").decimalValue()).isEqualByComparingTo("6500");
        assertThat(filled.get("record").toString()).as("the record REST answers now")
                .isEqualTo(restAlice.get("btc_usdt", id).toString());
        Map<String, JsonNode> moved = coins(alice.push(ASSETS));
        assertThat(moved.keySet()).containsExactlyInAnyOrder("btc", "usdt");
        JsonNode usdt = restAlice.coin("usdt");
        assertThat(moved.get("usdt").get("available").asText()).as("fees included, written as REST writes it")
                .isEqualTo(usdt.get("available").asText());
        assertThat(moved.get("usdt").get("freez").asText()).isEqualTo(usdt.get("freez").asText());
        assertThat(new BigDecimal(moved.get("btc").get("freez").asText())).isZero();
        assertThat(new BigDecimal(moved.get("btc").get("available").asText()))
                .isEqualByComparingTo(restAlice.coin("btc").get("available").asText());
    }

    @Test
    void anOrderPlacedOverTheSameConnectionIsAnsweredBeforeItIsPushed() throws Exception {
        TradingClient alice = subscribed("alice");
        String no = alice.send(alice.frame("btcusdt_order", "price", "60000", "amount", "0.2", "tradeType", "1"));
        JsonNode reply = alice.next();
        assertThat(reply.get("no").asText()).isEqualTo(no);
        JsonNode push = alice.next();
        assertThat(push.get("channel").asText()).isEqualTo(RECORDS);
        assertThat(reply.get("data").asText()).contains(push.get("record").get("id").asText());
        assertThat(alice.next().get("channel").asText()).isEqualTo(ASSETS);
    }

    @Test
    void anotherAccountsChangesAndOtherMarketsAreNotPushed() {
        TradingClient alice = subscribed("alice");
        restBob.place("btc_usdt", "buy", "60000", "0.1");
        restAlice.place("eth_usdt", "buy", "3000", "1");
        String mine = restAlice.place("btc_usdt", "buy", "60000", "0.1");
        JsonNode first = alice.next();
        assertThat(first.get("channel").asText()).as("the eth order changed usdt").isEqualTo(ASSETS);
        assertThat(new BigDecimal(coins(first).get("usdt").get("freez").asText())).isEqualByComparingTo("3000");
        JsonNode record = alice.next();
        assertThat(record.get("record").get("id").asText()).as("bob's order and the eth order are not pushed here")
                .isEqualTo(mine);
        assertThat(record.get("seq").asLong()).as("alice's first change in btc_usdt").isEqualTo(1);
    }

    @Test
    void ordersPlacedConcurrentlyArePushedOnceEachInTheirOrderWithoutAGap() throws Exception {
        TradingClient alice = subscribed("alice");
        int threads = 4;
        int perThread = 10;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    Trader trader = new Trader(simulator.get(), "alice");
                    for (int i = 0; i < perThread; i++) {
                        trader.place("btc_usdt", "buy", "50000", "0.01");
                    }
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<Long> recordSeqs = new ArrayList<>();
        List<Long> assetSeqs = new ArrayList<>();
        java.util.Set<String> ids = new java.util.HashSet<>();
        while (recordSeqs.size() < threads * perThread || assetSeqs.size() < threads * perThread) {
            JsonNode push = alice.next();
            if (push.get("channel").asText().equals(RECORDS)) {
                recordSeqs.add(push.get("seq").asLong());
                ids.add(push.get("record").get("id").asText());
            } else {
                assetSeqs.add(push.get("seq").asLong());
            }
        }
        assertThat(recordSeqs).as("each order once, numbered in the order pushed")
                .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, threads * perThread)
                        .boxed().toList());
        assertThat(ids).hasSize(threads * perThread);
        assertThat(assetSeqs).isSorted().doesNotHaveDuplicates();
        assertThat(assetSeqs.get(assetSeqs.size() - 1) - assetSeqs.get(0)).as("no gap")
                .isEqualTo(threads * perThread - 1L);
        assertThat(alice.call("getaccountinfo").get("code").asInt()).isEqualTo(1000);
        assertThat(alice.kept()).as("nothing more pushed").isZero();
    }

    @Test
    void aCancelIsPushedAndUnsubscribingStopsThePushes() {
        ExchangeSimulator sim = simulator.get();
        TradingClient alice = subscribed("alice");
        String id = restAlice.place("btc_usdt", "buy", "60000", "0.1");
        alice.push(RECORDS);
        alice.push(ASSETS);
        restAlice.cancel("btc_usdt", id);
        JsonNode cancelled = alice.push(RECORDS);
        assertThat(cancelled.get("record").get("status").asInt()).isEqualTo(1);
        assertThat(cancelled.get("seq").asLong()).isEqualTo(2);
        assertThat(new BigDecimal(coins(alice.push(ASSETS)).get("usdt").get("freez").asText())).isZero();

        alice.stream().send("{\"event\":\"removeChannel\",\"channel\":\"" + RECORDS + "\",\"market\":\"btcusdt\"}");
        alice.stream().send("{\"event\":\"removeChannel\",\"channel\":\"" + ASSETS + "\"}");
        Await.until("unsubscribed", () -> sim.streamAccountSubscriptions(RECORDS) == 0
                && sim.streamAccountSubscriptions(ASSETS) == 0);
        restAlice.place("btc_usdt", "buy", "60000", "0.1");
        assertThat(alice.call("getaccountinfo").get("code").asInt()).isEqualTo(1000);
        assertThat(alice.kept()).as("nothing pushed before the reply").isZero();
    }
}
