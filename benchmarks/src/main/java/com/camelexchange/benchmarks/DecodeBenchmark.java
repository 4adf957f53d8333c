package com.camelexchange.benchmarks;

import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The cost of decoding replies into models from the bytes the transport reads: the two a route reads most
 * often (a ticker, an order), a 50-level depth, an allTicker of 100 markets and a page of 50 trades (also with one
 * trade nested 3,000 deep, which sends the page to be read record by record); and pushed
 * frames, read once from the characters the WebSocket decoded into the payload of their channel (run with
 * {@code -prof gc} for the bytes
 * allocated per decode).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DecodeBenchmark {
    private final ExchangeJson json = new ExchangeJson();
    private byte[] depth;
    private byte[] allTicker;
    private byte[] trades;
    private byte[] tradesOneNested;
    private final byte[] ticker = ("{\"ticker\":{\"high\":\"66012.51\",\"low\":\"64010.00\",\"buy\":\"65000.10\","
            + "\"sell\":\"65000.20\",\"last\":\"65000.15\",\"vol\":\"1234.5678\"},\"date\":\"1795335858123\"}")
            .getBytes(StandardCharsets.UTF_8);
    private final byte[] order = ("{\"currency\":\"btc_usdt\",\"id\":\"202611221234567\",\"price\":65000.1,\"status\":3,"
            + "\"total_amount\":0.01,\"trade_amount\":0.004,\"trade_money\":260.0004,\"trade_date\":1795335858123,"
            + "\"type\":1}").getBytes(StandardCharsets.UTF_8);
    private final Map<String, String> pairs = new HashMap<>();
    private final PushFrames frames = new PushFrames(json);
    private final char[] tradesPush = ("{\"data\":[{\"date\":1795335858,\"amount\":\"0.0100\",\"price\":\"65000.15\","
            + "\"trade_type\":\"bid\",\"type\":\"buy\",\"tid\":1000123}],\"dataType\":\"trades\","
            + "\"channel\":\"btcusdt_trades\"}").toCharArray();
    private char[] depthPush;

    @Setup
    public void replies() {
        StringBuilder asks = new StringBuilder();
        StringBuilder bids = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            asks.append(i == 0 ? "" : ",").append('[').append(65100 - i).append(".25,").append("0.").append(1000 + i)
                    .append(']');
            bids.append(i == 0 ? "" : ",").append('[').append(65000 - i).append(".50,").append("1.").append(2000 + i)
                    .append(']');
        }
        depth = ("{\"asks\":[" + asks + "],\"bids\":[" + bids + "],\"timestamp\":1795335858}")
                .getBytes(StandardCharsets.UTF_8);
        depthPush = ("{\"asks\":[" + asks + "],\"bids\":[" + bids + "],\"dataType\":\"depth\",\"channel\":\"btcusdt_depth\","
                     + "\"timestamp\":1795335858}").toCharArray();
        StringBuilder tickers = new StringBuilder("{");
        for (int i = 0; i < 100; i++) {
            String pair = "coin" + i + "usdt";
            pairs.put(pair, "coin" + i + "_usdt");
            tickers.append(i == 0 ? "" : ",").append('"').append(pair).append("\":{\"high\":\"1.2345\",\"low\":\"1.1000\","
                    + "\"buy\":\"1.2000\",\"sell\":\"1.2010\",\"last\":\"1.2005\",\"vol\":\"123456.78\"}");
        }
        allTicker = tickers.append('}').toString().getBytes(StandardCharsets.UTF_8);
        StringBuilder page = new StringBuilder("[");
        for (int i = 0; i < 50; i++) {
            page.append(i == 0 ? "" : ",").append("{\"date\":1795335858,\"amount\":\"0.0100\",\"price\":\"65000.15\","
                    + "\"trade_type\":\"bid\",\"type\":\"buy\",\"tid\":").append(1000123 + i).append('}');
        }
        trades = page.append(']').toString().getBytes(StandardCharsets.UTF_8);
        // The same page with its 26th trade's price nested 3,000 deep: read record by record.
        String deep = "[".repeat(3_000) + "1" + "]".repeat(3_000);
        tradesOneNested = new String(trades, StandardCharsets.UTF_8).replaceFirst(
                "\"price\":\"65000.15\"(,\"trade_type\":\"bid\",\"type\":\"buy\",\"tid\":1000148)",
                "\"price\":" + deep + "$1").getBytes(StandardCharsets.UTF_8);
        if (json.trades("btc_usdt", tradesOneNested).size() != 49) {
            throw new IllegalStateException("The page with one trade nested is not read as 49 trades");
        }
    }

    @Benchmark
    public Ticker ticker() {
        return json.ticker("btc_usdt", ticker);
    }

    @Benchmark
    public Order order() {
        return json.order("getOrder", order, true);
    }

    @Benchmark
    public Depth depth50() {
        return json.depth("btc_usdt", depth);
    }

    @Benchmark
    public Map<String, Ticker> allTicker100() {
        return json.allTicker(allTicker, pairs);
    }

    @Benchmark
    public List<Trade> trades50() {
        return json.trades("btc_usdt", trades);
    }

    @Benchmark
    public List<Trade> trades50OneNested3000() {
        return json.trades("btc_usdt", tradesOneNested);
    }

    @Benchmark
    public List<Trade> pushedTrades() {
        return frames.trades("btc_usdt", frames.read(tradesPush, 0, tradesPush.length));
    }

    @Benchmark
    public Depth pushedDepth50() {
        return frames.depth("btc_usdt", frames.read(depthPush, 0, depthPush.length), 50);
    }
}
