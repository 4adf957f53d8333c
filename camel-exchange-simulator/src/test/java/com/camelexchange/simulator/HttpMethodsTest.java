package com.camelexchange.simulator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** The API is GET-only: any other method is refused by the web server with 405 and {@code Allow: GET}. */
class HttpMethodsTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private HttpResponse<String> send(String method, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(simulator.get().baseUrl() + path))
                .timeout(Duration.ofSeconds(10)).header("User-Agent", ReferenceClient.USER_AGENT)
                .method(method, method.equals("GET") || method.equals("HEAD") || method.equals("DELETE")
                        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString("a=b"))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void methodsOtherThanGetAreRefusedWith405OnEveryApiPath() throws Exception {
        for (String path : List.of("/data/v1/ticker?market=btc_usdt", "/api/order", "/api/getAccountInfo")) {
            for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS")) {
                HttpResponse<String> reply = send(method, path);
                assertThat(reply.statusCode()).as(method + " " + path).isEqualTo(405);
                assertThat(reply.headers().firstValue("Allow")).as(method + " " + path).hasValue("GET");
            }
        }
        assertThat(send("GET", "/data/v1/ticker?market=btc_usdt").statusCode()).isEqualTo(200);
        assertThat(simulator.get().requestCount("order")).as("refused before the API counts it").isZero();
    }

    @Test
    void theWebSocketPathsRefuseOtherMethodsWith405WhateverTheCoin() throws Exception {
        for (String path : List.of("/websocket", "/websocket/btc", "/websocket/doge")) {
            HttpResponse<String> reply = send("POST", path);
            assertThat(reply.statusCode()).as("POST " + path).isEqualTo(405);
            assertThat(reply.headers().firstValue("Allow")).as("POST " + path).hasValue("GET");
        }
        assertThat(send("GET", "/websocket/doge").statusCode()).as("no market trades doge").isEqualTo(404);
    }
}
