package com.camelexchange.sweep;

import com.camelexchange.client.model.Market;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The figures of a point on a hand-made account, worked out by hand: four minutes of btc_usdt at 100, 110, 90
 * and 120; a buy of 1 btc at 100 (fee 0.001 btc) sold at 110 (0.999 btc, fee 0.1099 usdt), a win; a buy at 90
 * sold at 95, a win; a buy at 120 still held at the end.
 */
class PointFiguresTest {
    private static final long M0 = Instant.parse("2026-01-05T00:00:00Z").toEpochMilli() / RecordedPrices.MINUTE;
    private static final Market BTC = new Market("btc_usdt", 2, 4, new BigDecimal("0.0001"), BigDecimal.ONE);

    @Test
    void drawdownSharpeWinRateAndExposureAreThoseWorkedOutByHand() {
        TreeMap<Long, BigDecimal> closes = new TreeMap<>(Map.of(M0, new BigDecimal("100"), M0 + 1,
                new BigDecimal("110"), M0 + 2, new BigDecimal("90"), M0 + 3, new BigDecimal("120")));
        RecordedPrices prices = RecordedPrices.of(Map.of("btc_usdt", BTC), Map.of("btc_usdt", closes));
        List<Fill> fills = List.of(
                fill(1, Side.BUY, "100", "1.0000", "0.0010", "btc", 0),
                fill(2, Side.SELL, "110", "0.9990", "0.1099", "usdt", 1),
                fill(3, Side.BUY, "90", "1.0000", "0.0010", "btc", 2),
                fill(4, Side.SELL, "95", "0.9990", "0.1898", "usdt", 3),
                fill(5, Side.BUY, "120", "0.5000", "0.0005", "btc", 3));
        PointFigures.Account account = new PointFigures.Account(5, Map.of("usdt", new BigDecimal("1000")), fills,
                "usdt", new BigDecimal("0.4030"), new BigDecimal("4.6102"));

        PointResult result = PointFigures.of(new SweepPoint(0, Map.of()), 100, account, prices);

        // The account's value at the minutes' ends: 999.9, 1009.7801, 1009.6901, 1014.4353.
        assertThat(result.maxDrawdown()).isEqualTo(new BigDecimal("0.09"));
        // Returns 0.00988..., -0.0000891..., 0.00470...: mean over sample deviation 0.96874...
        assertThat(result.sharpe()).isEqualTo(new BigDecimal("0.9687"));
        // Two sells closed two buys, both above what the buy cost with its fee: the last buy is still open.
        assertThat(result.roundTrips()).isEqualTo(2);
        assertThat(result.winRate()).isEqualTo(new BigDecimal("1.0000"));
        // Holding btc at the ends of minutes 0, 2 and 3, nothing at 1.
        assertThat(result.exposure()).isEqualTo(new BigDecimal("0.7500"));
        assertThat(result.fees()).isEqualTo(new BigDecimal("0.40"));
        assertThat(result.pnl()).isEqualTo(new BigDecimal("4.61"));
        assertThat(result.orders()).isEqualTo(5);
        assertThat(result.fills()).isEqualTo(5);
    }

    @Test
    void feeDustBelowTheMinimumAmountIsNoPosition() {
        TreeMap<Long, BigDecimal> closes = new TreeMap<>(Map.of(M0, new BigDecimal("100"), M0 + 1,
                new BigDecimal("100")));
        RecordedPrices prices = RecordedPrices.of(Map.of("btc_usdt", BTC), Map.of("btc_usdt", closes));
        // Bought 0.0020 and received 0.001996, sold 0.0019: 0.000096 btc left, less than an order's 0.0001.
        List<Fill> fills = List.of(fill(1, Side.BUY, "100", "0.0020", "0.000004", "btc", 0),
                fill(2, Side.SELL, "100", "0.0019", "0.00019", "usdt", 0));
        PointFigures.Account account = new PointFigures.Account(2, Map.of("usdt", new BigDecimal("1000")), fills,
                "usdt", BigDecimal.ZERO, BigDecimal.ZERO);

        assertThat(PointFigures.of(new SweepPoint(0, Map.of()), 10, account, prices).exposure())
                .isEqualTo(new BigDecimal("0.0000"));
    }

    private static Fill fill(long id, Side side, String price, String amount, String fee, String feeCoin,
                             long minute) {
        return new Fill(id, id, "btc_usdt", side, new BigDecimal(price), new BigDecimal(amount), new BigDecimal(fee),
                feeCoin, true, Instant.ofEpochMilli((M0 + minute) * RecordedPrices.MINUTE + 10_000),
                new BigDecimal(price), "queue");
    }
}
