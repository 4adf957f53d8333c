package com.camelexchange.kamelets;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.Exchange;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.camelexchange.kamelets.KameletRoutes.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/** exchange-trades-source, used from a YAML route, emits each trade of its market once, in tid order, as JSON. */
class TradesSourceKameletTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MARKET = "btc_usdt";

    private ExchangeSimulator simulator;
    private KameletRoutes routes;

    @AfterEach
    void stop() {
        if (routes != null) {
            routes.close();
        }
        simulator.stop();
    }

    private KameletRoutes routes(String resource, long since, Object... beans) throws Exception {
        routes = new KameletRoutes(Map.of("exchange.baseUrl", simulator.baseUrl(), "trades.since", Long.toString(since)));
        for (int i = 0; i < beans.length; i += 2) {
            routes.bind((String) beans[i], beans[i + 1]);
        }
        return routes.start(resource);
    }

    @Test
    void polledTradesArriveOnceInTidOrderFromSinceAndTheirPositionIsKept() throws Exception {
        // Six hours of history on the tape, no synthetic traders: the tape changes only when the test adds to it.
        simulator = ExchangeSimulator.builder().seed(5).activity(false).build().start();
        List<Trade> tape = simulator.tape(MARKET);
        List<Trade> expected = new ArrayList<>(tape.subList(tape.size() - 120, tape.size()));
        long since = tape.get(tape.size() - 121).tid();
        MemoryStateRepository positions = new MemoryStateRepository();

        routes("routes/trades-source.yaml", since, "positions", positions);
        MockEndpoint mock = routes.context().getEndpoint("mock:trades", MockEndpoint.class);
        // 120 trades after since: three pages of the exchange's 50, followed within one poll.
        awaitUntil("120 trades", () -> mock.getReceivedCounter() >= expected.size());
        awaitUntil("the position at the last trade",
                () -> Long.toString(expected.get(expected.size() - 1).tid()).equals(positions.getState("trades:" + MARKET)));

        // New trades on the tape follow, after the ones already emitted and without repeating any.
        long now = simulator.clock().millis();
        for (int i = 0; i < 3; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, now, new BigDecimal("65010.25"), new BigDecimal("0.0042"),
                    Side.SELL);
        }
        List<Trade> after = simulator.tape(MARKET);
        expected.addAll(after.subList(after.size() - 3, after.size()));
        awaitUntil("123 trades", () -> mock.getReceivedCounter() >= expected.size());

        List<JsonNode> received = bodies(mock);
        assertThat(received).extracting(t -> t.get("tid").asLong())
                .containsExactlyElementsOf(expected.stream().map(Trade::tid).toList());
        for (int i = 0; i < expected.size(); i++) {
            assertTrade(received.get(i), expected.get(i));
        }
        Exchange last = mock.getReceivedExchanges().get(expected.size() - 1);
        assertThat(last.getMessage().getHeader("CamelExchangeTradeId", Long.class))
                .isEqualTo(expected.get(expected.size() - 1).tid());
        assertThat(last.getMessage().getHeader("Content-Type", String.class)).isEqualTo("application/json");
        assertThat(simulator.streamConnectionsOpened()).as("polled, not streamed").isZero();
    }

    @Test
    void streamedTradesArriveOnceInTidOrderOverTheWebSocket() throws Exception {
        simulator = ExchangeSimulator.builder().seed(6).quiet().build().start();
        addTrades(2);
        long since = lastTid();

        routes("routes/trades-source-streaming.yaml", since);
        awaitUntil("subscribed to btcusdt_trades", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        for (int round = 0; round < 6; round++) {
            addTrades(5);
        }
        MockEndpoint mock = routes.context().getEndpoint("mock:trades", MockEndpoint.class);
        awaitUntil("30 trades", () -> mock.getReceivedCounter() >= 30);

        List<Trade> expected = simulator.exchange().tradesAfter(MARKET, since);
        assertThat(expected).hasSize(30);
        List<JsonNode> received = bodies(mock);
        assertThat(received).extracting(t -> t.get("tid").asLong())
                .containsExactlyElementsOf(expected.stream().map(Trade::tid).toList());
        for (int i = 0; i < expected.size(); i++) {
            assertTrade(received.get(i), expected.get(i));
        }
    }

    private void addTrades(int count) {
        long now = simulator.clock().millis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, now, new BigDecimal(65000 + i), new BigDecimal("0.01"),
                    i % 2 == 0 ? Side.BUY : Side.SELL);
        }
    }

    private long lastTid() {
        return simulator.exchange().lastTrade(MARKET).tid();
    }

    private static List<JsonNode> bodies(MockEndpoint mock) throws Exception {
        List<JsonNode> bodies = new ArrayList<>();
        for (Exchange exchange : mock.getReceivedExchanges()) {
            bodies.add(JSON.readTree(exchange.getMessage().getBody(String.class)));
        }
        return bodies;
    }

    private static void assertTrade(JsonNode json, Trade trade) {
        assertThat(json.get("market").asText()).isEqualTo(MARKET);
        assertThat(json.get("tid").asLong()).isEqualTo(trade.tid());
        // Decimals are JSON strings, every digit kept: compare the text, scale included.
        assertThat(json.get("price").isTextual()).as("price is a JSON string").isTrue();
        assertThat(new BigDecimal(json.get("price").asText())).isEqualByComparingTo(trade.price());
        assertThat(new BigDecimal(json.get("amount").asText())).isEqualByComparingTo(trade.amount());
        assertThat(json.get("takerSide").asText()).isEqualTo(trade.takerSide().name());
        // The exchange sends trade dates in whole seconds.
        assertThat(Instant.parse(json.get("date").asText()))
                .isEqualTo(Instant.ofEpochSecond(Math.floorDiv(trade.epochMillis(), 1000)));
    }
}
