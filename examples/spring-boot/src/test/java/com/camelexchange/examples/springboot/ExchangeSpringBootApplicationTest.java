package com.camelexchange.examples.springboot;

import com.camelexchange.examples.support.ExchangeTarget;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.NotifyBuilder;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application as {@code spring-boot:run} starts it (application.yaml, the embedded simulator supplied by
 * the initializer), on a random port, driven over HTTP as a user would with curl. With the application's meter
 * registries: a {@code @SpringBootTest} otherwise replaces them by an in-memory one (no {@code /actuator/prometheus}).
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability(tracing = false)
class ExchangeSpringBootApplicationTest {
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @LocalServerPort
    int port;
    @Autowired
    CamelContext camelContext;
    @Autowired
    ExchangeSimulator simulator;

    @Test
    void servesTheLatestTickerSeenByThePollingRoute() throws Exception {
        NotifyBuilder polled = new NotifyBuilder(camelContext).fromRoute("tickers").whenCompleted(6).create();
        assertThat(polled.matches(20, TimeUnit.SECONDS)).as("all six markets polled").isTrue();

        HttpResponse<String> response = get("/api/tickers/btc_usdt");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode ticker = json.readTree(response.body());
        assertThat(ticker.get("market").asText()).isEqualTo("btc_usdt");
        assertThat(decimal(ticker.get("buy"))).isPositive();
        assertThat(decimal(ticker.get("buy")).scale()).as("the market's price scale").isEqualTo(2);

        assertThat(get("/api/tickers/doge_usdt").statusCode()).isEqualTo(404);
    }

    @Test
    void placesAJsonOrderAndReportsItsState() throws Exception {
        int openBefore = simulator.account(ExchangeTarget.DEMO_ACCESS_KEY).openOrderCount("btc_usdt");
        HttpResponse<String> placed = post("/api/orders",
                "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"1000.00\", \"amount\": \"0.0100\"}");
        assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
        String id = json.readTree(placed.body()).get("id").asText();
        assertThat(simulator.account(ExchangeTarget.DEMO_ACCESS_KEY).openOrderCount("btc_usdt")).isEqualTo(openBefore + 1);

        HttpResponse<String> order = get("/api/orders/btc_usdt/" + id);
        assertThat(order.statusCode()).isEqualTo(200);
        assertThat(json.readTree(order.body()).get("status").asText()).isEqualTo("PENDING");
        assertThat(decimal(json.readTree(order.body()).get("price"))).isEqualByComparingTo("1000.00");
    }

    @Test
    void cancelsAnOrderThroughTheApi() throws Exception {
        HttpResponse<String> placed = post("/api/orders",
                "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"1300.00\", \"amount\": \"0.0100\"}");
        assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
        String id = json.readTree(placed.body()).get("id").asText();
        long cancelsBefore = simulator.requestCount("cancelOrder");

        HttpResponse<String> cancelled = delete("/api/orders/btc_usdt/" + id);
        assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
        assertThat(json.readTree(cancelled.body()).get("status").asText()).isEqualTo("CANCELLED");
        assertThat(simulator.requestCount("cancelOrder")).isEqualTo(cancelsBefore + 1);
        assertThat(simulator.exchange().order(simulator.exchange().key(ExchangeTarget.DEMO_ACCESS_KEY).user(),
                "btc_usdt", Long.parseLong(id), null).state()).isEqualTo(Order.State.CANCELLED);

        HttpResponse<String> again = delete("/api/orders/btc_usdt/" + id);
        assertThat(again.statusCode()).as("cancelled already: done, " + again.body()).isEqualTo(200);
        assertThat(json.readTree(again.body()).get("status").asText()).isEqualTo("CANCELLED");

        HttpResponse<String> missing = delete("/api/orders/btc_usdt/987654321012345678");
        assertThat(missing.statusCode()).as(missing.body()).isEqualTo(404);
        assertThat(json.readTree(missing.body()).get("category").asText()).isEqualTo("ORDER_NOT_FOUND");
    }

    @Test
    void cancellingAFilledOrderAnswers409WithTheOrder() throws Exception {
        // Above the best ask: it fills at once against the simulator's book.
        BigDecimal price = simulator.exchange().best("btc_usdt", Side.SELL).multiply(new BigDecimal("1.05"))
                .setScale(2, RoundingMode.DOWN);
        HttpResponse<String> placed = post("/api/orders",
                "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"" + price + "\", \"amount\": \"0.0010\"}");
        assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
        String id = json.readTree(placed.body()).get("id").asText();

        HttpResponse<String> refused = delete("/api/orders/btc_usdt/" + id);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
        assertThat(json.readTree(refused.body()).get("status").asText()).isEqualTo("FILLED");
    }

    @Test
    void anUnknownOrderAnswers404WithAShortJsonBody() throws Exception {
        long notFoundBefore = simulator.errorReplyCount(3001);
        HttpResponse<String> missing = get("/api/orders/btc_usdt/987654321012345678");
        assertThat(missing.statusCode()).as(missing.body()).isEqualTo(404);
        assertThat(missing.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        assertThat(missing.body().length()).as("answer length").isLessThan(300);
        JsonNode problem = json.readTree(missing.body());
        assertThat(problem.get("status").asInt()).isEqualTo(404);
        assertThat(problem.get("code").asInt()).as("the exchange's order-not-found code").isEqualTo(3001);
        assertThat(problem.get("category").asText()).isEqualTo("ORDER_NOT_FOUND");
        assertThat(problem.get("error").asText()).contains("not found");
        assertThat(simulator.errorReplyCount(3001)).as("the exchange's own answer").isGreaterThan(notFoundBefore);
    }

    @Test
    void refusesABadOrderWithoutSendingIt() throws Exception {
        long ordersBefore = simulator.requestCount("order");
        HttpResponse<String> refused = post("/api/orders",
                "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"1000.001\", \"amount\": \"0.01\"}");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(json.readTree(refused.body()).get("error").asText()).contains("price");
        assertThat(simulator.requestCount("order")).isEqualTo(ordersBefore);
    }

    @Test
    void anAbsurdNumberIsRefusedWithAShortAnswer() throws Exception {
        long ordersBefore = simulator.requestCount("order");
        for (String price : new String[] {"1E-99999999", "1E+999999999", "1" + "0".repeat(10_000)}) {
            HttpResponse<String> refused = post("/api/orders",
                    "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"" + price + "\", \"amount\": \"0.01\"}");
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(refused.body().length()).as("answer length").isLessThan(400);
            assertThat(json.readTree(refused.body()).get("error").asText()).contains("body price");
        }
        assertThat(simulator.requestCount("order")).isEqualTo(ordersBefore);
    }

    @Test
    void anExchangeRefusalAnswers422WithItsCode() throws Exception {
        HttpResponse<String> refused = post("/api/orders",
                "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"1000.00\", \"amount\": \"5000\"}");
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
        assertThat(json.readTree(refused.body()).get("category").asText()).isEqualTo("INSUFFICIENT_FUNDS");
    }

    @Test
    void passesTheOrderEventsOnAsServerSentEvents() throws Exception {
        HttpResponse<Stream<String>> stream = http.send(HttpRequest.newBuilder(uri("/api/orders/events"))
                .header("Accept", "text/event-stream").build(), HttpResponse.BodyHandlers.ofLines());
        try {
            assertThat(stream.statusCode()).isEqualTo(200);
            assertThat(stream.headers().firstValue("Content-Type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("text/event-stream"));
            ServerSentEvents events = new ServerSentEvents(stream.body());

            // An order placed through the application's own API rests in the book: NEW.
            HttpResponse<String> placed = post("/api/orders",
                    "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"1500.00\", \"amount\": \"0.0100\"}");
            assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
            String id = json.readTree(placed.body()).get("id").asText();

            JsonNode created = events.next("NEW", id, Duration.ofSeconds(20));
            assertThat(created.get("type").asText()).isEqualTo("NEW");
            assertThat(created.get("order").get("side").asText()).isEqualTo("BUY");
            assertThat(decimal(created.get("order").get("price"))).isEqualByComparingTo("1500.00");
            assertThat(decimal(created.get("tradedSinceLast"))).isZero();
            assertThat(created.get("detectedAt").asText()).as("ISO time").matches("\\d{4}-\\d{2}-\\d{2}T.*Z");

            // Cancelled behind the application's back (as on the exchange's web site): still reported.
            simulator.exchange().cancel(simulator.exchange().key(ExchangeTarget.DEMO_ACCESS_KEY).user(), "btc_usdt",
                    Long.parseLong(id), null);
            JsonNode cancelled = events.next("CANCELLED", id, Duration.ofSeconds(20));
            assertThat(cancelled.get("order").get("status").asText()).isEqualTo("CANCELLED");
            assertThat(events.namesOf(id)).as("each event once, in order").containsExactly("NEW", "CANCELLED");
        } finally {
            stream.body().close();
        }
    }

    @Test
    void healthShowsTheComponentsChecksUnderCamel() throws Exception {
        NotifyBuilder polled = new NotifyBuilder(camelContext).fromRoute("tickers").whenCompleted(1).create();
        assertThat(polled.matches(20, TimeUnit.SECONDS)).isTrue();
        HttpResponse<String> health = get("/actuator/health");
        assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
        JsonNode camel = json.readTree(health.body()).get("components").get("camelHealth");
        assertThat(camel.get("status").asText()).isEqualTo("UP");
        assertThat(camel.get("details").toString()).contains("consumer:tickers").contains("producer:exchange-");
        // The component's own consumer check, with what it reads and how it is doing.
        JsonNode orders = camel.get("details").get("consumer:order-events.data");
        assertThat(orders.get("operation").asText()).as(camel.toString()).isEqualTo("orders");
        assertThat(orders.get("failuresInARow").asInt()).isZero();
        // Ready once every consumer has polled once (the orders watch's first poll reads the account's orders).
        int readiness = 0;
        for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); readiness != 200 && System.nanoTime() < end; ) {
            readiness = get("/actuator/health/readiness").statusCode();
        }
        assertThat(readiness).isEqualTo(200);
        assertThat(health.body()).doesNotContain(ExchangeTarget.DEMO_SECRET_KEY);
    }

    @Test
    void configpropsShowsTheComponentsValuesButMasksTheKeys() throws Exception {
        HttpResponse<String> response = get("/actuator/configprops");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode exchange = null;
        for (JsonNode context : json.readTree(response.body()).get("contexts")) {
            for (JsonNode bean : context.get("beans")) {
                if ("camel.component.exchange".equals(bean.path("prefix").asText())) {
                    exchange = bean;
                }
            }
        }
        assertThat(exchange).as("the starter's properties").isNotNull();
        JsonNode properties = exchange.get("properties");
        assertThat(properties.get("accessKey").asText()).isEqualTo("******");
        assertThat(properties.get("secretKey").asText()).isEqualTo("******");
        assertThat(properties.get("baseUrl").asText()).isEqualTo(simulator.baseUrl());
        assertThat(properties.get("apiVariant").asText()).isEqualTo("A");
        JsonNode inputs = exchange.get("inputs");
        assertThat(inputs.get("secretKey").get("value").asText()).isEqualTo("******");
        assertThat(inputs.get("baseUrl").get("value").asText()).as("as written in application.yaml")
                .isEqualTo("${EXCHANGE_BASE_URL}");
        assertThat(response.body()).doesNotContain(ExchangeTarget.DEMO_ACCESS_KEY)
                .doesNotContain(ExchangeTarget.DEMO_SECRET_KEY);

        HttpResponse<String> env = get("/actuator/env");
        assertThat(env.statusCode()).isEqualTo(200);
        assertThat(env.body()).doesNotContain(ExchangeTarget.DEMO_ACCESS_KEY)
                .doesNotContain(ExchangeTarget.DEMO_SECRET_KEY);
    }

    @Test
    void metricsShowTheComponentsCallsAndOrders() throws Exception {
        // Counts before: the context (and its meters) is shared with the other tests of the class.
        double allTickerBefore = count("camel.exchange.calls?tag=operation:allTicker");
        double orderBefore = count("camel.exchange.calls?tag=operation:order&tag=outcome:success");
        double getOrderBefore = count("camel.exchange.calls?tag=operation:getOrder&tag=outcome:success");
        double placedBefore = count("camel.exchange.orders?tag=outcome:placed");
        double allBefore = count("camel.exchange.calls");

        // GET /api/tickers answers from what the polling route read with exchange:allTicker: wait for a new poll.
        NotifyBuilder polled = new NotifyBuilder(camelContext).fromRoute("tickers").whenCompleted(6).create();
        assertThat(polled.matches(20, TimeUnit.SECONDS)).as("one more poll of all markets").isTrue();
        assertThat(get("/api/tickers/btc_usdt").statusCode()).isEqualTo(200);
        HttpResponse<String> placed = post("/api/orders",
                "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"1200.00\", \"amount\": \"0.0100\"}");
        assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
        String id = json.readTree(placed.body()).get("id").asText();
        assertThat(get("/api/orders/btc_usdt/" + id).statusCode()).isEqualTo(200);

        HttpResponse<String> names = get("/actuator/metrics");
        assertThat(names.statusCode()).as(names.body()).isEqualTo(200);
        assertThat(json.readTree(names.body()).get("names")).extracting(JsonNode::asText)
                .contains("camel.exchange.calls", "camel.exchange.orders", "camel.exchange.rate.permit.wait");

        HttpResponse<String> calls = get("/actuator/metrics/camel.exchange.calls");
        assertThat(calls.statusCode()).as("the component recorded its calls: " + calls.body()).isEqualTo(200);
        JsonNode timer = json.readTree(calls.body());
        assertThat(statistic(timer, "COUNT")).as("allTicker, order and getOrder at least")
                .isGreaterThanOrEqualTo(allBefore + 3);
        assertThat(statistic(timer, "TOTAL_TIME")).as("seconds").isPositive();
        assertThat(tagValues(timer, "operation")).contains("allTicker", "order", "getOrder");
        assertThat(tagValues(timer, "outcome")).contains("success");
        assertThat(count("camel.exchange.calls?tag=operation:allTicker")).isGreaterThanOrEqualTo(allTickerBefore + 1);
        assertThat(count("camel.exchange.calls?tag=operation:order&tag=outcome:success")).isEqualTo(orderBefore + 1);
        assertThat(count("camel.exchange.calls?tag=operation:getOrder&tag=outcome:success"))
                .isGreaterThanOrEqualTo(getOrderBefore + 1);
        assertThat(count("camel.exchange.orders?tag=outcome:placed")).as("the order placed")
                .isEqualTo(placedBefore + 1);

        HttpResponse<String> prometheus = get("/actuator/prometheus");
        assertThat(prometheus.statusCode()).isEqualTo(200);
        assertThat(prometheus.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/plain"));
        // Prometheus names: dots become underscores; a timer has _seconds_count, _seconds_sum and _seconds_max,
        // a counter _total.
        assertThat(prometheus.body())
                .containsPattern(Pattern.compile(
                        "(?m)^camel_exchange_calls_seconds_count\\{operation=\"allTicker\",outcome=\"success\"} [1-9]"))
                .containsPattern(Pattern.compile(
                        "(?m)^camel_exchange_calls_seconds_count\\{operation=\"order\",outcome=\"success\"} [1-9]"))
                .containsPattern(Pattern.compile(
                        "(?m)^camel_exchange_orders_total\\{operation=\"order\",outcome=\"placed\"} [1-9]"))
                .contains("camel_exchange_rate_permit_wait_seconds_count{")
                .doesNotContain(ExchangeTarget.DEMO_ACCESS_KEY);
    }

    /** The COUNT of a meter from /actuator/metrics ({@code name?tag=key:value...}), 0 while it has none. */
    private double count(String meter) throws Exception {
        HttpResponse<String> response = get("/actuator/metrics/" + meter);
        if (response.statusCode() == 404) {
            return 0;
        }
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return statistic(json.readTree(response.body()), "COUNT");
    }

    private static double statistic(JsonNode meter, String statistic) {
        for (JsonNode measurement : meter.get("measurements")) {
            if (statistic.equals(measurement.get("statistic").asText())) {
                return measurement.get("value").asDouble();
            }
        }
        throw new AssertionError("no " + statistic + " in " + meter);
    }

    private static List<String> tagValues(JsonNode meter, String tag) {
        List<String> values = new ArrayList<>();
        for (JsonNode available : meter.get("availableTags")) {
            if (tag.equals(available.get("tag").asText())) {
                available.get("values").forEach(value -> values.add(value.asText()));
            }
        }
        return values;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> delete(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).DELETE().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** Decimals are JSON strings, as every model writes them: exact, never a double. */
    private static java.math.BigDecimal decimal(com.fasterxml.jackson.databind.JsonNode node) {
        assertThat(node.isTextual()).as("a decimal as text: " + node).isTrue();
        return new java.math.BigDecimal(node.asText());
    }
}
