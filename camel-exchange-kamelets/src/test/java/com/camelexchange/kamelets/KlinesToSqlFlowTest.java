package com.camelexchange.kamelets;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.KlineType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.camelexchange.kamelets.KameletRoutes.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Closed candles into rows of an embedded database, from a YAML file only ({@code src/test/resources/flows/}),
 * run by Camel Main with the component configured by {@code camel.component.exchange.*} properties and camel-sql
 * at its defaults, against the simulator. Its SQL parameters come from the message's headers and the candle itself
 * (the component's Map of JDBC values), with no camel-bean on the class path and no step between the consumer and
 * camel-sql: the H2 half of what the yaml-postgres-kafka example shows on PostgreSQL. The flows of a project with camel-file, camel-jackson and
 * the Kamelets alone are the yaml-flows example's, tested there on that project's own class path.
 */
class KlinesToSqlFlowTest {
    private ExchangeSimulator simulator;
    private YamlApp app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
        simulator.stop();
    }

    @Test
    void closedCandlesBecomeRowsWithTheExchangesExactValuesWithoutCamelBean() throws Exception {
        assertThat(getClass().getClassLoader().getResource("META-INF/services/org/apache/camel/language/bean"))
                .as("camel-bean is not on the class path: ${body.x} could not be evaluated").isNull();
        // Six hours of history, no synthetic traders: the candles stand still.
        simulator = ExchangeSimulator.builder().seed(33).activity(false).build().start();
        long since = simulator.clock().millis() - Duration.ofMinutes(30).toMillis();
        List<Bar> bars = simulator.exchange().klines("btc_usdt", KlineType.MIN_1, since, 1000);
        assertThat(bars).hasSizeGreaterThan(10);

        app = new YamlApp("classpath:flows/klines-to-sql.yaml", Map.of(
                "camel.component.exchange.baseUrl", simulator.baseUrl(),
                "klines.since", Long.toString(since))).start();
        DataSource store = app.context().getRegistry().lookupByNameAndType("candleStore", DataSource.class);
        // Every candle but the newest, which may still be open, is closed.
        awaitUntil("the closed candles stored", () -> rows(store).size() >= bars.size() - 1);
        app.close();

        List<Map<String, Object>> rows = rows(store);
        for (int i = 0; i < rows.size(); i++) {
            Map<String, Object> row = rows.get(i);
            Bar bar = bars.get(i);
            assertThat(row.get("MARKET")).isEqualTo("btc_usdt");
            assertThat(((OffsetDateTime) row.get("OPEN_TIME")).toInstant().toEpochMilli()).isEqualTo(bar.openTime());
            assertThat((BigDecimal) row.get("OPEN_PRICE")).isEqualByComparingTo(bar.open());
            assertThat((BigDecimal) row.get("HIGH")).isEqualByComparingTo(bar.high());
            assertThat((BigDecimal) row.get("LOW")).isEqualByComparingTo(bar.low());
            assertThat((BigDecimal) row.get("CLOSE_PRICE")).isEqualByComparingTo(bar.close());
            assertThat((BigDecimal) row.get("VOLUME")).isEqualByComparingTo(bar.volume());
        }
    }

    private static List<Map<String, Object>> rows(DataSource store) {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection connection = store.getConnection(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT * FROM candles ORDER BY open_time")) {
            while (result.next()) {
                Map<String, Object> row = new HashMap<>();
                for (int c = 1; c <= result.getMetaData().getColumnCount(); c++) {
                    row.put(result.getMetaData().getColumnName(c), result.getObject(c));
                }
                rows.add(row);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }
}
