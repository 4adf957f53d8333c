package com.camelexchange.kamelets;

import com.camelexchange.component.model.OrderEvent;
import com.camelexchange.component.model.OrderEventType;
import com.camelexchange.component.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sql.DataSource;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static com.camelexchange.kamelets.KameletRoutes.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * ETL flows written as a user writes them, in YAML files only ({@code src/test/resources/flows/}), run by
 * Camel Main with the exchange component configured by {@code camel.component.exchange.*} properties and
 * camel-file, camel-jackson and camel-sql at their defaults, against the simulator over HTTP and WebSocket.
 * Each flow's output is read back and compared with what the exchange itself holds.
 */
class YamlFlowsTest {
    private static final String ACCESS_KEY = "flows-ak";
    private static final String SECRET_KEY = "flows-secret+/=";
    /** Jackson as an application would use it to read the files back: no module, no configuration. */
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private ExchangeSimulator simulator;
    private YamlApp app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
        simulator.stop();
    }

    /** The properties a user puts in application.properties, plus the flows' own. */
    private Map<String, String> properties(Map<String, String> flow) {
        Map<String, String> properties = new HashMap<>(flow);
        properties.put("camel.component.exchange.baseUrl", simulator.baseUrl());
        properties.put("camel.component.exchange.tradeUrl", simulator.tradeUrl());
        properties.put("camel.component.exchange.accessKey", ACCESS_KEY);
        properties.put("camel.component.exchange.secretKey", SECRET_KEY);
        properties.put("flows.dir", dir.toString());
        return properties;
    }

    private YamlApp start(String flows, Map<String, String> flow) {
        app = new YamlApp("classpath:flows/" + flows, properties(flow)).start();
        return app;
    }

    @Test
    void streamedTradesBecomeJsonLinesThatReadBackAsTheExchangesTapeAndBooksBecomeJsonLines() throws Exception {
        // Books with quotes, history on the tape, no synthetic traders: only the test adds trades.
        simulator = ExchangeSimulator.builder().seed(31).activity(false).build().start();
        long since = simulator.exchange().lastTrade("btc_usdt").tid();
        start("market-data-to-json.yaml", Map.of("trades.since", Long.toString(since)));
        awaitUntil("subscribed to btcusdt_trades", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        for (int round = 0; round < 5; round++) {
            addTrades("btc_usdt", 6, new BigDecimal("65000.10"));
        }
        Path trades = dir.resolve("trades/btc_usdt.jsonl");
        Path books = dir.resolve("books/btc_usdt.jsonl");
        awaitUntil("30 trade lines", () -> lines(trades).size() >= 30);
        awaitUntil("a book line", () -> !lines(books).isEmpty());
        app.close();

        List<Trade> expected = simulator.exchange().tradesAfter("btc_usdt", since).stream()
                .map(t -> new Trade("btc_usdt", t.tid(), null, t.price(), t.amount(), null)).toList();
        assertThat(expected).hasSize(30);
        List<String> lines = lines(trades);
        List<Trade> written = new ArrayList<>();
        for (String line : lines) {
            JsonNode json = JSON.readTree(line);
            assertThat(json.get("price").isTextual()).as("price as exact text: " + line).isTrue();
            written.add(JSON.readValue(line, Trade.class));
        }
        // No gap, no repeat: the same tids in the same order as the exchange's own tape after since.
        assertThat(written).extracting(Trade::tid).containsExactlyElementsOf(expected.stream().map(Trade::tid).toList());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(written.get(i).market()).isEqualTo("btc_usdt");
            assertThat(written.get(i).price()).isEqualByComparingTo(expected.get(i).price());
            assertThat(written.get(i).amount()).isEqualByComparingTo(expected.get(i).amount());
            assertThat(written.get(i).date()).isNotNull();
        }

        JsonNode book = JSON.readTree(lines(books).get(0));
        assertThat(book.get("market").asText()).isEqualTo("btc_usdt");
        assertThat(book.get("bids")).hasSize(5);
        assertThat(book.get("asks")).hasSize(5);
        assertThat(new BigDecimal(book.get("bids").get(0).get("price").asText()))
                .isEqualByComparingTo(simulator.exchange().best("btc_usdt", Side.BUY));
        assertThat(new BigDecimal(book.get("asks").get(0).get("price").asText()))
                .isEqualByComparingTo(simulator.exchange().best("btc_usdt", Side.SELL));
    }

    @Test
    void orderFilesArePlacedAMalformedOneIsSetAsideWithItsReasonAndTheEventsBecomeJsonLines() throws Exception {
        // Empty books: every order rests as placed.
        simulator = ExchangeSimulator.builder().seed(32).quiet().build().start();
        SimulatorAccount account = simulator.createAccount(ACCESS_KEY, SECRET_KEY);
        Path orders = Files.createDirectories(dir.resolve("orders"));
        write(orders.resolve("buy.json"), "{\"side\": \"buy\", \"price\": \"30000.10\", \"amount\": \"0.0100\"}");
        write(orders.resolve("sell.json"), "{\"side\": \"sell\", \"price\": \"90000.50\", \"amount\": \"0.0200\"}");
        write(orders.resolve("broken.json"), "{\"side\": \"buy\", \"price\": ");
        write(orders.resolve("notes.txt"), "not an order: the flow only takes *.json");

        start("orders-from-files.yaml,classpath:flows/order-events-to-json-lines.yaml", Map.of());
        Path done = orders.resolve(".done");
        Path failed = orders.resolve(".failed");
        awaitUntil("two files done", () -> names(done).size() == 2);
        awaitUntil("the broken file and its reason set aside",
                () -> names(failed).contains("broken.json") && names(failed).contains("broken.json.reason.txt"));
        Path events = dir.resolve("events/btc_usdt.jsonl");
        awaitUntil("two order events", () -> lines(events).size() >= 2);
        app.close();

        assertThat(names(done)).containsExactlyInAnyOrder("buy.json", "sell.json");
        assertThat(names(orders)).contains("notes.txt").doesNotContain("broken.json", "buy.json", "sell.json");
        assertThat(Files.readString(failed.resolve("broken.json.reason.txt"))).contains("JSON");
        assertThat(simulator.requestCount("order")).as("nothing sent for the broken file").isEqualTo(2);
        assertThat(account.orderCount("btc_usdt")).isEqualTo(2);

        User user = simulator.exchange().key(ACCESS_KEY).user();
        List<OrderEvent> read = new ArrayList<>();
        for (String line : lines(events)) {
            assertThat(JSON.readTree(line).get("order").get("price").isTextual()).isTrue();
            read.add(JSON.readValue(line, OrderEvent.class));
        }
        assertThat(read).hasSize(2).allSatisfy(e -> assertThat(e.type()).isEqualTo(OrderEventType.NEW));
        for (OrderEvent event : read) {
            Order placed = simulator.exchange().order(user, "btc_usdt", Long.parseLong(event.order().id()), null);
            assertThat(event.order().price()).isEqualByComparingTo(placed.price());
            assertThat(event.order().totalAmount()).isEqualByComparingTo(placed.amount());
        }
        assertThat(read).extracting(e -> e.order().price().toPlainString())
                .containsExactlyInAnyOrder("30000.10", "90000.50");
    }

    @Test
    void closedCandlesBecomeRowsWithTheExchangesExactValues() throws Exception {
        // Six hours of history, no synthetic traders: the candles stand still.
        simulator = ExchangeSimulator.builder().seed(33).activity(false).build().start();
        long since = simulator.clock().millis() - Duration.ofMinutes(30).toMillis();
        List<Bar> bars = simulator.exchange().klines("btc_usdt", KlineType.MIN_1, since, 1000);
        assertThat(bars).hasSizeGreaterThan(10);

        start("klines-to-sql.yaml", Map.of("klines.since", Long.toString(since)));
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

    @Test
    void throughTheKameletsTradesBecomeJsonLinesAndOrderFilesArePlacedWithTheComponentsKeys() throws Exception {
        simulator = ExchangeSimulator.builder().seed(34).quiet().build().start();
        SimulatorAccount account = simulator.createAccount(ACCESS_KEY, SECRET_KEY);
        addTrades("eth_usdt", 2, new BigDecimal("3300.50"));
        long since = simulator.exchange().lastTrade("eth_usdt").tid();
        Path orders = Files.createDirectories(dir.resolve("orders"));
        write(orders.resolve("sell.json"), "{\"price\": \"3500.25\", \"amount\": \"0.5000\"}");
        write(orders.resolve("broken.json"), "{\"price\": \"3500.25\", \"price\": \"3600\", \"amount\": \"0.5\"}");

        start("kamelet-*.yaml", Map.of("trades.since", Long.toString(since)));
        awaitUntil("subscribed to ethusdt_trades", () -> simulator.streamSubscriptions("ethusdt_trades") == 1);
        for (int round = 0; round < 4; round++) {
            addTrades("eth_usdt", 5, new BigDecimal("3301.20"));
        }
        Path trades = dir.resolve("trades/eth_usdt.jsonl");
        awaitUntil("20 trade lines", () -> lines(trades).size() >= 20);
        awaitUntil("the order file done", () -> names(orders.resolve(".done")).contains("sell.json"));
        awaitUntil("the broken file and its reason set aside",
                () -> names(orders.resolve(".failed")).containsAll(List.of("broken.json", "broken.json.reason.txt")));
        app.close();

        List<com.camelexchange.simulator.market.Trade> expected = simulator.exchange().tradesAfter("eth_usdt", since);
        List<Trade> written = new ArrayList<>();
        for (String line : lines(trades)) {
            written.add(JSON.readValue(line, Trade.class));
        }
        assertThat(written).extracting(Trade::tid)
                .containsExactlyElementsOf(expected.stream().map(com.camelexchange.simulator.market.Trade::tid).toList());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(written.get(i).price()).isEqualByComparingTo(expected.get(i).price());
            assertThat(written.get(i).amount()).isEqualByComparingTo(expected.get(i).amount());
        }

        assertThat(Files.readString(orders.resolve(".failed/broken.json.reason.txt"))).contains("price");
        assertThat(simulator.requestCount("order")).as("nothing sent for the broken file").isEqualTo(1);
        assertThat(account.orderCount("eth_usdt")).isEqualTo(1);
        assertThat(account.frozen("eth")).as("the sell of 0.5 eth rests").isEqualByComparingTo("0.5");
    }

    // ---------------------------------------------------------------- helpers

    private void addTrades(String market, int count, BigDecimal from) {
        long now = simulator.clock().millis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(market, now, from.add(new BigDecimal("0.01").multiply(BigDecimal.valueOf(i))),
                    new BigDecimal("0.0150"), i % 2 == 0 ? Side.BUY : Side.SELL);
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** The complete lines of a file written line by line; none while it does not exist. */
    private static List<String> lines(Path file) {
        try {
            if (!Files.exists(file)) {
                return List.of();
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            // A line still being appended has no newline yet: it is not counted.
            int end = text.lastIndexOf('\n');
            return end < 0 ? List.of() : List.of(text.substring(0, end).split("\n"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> names(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()).toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
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
