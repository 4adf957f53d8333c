package com.camelexchange.sweep;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A short recording of btc_usdt for the tests: each second a book of 5 levels a side and a trade at a mid that
 * swings up and down (a triangle of 20 minutes, with a step of its own every second from a fixed sequence), the
 * trade's taker side from the same sequence. Fixed: the same file every time.
 */
final class SmallRecording {
    static final Instant T0 = Instant.parse("2026-01-05T00:00:00Z");

    private SmallRecording() {
    }

    static Path write(Path file, int seconds) throws IOException {
        long noise = 12345;
        try (RecordingWriter out = RecordingWriter.create(file)) {
            out.write(new MarketEvent.Markets(T0, List.of(new MarketSpec("btc_usdt", 2, 4, new BigDecimal("0.0001"),
                    BigDecimal.ONE, new BigDecimal("30000")))));
            for (int i = 0; i < seconds; i++) {
                noise = (noise * 6364136223846793005L + 1442695040888963407L);
                int phase = i % 1200;
                long swing = phase < 600 ? phase : 1200 - phase;
                BigDecimal mid = BigDecimal.valueOf(30_000_00L + swing * 20 + ((noise >>> 33) % 200) - 100, 2);
                Instant at = T0.plusSeconds(i);
                List<PriceLevel> asks = new ArrayList<>();
                List<PriceLevel> bids = new ArrayList<>();
                for (int level = 1; level <= 5; level++) {
                    BigDecimal step = BigDecimal.valueOf(level, 1);
                    asks.add(new PriceLevel(mid.add(step), new BigDecimal("0.5")));
                    bids.add(new PriceLevel(mid.subtract(step), new BigDecimal("0.5")));
                }
                out.write(new MarketEvent.Depth(at, "btc_usdt", asks, bids, at));
                out.write(new MarketEvent.Trade(at, "btc_usdt", i + 1L, at, mid, new BigDecimal("0.01"),
                        ((noise >>> 40) & 1) == 0 ? Side.BUY : Side.SELL));
            }
        }
        return file;
    }
}
