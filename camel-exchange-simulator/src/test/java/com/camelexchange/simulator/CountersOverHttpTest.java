package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /simulator/counters}, what a user of the standalone jar reads with curl: every request, the signed
 * ones, each method and path; the same figures as the Java API, unchanged by reading them.
 */
class CountersOverHttpTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock).andThen(b -> b.key("AK", "SK")));

    private JsonNode counters(ReferenceClient client) {
        return ReferenceClient.parse(client.get("/simulator/counters"));
    }

    @Test
    void theCountersShowEveryRequestTheSignedOnesAndEachPath() {
        ReferenceClient client = ReferenceClient.of(simulator.get(), "AK", "SK");
        JsonNode before = counters(client);
        assertThat(before.get("requests").asLong()).isZero();
        assertThat(before.get("signedRequests").asLong()).as("what a paper run shows of the live service").isZero();
        assertThat(before.get("byPath").size()).isZero();

        client.data("ticker", "market", "btc_usdt");
        client.data("ticker", "market", "eth_usdt");
        client.data("depth", "market", "btc_usdt");
        client.api("getAccountInfo");
        client.apiRaw("getAccountInfo", "currency", "btc_usdt");
        client.api("getUnfinishedOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1", "pageSize", "10");
        assertThat(client.get("/data/v1/nothing").statusCode()).isEqualTo(404);

        JsonNode after = counters(client);
        assertThat(after.get("requests").asLong()).isEqualTo(7).isEqualTo(simulator.get().requestCount());
        assertThat(after.get("signedRequests").asLong()).as("a refused signed request counts too")
                .isEqualTo(3).isEqualTo(simulator.get().signedRequestCount());
        assertThat(after.get("byPath").properties()).extracting(Map.Entry::getKey).containsExactly(
                "GET /api/getAccountInfo", "GET /api/getUnfinishedOrdersIgnoreTradeType", "GET /data/v1/depth",
                "GET /data/v1/nothing", "GET /data/v1/ticker");
        assertThat(after.get("byPath").get("GET /data/v1/ticker").asLong()).isEqualTo(2);
        assertThat(after.get("byPath").get("GET /api/getAccountInfo").asLong()).isEqualTo(2);

        assertThat(counters(client)).as("reading the counters does not count").isEqualTo(after);
        assertThat(simulator.get().requestCount()).isEqualTo(7);
    }

    @Test
    void onlyGetReadsThemAndTheyKeepOutOfTheExchangesPaths() throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(
                        URI.create(simulator.get().baseUrl() + "/simulator/counters")).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString("reset")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET");

        // The exchange's own paths under the names are still the exchange's: an unknown operation, not the counters.
        ReferenceClient client = ReferenceClient.of(simulator.get(), "AK", "SK");
        assertThat(client.get("/data/v1/simulator/counters").statusCode()).isEqualTo(404);
        assertThat(ReferenceClient.parse(client.get("/api/simulator/counters")).get("code").asInt())
                .as("an unknown signed method").isEqualTo(3005);
        assertThat(counters(client).get("requests").asLong()).as("the two above; the POST was the counters'")
                .isEqualTo(2);
    }

    @Test
    void pathsFromClientsAreBoundedInNumberAndLength() {
        ReferenceClient client = ReferenceClient.of(simulator.get(), "AK", "SK");
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            paths.add("/probe/" + i);
        }
        paths.forEach(client::get);
        client.get("/" + "x".repeat(10_000));

        JsonNode byPath = counters(client).get("byPath");
        assertThat(byPath.size()).isLessThanOrEqualTo(257);
        assertThat(byPath.get("(other)").asLong()).as("the paths past the bound").isGreaterThanOrEqualTo(45);
        assertThat(byPath.properties()).allSatisfy(e -> assertThat(e.getKey().length()).isLessThan(80));
        long counted = 0;
        for (Map.Entry<String, JsonNode> entry : byPath.properties()) {
            counted += entry.getValue().asLong();
        }
        assertThat(counted).as("every request counted once").isEqualTo(301);
    }
}
