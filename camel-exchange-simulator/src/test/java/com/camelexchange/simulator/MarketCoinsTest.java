package com.camelexchange.simulator;

import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Markets;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.camelexchange.simulator.ExternalMarketTest.T0;
import static com.camelexchange.simulator.ExternalMarketTest.levels;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A simulator's wallets hold every coin its markets name, besides the five standard ones, so that a paper
 * exchange can follow a live market of any coin.
 */
class MarketCoinsTest {
    private static final String SOL = "sol_usdt";
    private final MutableClock clock = new MutableClock(T0);

    private ExchangeSimulator solExchange(String imported) {
        List<MarketSpec> markets = new ArrayList<>(Markets.defaults());
        markets.add(new MarketSpec(SOL, 2, 2, new BigDecimal("0.01"), BigDecimal.ONE, BigDecimal.ONE));
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder().seed(42).clock(clock).eventLoops(1)
                .externalMarket(markets).key("paper", "paper-secret")
                .funds(Map.of("usdt", new BigDecimal("1000"), "sol", new BigDecimal("2")));
        if (imported != null) {
            builder.importAccounts(imported);
        }
        return builder.build().start();
    }

    @Test
    void aCoinOnlyAMarketNamesIsHeldTradedAndListedWithDefaults() {
        try (ExchangeSimulator sim = solExchange(null)) {
            Trader paper = new Trader(sim, "paper");
            JsonNode sol = paper.coin("sol");
            assertThat(sol.get("unitDecimal").asInt()).isEqualTo(8);
            assertThat(sol.get("enName").asText()).isEqualTo("SOL");
            assertThat(sol.get("available").asText()).isEqualTo("2.00000000");
            assertThat(paper.coin("btc").get("available").asText()).as("funds not named hold nothing")
                    .isEqualTo("0.00000000");

            JsonNode refused = paper.order(SOL, "sell", "150.00", "3");
            assertThat(refused.get("code").asText()).as("short of sol: the account's balance").isEqualTo("2009");

            sim.feed().book(SOL, levels("149.00", "10"), levels("150.00", "10"), T0);
            String bought = paper.place(SOL, "buy", "150.00", "1");
            assertThat(paper.get(SOL, bought).get("status").asInt()).isEqualTo(2);
            assertThat(paper.coin("sol").get("available").asText()).as("2 + 1 less the 0.2% taker fee")
                    .isEqualTo("2.99800000");
            assertThat(paper.coin("usdt").get("available").asText()).isEqualTo("850.00000000");
            assertThat(sim.fills("paper")).singleElement().satisfies(f -> assertThat(f.feeCoin()).isEqualTo("sol"));
            assertThat(new Trader(sim, "paper").data("depth", "market", SOL, "size", "1").get("asks")).hasSize(1);
        }
    }

    @Test
    void anExportOfACoinOnlyAMarketNamesImportsAgain() {
        String exported;
        try (ExchangeSimulator before = solExchange(null)) {
            before.feed().book(SOL, levels("149.00", "10"), levels("150.00", "10"), T0);
            new Trader(before, "paper").place(SOL, "buy", "150.00", "1");
            exported = before.exportAccounts();
        }
        try (ExchangeSimulator after = solExchange(exported)) {
            assertThat(new Trader(after, "paper").coin("sol").get("available").asText()).isEqualTo("2.99800000");
        }
    }

    @Test
    void aSimulatorOfItsOwnMarketsHasTheFiveCoins() {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().quiet().build()) {
            assertThat(sim.exchange().coins().all()).extracting(Coin::key)
                    .containsExactly("btc", "eth", "ltc", "xrp", "usdt");
        }
    }
}
