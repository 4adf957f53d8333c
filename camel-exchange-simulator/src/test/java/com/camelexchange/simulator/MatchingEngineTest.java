package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Duration;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** The matching engine and the balances it moves, driven over HTTP in variant A. */
class MatchingEngineTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private ReferenceClient alice;
    private ReferenceClient bob;
    private ReferenceClient carol;

    @BeforeEach
    void accounts() {
        ExchangeSimulator sim = simulator.get();
        sim.createAccount("alice", "alice-secret");
        sim.createAccount("bob", "bob-secret");
        sim.createAccount("carol", "carol-secret");
        alice = ReferenceClient.of(sim, "alice", "alice-secret");
        bob = ReferenceClient.of(sim, "bob", "bob-secret");
        carol = ReferenceClient.of(sim, "carol", "carol-secret");
    }

    private String place(ReferenceClient client, String price, String amount, String tradeType, String... extra) {
        String[] args = new String[8 + extra.length];
        String[] base = {"currency", "btc_usdt", "price", price, "amount", amount, "tradeType", tradeType};
        System.arraycopy(base, 0, args, 0, 8);
        System.arraycopy(extra, 0, args, 8, extra.length);
        JsonNode reply = client.api("order", args);
        assertThat(reply.get("code").asText()).as(reply.toString()).isEqualTo("1000");
        assertThat(reply.get("code").isTextual()).isTrue();
        return reply.get("id").asText();
    }

    private JsonNode order(ReferenceClient client, String id) {
        return client.api("getOrder", "currency", "btc_usdt", "id", id);
    }

    private JsonNode coin(ReferenceClient client, String key) {
        for (JsonNode c : client.api("getAccountInfo").get("result").get("coins")) {
            if (c.get("key").asText().equals(key)) {
                return c;
            }
        }
        throw new AssertionError("no coin " + key);
    }

    @Test
    void bestPriceFillsFirstThenTheEarliestOrderAtOnePrice() {
        String first = place(alice, "65000", "0.1", "0");
        clock.advance(Duration.ofMillis(10));
        String second = place(bob, "65000", "0.1", "0");
        String better = place(bob, "64990", "0.1", "0");
        place(carol, "65000", "0.15", "1");

        assertThat(order(bob, better).get("status").asInt()).isEqualTo(2);
        JsonNode firstAtPrice = order(alice, first);
        assertThat(firstAtPrice.get("status").asInt()).isEqualTo(3);
        assertThat(firstAtPrice.get("trade_amount").decimalValue()).isEqualByComparingTo("0.05");
        assertThat(firstAtPrice.get("trade_money").decimalValue()).isEqualByComparingTo("3250");
        assertThat(order(bob, second).get("trade_amount").decimalValue()).isEqualByComparingTo("0");
    }

    @Test
    void fundsAreFrozenOnPlacementMovedByFillsAndReleasedOnCancel() {
        String sell = place(alice, "65000.00", "0.5", "0");
        assertThat(coin(alice, "btc").get("available").asText()).isEqualTo("9.50000000");
        assertThat(coin(alice, "btc").get("freez").asText()).isEqualTo("0.50000000");

        // Bob bids above the ask: he trades at the maker's price and gets the difference back. Each side
        // pays the default 0.2% fee out of what it receives: Bob 0.0004 BTC, Alice 26 USDT.
        place(bob, "65100", "0.2", "1");
        assertThat(coin(bob, "btc").get("available").asText()).isEqualTo("10.19960000");
        assertThat(coin(bob, "usdt").get("available").asText()).isEqualTo("987000.00000000");
        assertThat(coin(bob, "usdt").get("freez").asText()).isEqualTo("0.00000000");
        assertThat(coin(alice, "usdt").get("available").asText()).isEqualTo("1012974.00000000");
        assertThat(coin(alice, "btc").get("freez").asText()).isEqualTo("0.30000000");

        JsonNode cancel = alice.api("cancelOrder", "currency", "btc_usdt", "id", sell);
        assertThat(cancel.get("code").asText()).isEqualTo("1000");
        assertThat(coin(alice, "btc").get("available").asText()).isEqualTo("9.80000000");
        assertThat(coin(alice, "btc").get("freez").asText()).isEqualTo("0.00000000");
        // Variant A: cancelled after a partial fill reads as 2.
        assertThat(order(alice, sell).get("status").asInt()).isEqualTo(2);
        // A second cancel finds no pending order.
        assertThat(alice.api("cancelOrder", "currency", "btc_usdt", "id", sell).get("code").asText())
                .isEqualTo("3001");
    }

    @Test
    void anUntouchedCancelledOrderReadsAsCancelled() {
        String id = place(alice, "60000", "0.01", "1");
        assertThat(order(alice, id).get("status").asInt()).isEqualTo(3);
        alice.api("cancelOrder", "currency", "btc_usdt", "id", id);
        JsonNode record = order(alice, id);
        assertThat(record.get("status").asInt()).isEqualTo(1);
        assertThat(record.get("currency").asText()).isEqualTo("btc_usdt");
        assertThat(record.get("id").isTextual()).isTrue();
        assertThat(record.get("type").asInt()).isEqualTo(1);
        assertThat(record.get("trade_date").asLong()).isEqualTo(T0.toEpochMilli());
        assertThat(record.get("total_amount").decimalValue()).isEqualByComparingTo("0.01");
        assertThat(record.has("trade_price")).isFalse();
    }

    @Test
    void postOnlyIsRefusedWhenItWouldTradeAndRestsOtherwise() {
        place(alice, "65000", "0.1", "0");
        JsonNode crossing = bob.api("order", "currency", "btc_usdt", "price", "65000", "amount", "0.1",
                "tradeType", "1", "orderType", "1");
        assertThat(crossing.get("code").asText()).isEqualTo("3011");
        assertThat(coin(bob, "usdt").get("freez").asText()).isEqualTo("0.00000000");
        String resting = place(bob, "64999.99", "0.1", "1", "orderType", "1");
        assertThat(order(bob, resting).get("status").asInt()).isEqualTo(3);
    }

    @Test
    void iocFillsWhatItCanAndCancelsTheRest() {
        place(alice, "65000", "0.1", "0");
        String ioc = place(bob, "65000", "0.3", "1", "orderType", "2");
        JsonNode record = order(bob, ioc);
        assertThat(record.get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
        assertThat(record.get("status").asInt()).isEqualTo(2);
        assertThat(coin(bob, "usdt").get("freez").asText()).isEqualTo("0.00000000");
        assertThat(simulator.get().account("bob").available("usdt")).isEqualByComparingTo("993500");
        JsonNode missed = order(bob, place(bob, "1000", "0.01", "1", "orderType", "2"));
        assertThat(missed.get("status").asInt()).isEqualTo(1);
    }

    @Test
    void customerOrderIdsAreUniquePerAccountAndFindTheOrder() {
        place(alice, "60000", "0.01", "1", "customerOrderId", "grid0001");
        JsonNode dup = alice.api("order", "currency", "btc_usdt", "price", "60001", "amount", "0.01",
                "tradeType", "1", "customerOrderId", "grid0001");
        assertThat(dup.get("code").asText()).isEqualTo("3012");
        // Another account may use the same id.
        place(bob, "60000", "0.01", "1", "customerOrderId", "grid0001");

        JsonNode byCid = alice.api("getOrder", "currency", "btc_usdt", "customerOrderId", "grid0001");
        assertThat(byCid.get("price").decimalValue()).isEqualByComparingTo("60000");
        assertThat(alice.api("cancelOrder", "currency", "btc_usdt", "customerOrderId", "grid0001")
                .get("code").asText()).isEqualTo("1000");
        assertThat(alice.api("getOrder", "currency", "btc_usdt", "customerOrderId", "grid0001")
                .get("status").asInt()).isEqualTo(1);

        assertThat(alice.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1",
                "customerOrderId", "ab").get("code").asText()).isEqualTo("3005");
        assertThat(alice.api("getOrder", "currency", "btc_usdt", "id", "1", "customerOrderId", "grid0001")
                .get("code").asInt()).isEqualTo(3005);
    }

    @Test
    void scalesMinimumsAndFundsAreEnforced() {
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "65000.001", "amount", "0.1",
                "tradeType", "1"))).isEqualTo("3002");
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "-1", "amount", "0.1",
                "tradeType", "1"))).isEqualTo("3002");
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "65000", "amount", "0.00001",
                "tradeType", "1"))).isEqualTo("3003");
        assertThat(code(alice.api("order", "currency", "xrp_usdt", "price", "0.5", "amount", "0.5",
                "tradeType", "1"))).isEqualTo("3003");
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "1000", "amount", "0.0001",
                "tradeType", "1"))).as("value 0.1 usdt is below minSize 1").isEqualTo("3003");
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "abc", "amount", "1",
                "tradeType", "1"))).isEqualTo("3002");
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "65000", "amount", "1",
                "tradeType", "2"))).isEqualTo("3005");
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "65000", "amount", "100",
                "tradeType", "1"))).as("6.5M usdt is more than the 1M held").isEqualTo("2009");
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "65000", "amount", "11",
                "tradeType", "0"))).as("11 btc is more than the 10 held").isEqualTo("2002");
        assertThat(simulator.get().account("alice").frozen("usdt")).isEqualByComparingTo(BigDecimal.ZERO);
    }

    @Test
    void orderMoreV2PlacesAllPairsOrNone() {
        JsonNode batch = alice.api("orderMoreV2", "market", "btc_usdt", "tradeType", "1",
                "tradeParams", "[[60000,0.01],[59000.5,0.02],[\"58000\",\"0.03\"]]");
        assertThat(batch.get("code").asText()).as(batch.toString()).isEqualTo("1000");
        assertThat(batch.get("data").size()).isEqualTo(3);
        assertThat(simulator.get().account("alice").frozen("usdt")).isEqualByComparingTo("3520.01");

        StringBuilder tooMany = new StringBuilder("[");
        for (int i = 0; i < 21; i++) {
            tooMany.append(i == 0 ? "" : ",").append("[50000,0.01]");
        }
        assertThat(code(alice.api("orderMoreV2", "market", "btc_usdt", "tradeType", "1",
                "tradeParams", tooMany.append(']').toString()))).isEqualTo("3005");
        assertThat(code(alice.api("orderMoreV2", "market", "btc_usdt", "tradeType", "1",
                "tradeParams", "[[50000,0.01],[50000.001,0.01]]"))).isEqualTo("3002");
        assertThat(simulator.get().account("alice").frozen("usdt")).isEqualByComparingTo("3520.01");
    }

    @Test
    void orderListsPageByTenAndUnfinishedAnswers3001WhenEmpty() {
        assertThat(alice.api("getUnfinishedOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1",
                "pageSize", "10").get("code").asInt()).isEqualTo(3001);
        for (int i = 0; i < 12; i++) {
            place(alice, Integer.toString(60000 + i), "0.01", "1");
            clock.advance(Duration.ofMillis(1));
        }
        for (int i = 0; i < 3; i++) {
            place(alice, Integer.toString(70000 + i), "0.01", "0");
            clock.advance(Duration.ofMillis(1));
        }
        JsonNode buys = alice.api("getOrders", "currency", "btc_usdt", "tradeType", "1", "pageIndex", "1");
        assertThat(buys.isArray()).isTrue();
        assertThat(buys.size()).isEqualTo(10);
        assertThat(buys.get(0).get("price").decimalValue()).as("newest first").isEqualByComparingTo("60011");
        assertThat(alice.api("getOrders", "currency", "btc_usdt", "tradeType", "1", "pageIndex", "2").size())
                .isEqualTo(2);
        assertThat(alice.api("getOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "2",
                "pageSize", "10").size()).isEqualTo(5);
        assertThat(alice.api("getUnfinishedOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1",
                "pageSize", "50").size()).as("variant A caps a page at 10").isEqualTo(10);
        assertThat(alice.api("getOrders", "currency", "btc_usdt", "tradeType", "0", "pageIndex", "2").size())
                .isZero();
    }

    @Test
    void marginOrdersUseTheMarginWallet() {
        place(alice, "60000", "0.1", "1", "acctType", "1");
        assertThat(simulator.get().account("alice").frozen("usdt")).as("spot untouched").isEqualByComparingTo("0");
        assertThat(code(alice.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.1",
                "tradeType", "1", "acctType", "2"))).isEqualTo("3005");
    }

    private static String code(JsonNode reply) {
        return reply.get("code").asText();
    }
}
