package com.camelexchange.examples.yamlflows;

import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.examples.support.ProjectProcess;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The project as a user runs it, once for all the tests: Camel Main in a JVM of its own, on the project's runtime
 * class path alone (camel-main, camel-file, camel-jackson, the Kamelets, a logging binding; no camel-bean, no Java
 * code), the exchange's address and keys in environment variables, against the simulator over HTTP and WebSocket.
 * While it runs, the test trades on the exchange (trades on the tape, a fill of a placed order in two parts, a
 * cancel); then each file the flows wrote is read back and compared, as text, with what the exchange holds, and the
 * application's log is searched for errors.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class YamlFlowsTest {
    private static final String ACCESS_KEY = "flows-ak";
    private static final String SECRET_KEY = "flows-secret+/=";
    /** An ERROR line of slf4j-simple, a stack frame, or the start of a cause. */
    private static final Pattern TROUBLE = Pattern.compile("(?m)( ERROR |^\\s+at [\\w$.]+\\(|^Caused by: |^\\s*\\.\\.\\. \\d+ more)");
    /** Jackson as a reader of the files would use it: no module, no configuration. */
    private static final ObjectMapper JSON = new ObjectMapper();

    private ExchangeSimulator simulator;
    private SimulatorAccount account;
    private long btcSince;
    private long ethSince;
    private Path flows;
    private String log;

    @BeforeAll
    void runTheProject(@TempDir Path dir) throws Exception {
        // History on the tape, no synthetic traders and empty books: the only orders are the flows' and the test's.
        simulator = ExchangeSimulator.builder().seed(41).activity(false).initialLiquidity(false).build().start();
        account = simulator.createAccount(ACCESS_KEY, SECRET_KEY);
        simulator.createAccount("counterparty-ak", "counterparty-sk");
        User counterparty = simulator.exchange().key("counterparty-ak").user();
        btcSince = simulator.exchange().lastTrade("btc_usdt").tid();
        ethSince = simulator.exchange().lastTrade("eth_usdt").tid();

        flows = dir.resolve("flows");
        Path btcOrders = Files.createDirectories(flows.resolve("orders/btc_usdt"));
        write(btcOrders.resolve("buy.json"), "{\"side\": \"buy\", \"price\": \"30000.10\", \"amount\": \"0.0100\"}");
        write(btcOrders.resolve("sell.json"), "{\"side\": \"sell\", \"price\": \"90000.50\", \"amount\": \"0.0200\"}");
        write(btcOrders.resolve("broken.json"), "{\"side\": \"buy\", \"price\": ");
        write(btcOrders.resolve("notes.txt"), "not an order: the flow only takes *.json");
        Path ethOrders = Files.createDirectories(flows.resolve("orders/eth_usdt"));
        write(ethOrders.resolve("sell.json"), "{\"price\": \"3500.25\", \"amount\": \"0.5000\"}");
        write(ethOrders.resolve("broken.json"), "{\"price\": \"3500.25\", \"price\": \"3600\", \"amount\": \"0.5\"}");

        // What a user sets before mvn exec:java; the property names turn into these variables by Camel's rules.
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("EXCHANGE_BASE_URL", simulator.baseUrl());
        environment.put("EXCHANGE_ACCESS_KEY", ACCESS_KEY);
        environment.put("EXCHANGE_SECRET_KEY", SECRET_KEY);
        environment.put("FLOWS_DIR", flows.toString());
        environment.put("TRADES_SINCE_BTC_USDT", Long.toString(btcSince));
        environment.put("TRADES_SINCE_ETH_USDT", Long.toString(ethSince));
        Path logFile = Path.of("target", "yaml-flows-application.log").toAbsolutePath();
        ProjectProcess application = ProjectProcess.start(environment, dir, logFile);
        try {
            application.await("both trades streams subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1
                    && simulator.streamSubscriptions("ethusdt_trades") == 1);
            for (int round = 0; round < 5; round++) {
                addTrades("btc_usdt", 6, new BigDecimal("65000.10"));
            }
            for (int round = 0; round < 4; round++) {
                addTrades("eth_usdt", 5, new BigDecimal("3301.20"));
            }
            application.await("the order files placed or set aside", () ->
                    names(btcOrders.resolve(".done")).size() == 2 && names(ethOrders.resolve(".done")).size() == 1
                    && names(btcOrders.resolve(".failed")).size() == 2 && names(ethOrders.resolve(".failed")).size() == 2);
            Path events = flows.resolve("events/btc_usdt.jsonl");
            application.await("two NEW events", () -> lines(events).size() == 2);
            application.await("a book with both orders", () -> bookWithOrders() != null);

            // The buy filled in two parts by a counterparty's sells, then the sell cancelled, each seen before the next.
            Order buy = placed("30000.10");
            simulator.exchange().place(counterparty,
                    OrderCommand.limit("btc_usdt", Side.SELL, new BigDecimal("30000.10"), new BigDecimal("0.0040")));
            application.await("the partial fill's event", () -> lines(events).size() == 3);
            simulator.exchange().place(counterparty,
                    OrderCommand.limit("btc_usdt", Side.SELL, new BigDecimal("30000.10"), new BigDecimal("0.0060")));
            application.await("the fill's event", () -> lines(events).size() == 4);
            assertThat(buy.isOpen()).isFalse();
            Order sell = placed("90000.50");
            simulator.exchange().cancel(sell.user(), "btc_usdt", sell.id(), null);
            application.await("the cancel's event", () -> lines(events).size() == 5);

            int btcTrades = simulator.exchange().tradesAfter("btc_usdt", btcSince).size();
            int ethTrades = simulator.exchange().tradesAfter("eth_usdt", ethSince).size();
            application.await("every trade written", () -> lines(flows.resolve("trades/btc_usdt.jsonl")).size() == btcTrades
                    && lines(flows.resolve("trades/eth_usdt.jsonl")).size() == ethTrades);
        } finally {
            application.stop();
            log = application.log();
        }
    }

    @AfterAll
    void stopTheExchange() {
        if (simulator != null) {
            simulator.stop();
        }
    }

    @Test
    void theApplicationLogsNoErrorNoStackTraceAndNoSecret() {
        assertThat(log).as("the log was captured").contains("Apache Camel 4.18.0").contains("placed from buy.json");
        assertThat(TROUBLE.matcher(log).find()).as("an ERROR or a stack trace in the log:%n%s", log).isFalse();
        assertThat(log).doesNotContain(SECRET_KEY);
        assertThat(log).contains("order file broken.json set aside");
    }

    @Test
    void eachRefusedOrderFileIsLoggedOnceWithItsReason() {
        List<String> warnings = log.lines().filter(line -> line.contains(" WARN ")).toList();
        assertThat(warnings).as("one line per refused file, the route's, none of camel-file's rollback").hasSize(2)
                .allMatch(line -> line.contains("order file broken.json set aside: Invalid body: "));
    }

    @Test
    void theApplicationRanOnlyOnTheDocumentedDependencies() {
        List<String> jars = ProjectProcess.runtimeClassPath().stream()
                .map(entry -> Path.of(entry).getFileName().toString()).toList();
        assertThat(jars).anyMatch(j -> j.startsWith("camel-main-")).anyMatch(j -> j.startsWith("camel-file-"))
                .anyMatch(j -> j.startsWith("camel-jackson-")).anyMatch(j -> j.startsWith("slf4j-simple-"))
                .noneMatch(j -> j.startsWith("camel-bean-")).noneMatch(j -> j.startsWith("camel-exchange-simulator"))
                .noneMatch(j -> j.startsWith("junit")).noneMatch(j -> j.startsWith("camel-sql-"));
    }

    @Test
    void streamedTradesAreTheExchangesTapeLineForLineWithTheExactText() throws Exception {
        assertTape("btc_usdt", btcSince, 32);
        assertTape("eth_usdt", ethSince, 20);
    }

    /** Each line the tape's trade after {@code since}, in order, none missing or repeated, decimals as the exact text. */
    private void assertTape(String market, long since, int count) throws IOException {
        List<Trade> tape = simulator.exchange().tradesAfter(market, since);
        assertThat(tape).hasSize(count);
        List<String> lines = lines(flows.resolve("trades/" + market + ".jsonl"));
        assertThat(lines).hasSameSizeAs(tape);
        for (int i = 0; i < tape.size(); i++) {
            Trade trade = tape.get(i);
            JsonNode line = JSON.readTree(lines.get(i));
            assertThat(line.get("market").asText()).isEqualTo(market);
            assertThat(line.get("tid").asLong()).as(lines.get(i)).isEqualTo(trade.tid());
            assertThat(line.get("price").isTextual()).as(lines.get(i)).isTrue();
            assertThat(line.get("price").asText()).as(lines.get(i)).isEqualTo(trade.price().toPlainString());
            assertThat(line.get("amount").asText()).as(lines.get(i)).isEqualTo(trade.amount().toPlainString());
            // The exchange sends trade dates in whole seconds.
            assertThat(line.get("date").asText()).isEqualTo(Instant.ofEpochSecond(trade.epochMillis() / 1000).toString());
            assertThat(line.get("takerSide").asText()).as(lines.get(i)).isEqualTo(trade.takerSide().name());
        }
    }

    @Test
    void aBookLineHoldsTheRestingOrdersAsExactText() {
        JsonNode book = bookWithOrders();
        assertThat(book).isNotNull();
        assertThat(book.get("bids").get(0).get("amount").asText()).isEqualTo("0.0100");
        assertThat(book.get("asks").get(0).get("amount").asText()).isEqualTo("0.0200");
        assertThat(Instant.parse(book.get("timestamp").asText())).isBefore(Instant.now());
    }

    @Test
    void orderFilesArePlacedAndAMalformedOneIsSetAsideWithItsReasonUnsent() throws IOException {
        Path btcOrders = flows.resolve("orders/btc_usdt");
        Path ethOrders = flows.resolve("orders/eth_usdt");
        assertThat(names(btcOrders.resolve(".done"))).containsExactlyInAnyOrder("buy.json", "sell.json");
        assertThat(names(btcOrders)).containsExactly("notes.txt");
        assertThat(names(btcOrders.resolve(".failed"))).containsExactlyInAnyOrder("broken.json", "broken.json.reason.txt");
        assertThat(Files.readString(btcOrders.resolve(".failed/broken.json.reason.txt"))).contains("JSON");
        assertThat(names(ethOrders.resolve(".done"))).containsExactly("sell.json");
        assertThat(Files.readString(ethOrders.resolve(".failed/broken.json.reason.txt")))
                .contains("'price' is given more than once");

        assertThat(simulator.requestCount("order")).as("orders sent: none for the broken files").isEqualTo(3);
        assertThat(account.orderCount("btc_usdt")).isEqualTo(2);
        assertThat(account.orderCount("eth_usdt")).isEqualTo(1);
        assertThat(account.frozen("eth")).as("the sell of 0.5 eth through the Kamelet rests").isEqualByComparingTo("0.5");
    }

    @Test
    void orderEventsFollowEachOrderThroughItsFillsAndCancelAsJsonLines() throws IOException {
        Map<String, List<JsonNode>> byOrder = new LinkedHashMap<>();
        for (String line : lines(flows.resolve("events/btc_usdt.jsonl"))) {
            JsonNode event = JSON.readTree(line);
            byOrder.computeIfAbsent(event.get("order").get("price").asText(), p -> new ArrayList<>()).add(event);
        }
        assertThat(byOrder).containsOnlyKeys("30000.10", "90000.50");

        List<JsonNode> buy = byOrder.get("30000.10");
        assertThat(buy).extracting(e -> OrderEventType.valueOf(e.get("type").asText()))
                .containsExactly(OrderEventType.NEW, OrderEventType.PARTIALLY_FILLED, OrderEventType.FILLED);
        assertThat(buy.get(1).get("tradedSinceLast").asText()).isEqualTo("0.0040");
        assertThat(buy.get(2).get("tradedSinceLast").asText()).isEqualTo("0.0060");
        assertThat(buy.get(2).get("tradedTotal").asText()).isEqualTo("0.0100");
        assertThat(buy.get(2).get("order").get("totalAmount").asText()).isEqualTo("0.0100");
        assertThat(buy.get(2).get("order").get("status").asText()).isEqualTo("FILLED");

        List<JsonNode> sell = byOrder.get("90000.50");
        assertThat(sell).extracting(e -> OrderEventType.valueOf(e.get("type").asText()))
                .containsExactly(OrderEventType.NEW, OrderEventType.CANCELLED);
        assertThat(sell.get(1).get("order").get("totalAmount").asText()).isEqualTo("0.0200");
        assertThat(sell).allSatisfy(e -> assertThat(Instant.parse(e.get("detectedAt").asText())).isNotNull());
    }

    // ---------------------------------------------------------------- helpers

    private Order placed(String price) {
        User user = simulator.exchange().key(ACCESS_KEY).user();
        return simulator.exchange().orders(user, "btc_usdt", null, false, 1, 10).stream()
                .filter(o -> o.price().compareTo(new BigDecimal(price)) == 0).findFirst().orElseThrow();
    }

    /** The first book line whose best bid and ask are the flows' resting orders, with their prices as exact text. */
    private JsonNode bookWithOrders() {
        for (String line : lines(flows.resolve("books/btc_usdt.jsonl"))) {
            try {
                JsonNode book = JSON.readTree(line);
                // An empty side is left out of the JSON, as every field without a value.
                if (book.path("bids").path(0).path("price").asText().equals("30000.10")
                        && book.path("asks").path(0).path("price").asText().equals("90000.50")) {
                    return book;
                }
            } catch (IOException e) {
                throw new IllegalStateException("Not JSON: " + line, e);
            }
        }
        return null;
    }

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
}
