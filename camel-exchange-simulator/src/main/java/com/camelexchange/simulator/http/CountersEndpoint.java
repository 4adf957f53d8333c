package com.camelexchange.simulator.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;

import java.util.Map;

/**
 * {@code GET /simulator/counters}: what the simulator received, as JSON, for a user or a script that runs the
 * standalone jar and must show that a call was or was not made (paper mode: no signed request reached the exchange
 * standing in for the live service). {@code requests} counts every HTTP request, {@code signedRequests} those to the
 * signed interface ({@code /api/...}, whatever came of them), {@code byPath} each method and path. The path is
 * outside the exchange's own ({@code /data/v1/...}, {@code /api/...}, {@code /websocket...}), and its own requests
 * are not counted, so reading the counters never changes them.
 */
final class CountersEndpoint {
    static final String PATH = "/simulator/counters";

    private CountersEndpoint() {
    }

    static boolean serves(String path) {
        return path.equals(PATH);
    }

    static void reply(HttpServerRequest request, long requests, long signedRequests, Map<String, Long> byPath) {
        if (request.method() != HttpMethod.GET) {
            request.response().setStatusCode(405).putHeader("Allow", "GET").putHeader("content-type", "text/plain")
                    .end("Method Not Allowed");
            return;
        }
        ObjectNode counters = Json.object();
        counters.put("requests", requests);
        counters.put("signedRequests", signedRequests);
        ObjectNode paths = counters.putObject("byPath");
        byPath.forEach(paths::put);
        request.response().putHeader("content-type", "application/json;charset=UTF-8").end(Json.write(counters));
    }
}
