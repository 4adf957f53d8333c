package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.math.RoundingMode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The acceptance test of the simulator: a client written only from the exchange's API documentation places, queries
 * and cancels an order and sees its fill in public trades, on a default simulator (wall clock, variant
 * limits, history and quotes on the book; the timer is off so nothing else trades meanwhile).
 */
class ReferenceLifecycleTest {

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(
            b -> b.seed(42).activity(false).key("AK", "SK").key("BK", "BSK"));

    @Test
    void placeQueryFillAndCancelWithAHandBuiltClient(ExchangeSimulator sim) {
        ReferenceClient alice = ReferenceClient.of(sim, "AK", "SK");
        ReferenceClient bob = ReferenceClient.of(sim, "BK", "BSK");
        JsonNode depth = alice.data("depth", "market", "btc_usdt", "size", "1");
        BigDecimal bestAsk = depth.get("asks").get(0).get(0).decimalValue();
        // Alice asks just below the best ask, so she is first in line; Bob takes part of it.
        BigDecimal price = bestAsk.subtract(new BigDecimal("0.01"));
        String id = alice.api("order", "currency", "btc_usdt", "price", price.toPlainString(), "amount", "0.5",
                "tradeType", "0").get("id").asText();
        JsonNode fill = bob.api("order", "currency", "btc_usdt", "price", price.toPlainString(), "amount", "0.2",
                "tradeType", "1");
        assertThat(fill.get("code").asText()).isEqualTo("1000");

        JsonNode order = alice.api("getOrder", "currency", "btc_usdt", "id", id);
        assertThat(order.get("trade_amount").decimalValue()).isEqualByComparingTo("0.2");
        assertThat(order.get("status").asInt()).isEqualTo(3);

        JsonNode trades = alice.data("trades", "market", "btc_usdt");
        JsonNode last = trades.get(trades.size() - 1);
        assertThat(last.get("price").decimalValue()).isEqualByComparingTo(price);
        assertThat(last.get("amount").decimalValue()).isEqualByComparingTo("0.2");
        assertThat(last.get("type").asText()).isEqualTo("buy");

        assertThat(alice.api("cancelOrder", "currency", "btc_usdt", "id", id).get("code").asText())
                .isEqualTo("1000");
        assertThat(alice.api("getOrder", "currency", "btc_usdt", "id", id).get("status").asInt()).isEqualTo(2);
        assertThat(sim.account("AK").total("btc")).isEqualByComparingTo("9.8");
        // Alice made the trade and sold: the default 0.2% maker fee comes out of the USDT she receives.
        BigDecimal money = price.multiply(new BigDecimal("0.2"));
        BigDecimal fee = money.multiply(new BigDecimal("0.002")).setScale(8, RoundingMode.UP);
        assertThat(sim.account("AK").total("usdt"))
                .isEqualByComparingTo(new BigDecimal("1000000").add(money).subtract(fee));
        assertThat(sim.account("BK").total("btc")).isEqualByComparingTo("10.1996");
    }
}
