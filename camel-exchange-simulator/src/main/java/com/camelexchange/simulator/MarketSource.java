package com.camelexchange.simulator;

import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.Coins;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.replay.Replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

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
     * The markets given for an external market; for a replay without them, those the recording names (but
     * those of coins the wallets do not hold, whose lines are then skipped), or else the builder's.
     */
    static List<MarketSpec> markets(List<MarketSpec> external, Replay replay, List<MarketSpec> own) {
        if (external == null && replay != null && !replay.recordedMarkets().isEmpty()) {
            return replay.recordedMarkets().stream()
                    .filter(m -> Coins.exists(m.baseCoin()) && Coins.exists(m.quoteCoin())).toList();
        }
        List<MarketSpec> markets = external != null ? external : own;
        if (external != null) {
            requireKnownCoins(markets);
        }
        return markets;
    }

    /** Wallets hold the simulator's coins only: an external market of another coin could not be traded. */
    private static void requireKnownCoins(List<MarketSpec> markets) {
        String unknown = markets.stream().flatMap(m -> Stream.of(m.baseCoin(), m.quoteCoin()))
                .filter(coin -> !Coins.exists(coin)).distinct().sorted().collect(Collectors.joining(", "));
        if (!unknown.isEmpty()) {
            String known = StreamSupport.stream(Coins.all().spliterator(), false).map(Coin::key)
                    .collect(Collectors.joining(", "));
            throw new IllegalArgumentException("The simulator's wallets hold " + known + "; leave out the markets"
                    + " of " + unknown);
        }
    }
}
