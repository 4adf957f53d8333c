package com.camelexchange.component;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.TradeSide;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The row-like bodies as the {@code Map} camel-sql asks Camel's type converters for when it looks up a named
 * parameter: found through the context's registry (as camel-sql finds it), with JDBC types only, the decimals
 * exact to their scale and the times the same instants in UTC. The PostgreSQL and H2 round trips are the
 * yaml-postgres-kafka example's and the Kamelets module's K-line flow's.
 */
class SqlValuesTest {
    private static final Instant AT = Instant.parse("2026-11-22T08:01:00Z");
    private CamelContext context;

    @BeforeEach
    void start() {
        context = new DefaultCamelContext();
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    /** The body as camel-sql gets it: through the context's type converters. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> sqlValues(Object body) {
        return context.getTypeConverter().convertTo(Map.class, body);
    }

    @Test
    void aCandleIsItsOpenTimeAsOffsetDateTimeAndItsDecimalsAsTheyAre() {
        Candle candle = new Candle(AT, new BigDecimal("65000.10"), new BigDecimal("65010.00"),
                new BigDecimal("64990.5"), new BigDecimal("65001.20"), new BigDecimal("1.2500"));
        Map<String, Object> values = sqlValues(candle);
        assertThat(values).containsExactly(entry("openTime", OffsetDateTime.of(2026, 11, 22, 8, 1, 0, 0, ZoneOffset.UTC)),
                entry("open", new BigDecimal("65000.10")), entry("high", new BigDecimal("65010.00")),
                entry("low", new BigDecimal("64990.5")), entry("close", new BigDecimal("65001.20")),
                entry("volume", new BigDecimal("1.2500")));
        // equals on BigDecimal compares the scale too: "1.2500" stays four decimals, as the exchange sent it.
        assertThat(((BigDecimal) values.get("volume")).scale()).isEqualTo(4);
    }

    @Test
    void aTradeIsItsIdDateAndDecimalsWithTheTakerSideByNameOrNull() {
        Map<String, Object> values = sqlValues(new Trade("btc_usdt", 1002395L, AT,
                new BigDecimal("66732.06"), new BigDecimal("0.0026"), TradeSide.SELL));
        assertThat(values).containsExactly(entry("market", "btc_usdt"), entry("tid", 1002395L),
                entry("date", AT.atOffset(ZoneOffset.UTC)), entry("price", new BigDecimal("66732.06")),
                entry("amount", new BigDecimal("0.0026")), entry("takerSide", "SELL"));
        Map<String, Object> variantB = sqlValues(new Trade("btc_usdt", 7L, AT,
                BigDecimal.ONE, BigDecimal.ONE, null));
        assertThat(variantB).containsEntry("takerSide", null);
    }

    @Test
    void aTickerIsItsDecimalsAndDate() {
        Map<String, Object> values = sqlValues(new Ticker("eth_usdt",
                new BigDecimal("3100.00"), new BigDecimal("3000.00"), new BigDecimal("3050.10"),
                new BigDecimal("3050.20"), new BigDecimal("3050.15"), new BigDecimal("812.3300"), AT));
        assertThat(values).containsOnlyKeys("market", "high", "low", "buy", "sell", "last", "volume", "date")
                .containsEntry("volume", new BigDecimal("812.3300")).containsEntry("date", AT.atOffset(ZoneOffset.UTC));
    }

    @Test
    void anOrderEventIsOneFlatRowOfItsOwnFieldsAndItsOrders() {
        Order order = new Order("202611220000000001", "btc_usdt", OrderSide.BUY, new BigDecimal("30000.10"),
                new BigDecimal("0.0100"), new BigDecimal("0.0040"), new BigDecimal("120.000400"), null, AT, 3,
                OrderStatus.PARTIALLY_FILLED);
        Instant seen = Instant.parse("2026-11-22T08:01:02.581115762Z");
        Map<String, Object> values = sqlValues(new OrderEvent(
                OrderEventType.PARTIALLY_FILLED, order, new BigDecimal("0.0040"), new BigDecimal("0.0040"), seen));
        assertThat(values).containsExactly(entry("type", "PARTIALLY_FILLED"), entry("orderId", "202611220000000001"),
                entry("currency", "btc_usdt"), entry("side", "BUY"), entry("price", new BigDecimal("30000.10")),
                entry("totalAmount", new BigDecimal("0.0100")), entry("tradeAmount", new BigDecimal("0.0040")),
                entry("tradeMoney", new BigDecimal("120.000400")), entry("tradePrice", null),
                entry("tradeDate", AT.atOffset(ZoneOffset.UTC)), entry("rawStatus", 3),
                entry("status", "PARTIALLY_FILLED"), entry("tradedSinceLast", new BigDecimal("0.0040")),
                entry("tradedTotal", new BigDecimal("0.0040")), entry("detectedAt", seen.atOffset(ZoneOffset.UTC)));
    }
}
