package com.camelexchange.paper;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.replay.MarketEvent;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static com.camelexchange.paper.BacktestFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A backtest's K-line reads keep the {@value RecordedMarket#CANDLES_KEPT} latest candles per market and type, the
 * most one read may ask for, however long the recording: the oldest go as newer ones come.
 */
class RecordedMarketKlineTest {

    @Test
    void theLatestThousandCandlesOfEachTypeAreKept() {
        RecordedMarket market = new RecordedMarket();
        market.markets(List.of(new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"), BigDecimal.ONE,
                new BigDecimal("100"))));
        int recorded = RecordedMarket.CANDLES_KEPT + 500;
        for (int i = 0; i < recorded; i++) {
            Instant open = T0.plusSeconds(60L * i);
            BigDecimal close = BigDecimal.valueOf(i);
            market.apply(new MarketEvent.Candle(open, BTC, com.camelexchange.simulator.market.KlineType.MIN_1, open,
                    close, close, close, close, BigDecimal.ONE));
        }
        // A read larger than any the client sends shows what is kept.
        Kline all = market.kline(BTC, KlineType.MIN_1, null, Integer.MAX_VALUE);
        assertThat(all.candles()).hasSize(RecordedMarket.CANDLES_KEPT);
        assertThat(first(all.candles())).isEqualTo(500);
        assertThat(all.candles().get(all.candles().size() - 1).close()).isEqualByComparingTo(
                BigDecimal.valueOf(recorded - 1));
        assertThat(first(market.kline(BTC, KlineType.MIN_1, T0.toEpochMilli(), 10).candles()))
                .as("the latest 10 from a time before those kept").isEqualTo(recorded - 10);
        assertThat(market.kline(BTC, KlineType.MIN_5, null, 10).candles()).as("another type").isEmpty();
    }

    private static int first(List<Candle> candles) {
        return candles.get(0).close().intValueExact();
    }
}
