package com.camelexchange.client.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What a plain program prints for a model: decimals as written, never {@code 0E-8}; the JSON stays as it was. */
class ModelTextTest {

    private static CoinBalance btc(String available, String frozen) {
        return new CoinBalance("btc", "BTC", "比特币", "BTC", "฿", 8, 2, new BigDecimal(available),
                new BigDecimal(frozen), true, true, false);
    }

    @Test
    void aZeroBalanceOfEightDecimalsPrintsPlainly() {
        CoinBalance balance = btc("10.00000000", "0.00000000");
        assertThat(balance.frozen().toString()).isEqualTo("0E-8"); // what BigDecimal itself prints

        assertThat(balance.toString()).isEqualTo("CoinBalance[coin=btc, enName=BTC, cnName=比特币, showName=BTC,"
                + " unitTag=฿, unitDecimal=8, fundsType=2, available=10.00000000, frozen=0.00000000,"
                + " canRecharge=true, canWithdraw=true, canLoan=false]");
        assertThat(new AccountInfo(List.of(balance), "u", false, false, false, true, true, false, false).toString())
                .contains("frozen=0.00000000").doesNotContain("E-");
    }

    @Test
    void nestedLevelsAndSmallAmountsPrintPlainly() {
        Depth depth = new Depth("btc_usdt", List.of(new PriceLevel(new BigDecimal("66000.10"), new BigDecimal("1E-8"))),
                List.of(), Instant.EPOCH);
        assertThat(depth.toString()).contains("PriceLevel[price=66000.10, amount=0.00000001]");
    }

    @Test
    void aDecimalOutOfBoundsIsNotWrittenOutInFull() {
        PriceLevel huge = new PriceLevel(new BigDecimal("1E-999999999"), BigDecimal.ONE);
        assertThat(huge.toString()).isEqualTo("PriceLevel[price=1E-999999999, amount=1]");
    }

    @Test
    void theJsonOfAModelIsUnchanged() throws Exception {
        String json = new ObjectMapper().writeValueAsString(btc("10.00000000", "0.00000000"));
        assertThat(json).contains("\"available\":\"10.00000000\"", "\"frozen\":\"0.00000000\"");
    }
}
