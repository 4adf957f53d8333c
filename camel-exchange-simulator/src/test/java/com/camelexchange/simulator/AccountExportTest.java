package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Markets;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static com.camelexchange.simulator.ExternalMarketTest.T0;
import static com.camelexchange.simulator.ExternalMarketTest.levels;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Paper accounts survive a restart as exported JSON: balances, open orders, history and numbering. */
class AccountExportTest {
    private static final String BTC = "btc_usdt";
    private final MutableClock clock = new MutableClock(T0);

    private ExchangeSimulator paperExchange(String imported) {
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder().seed(42).clock(clock).eventLoops(1)
                .externalMarket(Markets.defaults()).key("paper", "paper-secret");
        if (imported != null) {
            builder.importAccounts(imported);
        }
        return builder.build().start();
    }

    @Test
    void anImportedAccountHasItsBalancesOpenOrdersAndHistory() {
        String exported;
        String open;
        String filled;
        List<Fill> fills;
        try (ExchangeSimulator before = paperExchange(null)) {
            Trader paper = new Trader(before, "paper");
            before.feed().book(BTC, levels("59990.00", "1"), levels("60000.00", "0.3"), T0);
            filled = paper.place(BTC, "buy", "60000.00", "0.1", "customerOrderId", "paper0001");
            open = paper.place(BTC, "buy", "59000.00", "0.2");
            paper.place(BTC, "sell", "61000.00", "0.5");
            before.feed().trade(BTC, 1, T0, new BigDecimal("58000.00"), new BigDecimal("0.05"), Side.SELL);
            fills = before.fills("paper");
            exported = before.exportAccounts();
            assertThat(exported).doesNotContain("paper-secret");
        }
        clock.advance(Duration.ofMinutes(1));
        try (ExchangeSimulator after = paperExchange(exported)) {
            Trader paper = new Trader(after, "paper");
            assertThat(paper.coin("usdt").get("available").asText()).as("1M less 6000 spent and 11800 frozen")
                    .isEqualTo("982200.00000000");
            assertThat(paper.coin("usdt").get("freez").asText()).as("0.15 left at 59000")
                    .isEqualTo("8850.00000000");
            assertThat(paper.coin("btc").get("available").asText()).as("10 + 0.0998 + 0.0499 - 0.5 frozen")
                    .isEqualTo("9.64970000");
            assertThat(paper.coin("btc").get("freez").asText()).isEqualTo("0.50000000");
            JsonNode unfinished = paper.unfinished(BTC);
            assertThat(unfinished.size()).isEqualTo(2);
            JsonNode restored = paper.get(BTC, open);
            assertThat(restored.get("trade_amount").decimalValue()).isEqualByComparingTo("0.05");
            assertThat(restored.get("status").asInt()).isEqualTo(3);
            assertThat(restored.get("trade_date").asLong()).isEqualTo(T0.toEpochMilli());
            assertThat(paper.get(BTC, filled).get("status").asInt()).isEqualTo(2);
            assertThat(after.fills("paper")).isEqualTo(fills);

            after.feed().trade(BTC, 2, T0, new BigDecimal("58000.00"), new BigDecimal("1"), Side.SELL);
            assertThat(paper.get(BTC, open).get("status").asInt()).as("the open order still fills").isEqualTo(2);
            assertThat(after.fills("paper").get(after.fills("paper").size() - 1).id())
                    .isGreaterThan(fills.get(fills.size() - 1).id());
            String next = paper.place(BTC, "buy", "50000.00", "0.01");
            assertThat(Long.parseLong(next)).as("numbering goes on").isGreaterThan(Long.parseLong(open));
            assertThat(paper.order(BTC, "buy", "50000", "0.01", "customerOrderId", "paper0001").get("code").asText())
                    .isEqualTo("3012");
            assertThat(paper.cancel(BTC, open).get("code").asText()).isEqualTo("3001");
        }
    }

    @Test
    void aKeptOrderKeepsWhenItWasPlacedByTheMarketsClock() {
        String exported;
        String open;
        Instant market = T0.plus(Duration.ofMinutes(10));
        try (ExchangeSimulator before = paperExchange(null)) {
            // The market's clock runs ten minutes ahead of the exchange's.
            before.feed().book(BTC, levels("58990.00", "1"), levels("60000.00", "1"), market);
            open = new Trader(before, "paper").place(BTC, "buy", "59000.00", "0.2");
            exported = before.exportAccounts();
        }
        clock.advance(Duration.ofMinutes(1));
        try (ExchangeSimulator after = paperExchange(exported)) {
            Trader paper = new Trader(after, "paper");
            // The first datum of the new run: a trade the market made five minutes before the order.
            after.feed().trade(BTC, 1, market.minus(Duration.ofMinutes(5)), new BigDecimal("58000.00"),
                    BigDecimal.ONE, Side.SELL);
            assertThat(paper.get(BTC, open).get("trade_amount").decimalValue()).isEqualByComparingTo("0");
            after.feed().trade(BTC, 2, market.plusSeconds(1), new BigDecimal("58000.00"), new BigDecimal("0.1"),
                    Side.SELL);
            assertThat(paper.get(BTC, open).get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
        }
    }

    /**
     * A trade dated a day ahead, fed before an order was placed, does not date the order a day ahead: the kept
     * account carries the order's right time, and after a restart a trade through its price fills it.
     */
    @Test
    void aKeptOrderPlacedAfterAWronglyDatedTradeCarriesItsRightMarketTime() {
        String exported;
        String open;
        try (ExchangeSimulator before = paperExchange(null)) {
            before.feed().book(BTC, levels("58990.00", "1"), levels("60000.00", "1"), T0);
            before.feed().trade(BTC, 1, T0.plus(Duration.ofHours(23)), new BigDecimal("60000.00"),
                    new BigDecimal("0.01"), Side.BUY);
            open = new Trader(before, "paper").place(BTC, "buy", "59000.00", "0.2");
            exported = before.exportAccounts();
        }
        assertThat(exported).contains("\"marketTime\":\"" + T0 + "\"");
        clock.advance(Duration.ofMinutes(1));
        try (ExchangeSimulator after = paperExchange(exported)) {
            Trader paper = new Trader(after, "paper");
            after.feed().book(BTC, levels("58990.00", "1"), levels("60000.00", "1"), clock.instant());
            after.feed().trade(BTC, 2, clock.instant(), new BigDecimal("58000.00"), new BigDecimal("0.1"), Side.SELL);
            assertThat(paper.get(BTC, open).get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
        }
    }

    @Test
    void anImportRefusesAnOrderDatedMoreThanADayAfterItWasPlaced() {
        String exported;
        try (ExchangeSimulator before = paperExchange(null)) {
            new Trader(before, "paper").place(BTC, "buy", "59000.00", "0.2");
            exported = before.exportAccounts();
        }
        String wrong = exported.replace("\"marketTime\":\"" + T0 + "\"",
                "\"marketTime\":\"" + T0.plus(Duration.ofDays(2)) + "\"");
        assertThat(wrong).isNotEqualTo(exported);
        assertThatThrownBy(() -> paperExchange(wrong)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("marketTime").hasMessageContaining("more than a day after it was placed");
    }

    @Test
    void anImportNeedsTheKeysAndAnExport() {
        String exported;
        try (ExchangeSimulator before = paperExchange(null)) {
            exported = before.exportAccounts();
        }
        assertThatThrownBy(() -> ExchangeSimulator.builder().externalMarket(Markets.defaults())
                .importAccounts(exported).build()).hasMessageContaining("key(accessKey, secretKey)");
        assertThatThrownBy(() -> ExchangeSimulator.builder().externalMarket(Markets.defaults())
                .key("paper", "paper-secret").importAccounts("{\"accounts\":[]}").build())
                .hasMessageContaining("format");
        assertThatThrownBy(() -> ExchangeSimulator.builder().externalMarket(Markets.defaults())
                .key("paper", "paper-secret").importAccounts("not json").build())
                .hasMessageContaining("not JSON");
    }
}
