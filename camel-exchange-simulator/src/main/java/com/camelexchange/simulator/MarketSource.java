package com.camelexchange.simulator;

import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.replay.Replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** Where a simulator's markets come from: its own, an external market's, or a recording's. */
final class MarketSource {
    private MarketSource() {
    }

    static Replay openReplay(Path recording, double speed) {
        try {
            return Replay.open(recording, speed);
        } catch (IOException e) {
            throw new UncheckedIOException("The recording " + recording + " cannot be read", e);
        }
    }

    /**
     * The markets given for an external market; for a replay without them, those the recording names, or else
     * the builder's. The wallets hold every coin the markets name (see {@code CoinSet}).
     */
    static List<MarketSpec> markets(List<MarketSpec> external, Replay replay, List<MarketSpec> own) {
        if (external == null && replay != null && !replay.recordedMarkets().isEmpty()) {
            return replay.recordedMarkets();
        }
        return external != null ? external : own;
    }
}
