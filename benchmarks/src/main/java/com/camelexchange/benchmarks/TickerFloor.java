package com.camelexchange.benchmarks;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.io.entity.EntityUtils;

import java.math.BigDecimal;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The floor for polled tickers: what a hand-written client would do to have every market's ticker once a
 * period. One scheduled thread, one Apache HttpClient 5 keep-alive connection and Jackson: every period one
 * {@code allTicker} GET (the cheapest way: one request whatever the number of markets), its reply read into
 * typed tickers with BigDecimal values, and each market's ticker handed over as a route would get it.
 */
final class TickerFloor implements AutoCloseable {
    private static final TypeReference<Map<String, Values>> REPLY = new TypeReference<>() {
    };

    private final String url;
    private final Map<String, Integer> marketByPair;
    private final Deliveries deliveries;
    private final ObjectMapper mapper = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final LongAdder failures = new LongAdder();
    private CloseableHttpClient http;
    private ScheduledExecutorService scheduler;

    /** One market's ticker as {@code allTicker} sends it (strings), read as numbers. */
    record Values(BigDecimal high, BigDecimal low, BigDecimal buy, BigDecimal sell, BigDecimal last, BigDecimal vol) {
    }

    /** @param marketByPair the market's index by its key in {@code allTicker} (no underscore) */
    TickerFloor(String baseUrl, Map<String, Integer> marketByPair, Deliveries deliveries) {
        this.url = baseUrl + "/data/v1/allTicker";
        this.marketByPair = Map.copyOf(marketByPair);
        this.deliveries = deliveries;
    }

    TickerFloor start(long periodMillis) {
        http = HttpClients.custom().disableAutomaticRetries().build();
        scheduler = new ScheduledThreadPoolExecutor(1, r -> new Thread(r, "floor-ticker"));
        scheduler.scheduleAtFixedRate(this::poll, 0, periodMillis, TimeUnit.MILLISECONDS);
        return this;
    }

    private void poll() {
        try {
            HttpGet get = new HttpGet(url);
            get.setHeader("User-Agent", "floor");
            byte[] body = http.execute(get, response -> EntityUtils.toByteArray(response.getEntity()));
            Map<String, Values> tickers = mapper.readValue(body, REPLY);
            tickers.forEach((pair, values) -> {
                Integer market = marketByPair.get(pair);
                if (market != null) {
                    deliveries.add(market, ScaleTickers.stamp(values.last()));
                }
            });
        } catch (Exception e) {
            failures.increment();
        }
    }

    /** Polls that failed. */
    long failures() {
        return failures.sum();
    }

    @Override
    public void close() throws Exception {
        scheduler.shutdownNow();
        scheduler.awaitTermination(10, TimeUnit.SECONDS);
        http.close();
    }
}
