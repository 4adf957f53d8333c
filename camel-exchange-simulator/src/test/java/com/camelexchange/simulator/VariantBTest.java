package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** Variant B: no variant-A features, its own status table, plainer replies, per-user limits. */
class VariantBTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.B, clock));

    private ReferenceClient alice;
    private ReferenceClient bob;

    @BeforeEach
    void accounts() {
        ExchangeSimulator sim = simulator.get();
        sim.createAccount("alice", "alice-secret");
        sim.createAccount("bob", "bob-secret");
        alice = ReferenceClient.of(sim, "alice", "alice-secret");
        bob = ReferenceClient.of(sim, "bob", "bob-secret");
    }

    @Test
    void variantAFeaturesAreRefusedLikeAnUnknownMethodOrParameter() {
        assertThat(alice.api("orderMoreV2", "market", "btc_usdt", "tradeType", "1", "tradeParams", "[[60000,0.01]]")
                .get("code").asText()).isEqualTo("3005");
        assertThat(alice.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1",
                "customerOrderId", "abcd1234").get("code").asText()).isEqualTo("3005");
        assertThat(alice.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1",
                "orderType", "1").get("code").asText()).isEqualTo("3005");
        assertThat(alice.api("getOrder", "currency", "btc_usdt", "customerOrderId", "abcd1234")
                .get("code").asInt()).isEqualTo(3005);
        assertThat(simulator.get().account("alice").frozen("usdt")).isEqualByComparingTo("0");
    }

    @Test
    void ordersFollowVariantBStatusTable() {
        String sell = alice.api("order", "currency", "btc_usdt", "price", "65000", "amount", "0.5", "tradeType", "0")
                .get("id").asText();
        JsonNode pending = alice.api("getOrder", "currency", "btc_usdt", "id", sell);
        assertThat(pending.get("status").asInt()).as("pending").isEqualTo(0);
        assertThat(pending.get("currency").asText()).as("variant B names the coin").isEqualTo("btc");

        bob.api("order", "currency", "btc_usdt", "price", "65000", "amount", "0.2", "tradeType", "1");
        JsonNode partly = alice.api("getOrder", "currency", "btc_usdt", "id", sell);
        assertThat(partly.get("status").asInt()).as("pending with a traded part").isEqualTo(3);
        assertThat(partly.get("trade_price").decimalValue()).isEqualByComparingTo("65000");

        alice.api("cancelOrder", "currency", "btc_usdt", "id", sell);
        assertThat(alice.api("getOrder", "currency", "btc_usdt", "id", sell).get("status").asInt()).isEqualTo(1);

        String buy = bob.api("order", "currency", "btc_usdt", "price", "64000", "amount", "0.1", "tradeType", "1")
                .get("id").asText();
        alice.api("order", "currency", "btc_usdt", "price", "64000", "amount", "0.1", "tradeType", "0");
        assertThat(bob.api("getOrder", "currency", "btc_usdt", "id", buy).get("status").asInt()).isEqualTo(2);
    }

    @Test
    void variantBHasNoMinimumsAndPlainerTrades() {
        JsonNode btc = alice.data("markets").get("btc_usdt");
        assertThat(btc.has("priceScale")).isTrue();
        assertThat(btc.has("minAmount")).isFalse();
        assertThat(btc.has("minSize")).isFalse();
        // Below variant A's minAmount, accepted in B.
        assertThat(alice.api("order", "currency", "xrp_usdt", "price", "0.5", "amount", "0.5", "tradeType", "1")
                .get("code").asText()).isEqualTo("1000");
        alice.api("order", "currency", "btc_usdt", "price", "65000", "amount", "0.1", "tradeType", "0");
        bob.api("order", "currency", "btc_usdt", "price", "65000", "amount", "0.1", "tradeType", "1");
        JsonNode trade = alice.data("trades", "market", "btc_usdt").get(0);
        assertThat(trade.has("tid")).isTrue();
        assertThat(trade.has("trade_type")).isFalse();
    }

    @Test
    void pagesHoldUpTo100OrdersAndWithdrawalRecords() {
        for (int i = 0; i < 12; i++) {
            alice.api("order", "currency", "btc_usdt", "price", Integer.toString(60000 + i), "amount", "0.01",
                    "tradeType", "1");
        }
        assertThat(alice.api("getOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1",
                "pageSize", "50").size()).isEqualTo(12);
        assertThat(alice.api("getUnfinishedOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1",
                "pageSize", "50").size()).isEqualTo(12);
        JsonNode records = alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", "1", "pageSize", "50")
                .get("message").get("datas");
        assertThat(records.get("list").size()).isEqualTo(23);
        assertThat(records.get("pageSize").asInt()).isEqualTo(50);
        assertThat(alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", "1", "pageSize", "101")
                .get("message").get("datas").get("pageSize").asInt()).isEqualTo(100);
    }

    @Test
    void thePerSecondLimitCountsPerUserAcrossKeys() {
        ExchangeSimulator sim = simulator.get();
        sim.addKey(sim.account("alice"), "alice-2", "second-secret");
        ReferenceClient second = ReferenceClient.of(sim, "alice-2", "second-secret");
        for (int i = 0; i < 15; i++) {
            assertThat(alice.api("getAccountInfo").has("result")).isTrue();
            assertThat(second.api("getAccountInfo").has("result")).isTrue();
        }
        assertThat(second.api("getAccountInfo").get("code").asInt()).isEqualTo(4002);
        assertThat(bob.api("getAccountInfo").has("result")).as("another user has his own budget").isTrue();
        clock.advance(java.time.Duration.ofSeconds(1));
        assertThat(alice.api("getAccountInfo").has("result")).isTrue();
    }
}
