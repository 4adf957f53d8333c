package com.camelexchange.benchmarks;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The public book and last trade of one market as an exchange serves them over REST: the simulator standing in for
 * the live service, or a paper exchange, which serves the book and trades it was fed. Two of them equal means the
 * paper exchange has taken everything the market published so far.
 *
 * @param bids    best first, {@code price:amount} with trailing zeros stripped
 * @param asks    best (lowest) first, likewise
 * @param lastTid the newest trade's id, -1 without one
 */
record PublicBook(List<String> bids, List<String> asks, long lastTid) {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static PublicBook read(String baseUrl, String market) {
        JsonNode depth = get(baseUrl + "/data/v1/depth?market=" + market + "&size=50");
        JsonNode trades = get(baseUrl + "/data/v1/trades?market=" + market);
        long last = -1;
        for (JsonNode t : trades) {
            last = Math.max(last, t.get("tid").asLong());
        }
        return new PublicBook(levels(depth.get("bids"), false), levels(depth.get("asks"), true), last);
    }

    /** The price of the {@code index}-th best level of a side, or null when the side is shorter. */
    BigDecimal price(boolean bid, int index) {
        List<String> side = bid ? bids : asks;
        return index < side.size() ? new BigDecimal(side.get(index).substring(0, side.get(index).indexOf(':'))) : null;
    }

    private static List<String> levels(JsonNode side, boolean ascending) {
        List<BigDecimal[]> levels = new ArrayList<>();
        for (JsonNode level : side) {
            levels.add(new BigDecimal[] {decimal(level.get(0)), decimal(level.get(1))});
        }
        Comparator<BigDecimal[]> byPrice = Comparator.comparing(l -> l[0]);
        levels.sort(ascending ? byPrice : byPrice.reversed());
        return levels.stream().map(l -> l[0].stripTrailingZeros().toPlainString() + ":"
                + l[1].stripTrailingZeros().toPlainString()).toList();
    }

    private static BigDecimal decimal(JsonNode node) {
        return node.isNumber() ? node.decimalValue() : new BigDecimal(node.asText());
    }

    private static JsonNode get(String url) {
        try {
            HttpResponse<String> reply = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5))
                    .header("User-Agent", "fill-realism").build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = JSON.readTree(reply.body());
            return body.has("data") && !body.has("asks") ? body.get("data") : body;
        } catch (IOException e) {
            throw new IllegalStateException("GET " + url + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }
}
