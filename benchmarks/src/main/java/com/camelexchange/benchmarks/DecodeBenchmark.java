package com.camelexchange.benchmarks;

import com.camelexchange.component.api.wire.ExchangeJson;
import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Ticker;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The cost of decoding a 50-level depth and an allTicker of 100 markets into models, from the bytes the
 * transport reads (run with {@code -prof gc} for the bytes allocated per decode).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DecodeBenchmark {
    private final ExchangeJson json = new ExchangeJson();
    private byte[] depth;
    private byte[] allTicker;
    private final Map<String, String> pairs = new HashMap<>();

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
        StringBuilder tickers = new StringBuilder("{");
        for (int i = 0; i < 100; i++) {
            String pair = "coin" + i + "usdt";
            pairs.put(pair, "coin" + i + "_usdt");
            tickers.append(i == 0 ? "" : ",").append('"').append(pair).append("\":{\"high\":\"1.2345\",\"low\":\"1.1000\","
                    + "\"buy\":\"1.2000\",\"sell\":\"1.2010\",\"last\":\"1.2005\",\"vol\":\"123456.78\"}");
        }
        allTicker = tickers.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public Depth depth50() {
        return json.depth("btc_usdt", depth);
    }

    @Benchmark
    public Map<String, Ticker> allTicker100() {
        return json.allTicker(allTicker, pairs);
    }
}
