package com.camelexchange.examples.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The shared store the instances write trades into, read back: one file per trade id, each holding one line
 * per time the trade was stored (the sink ignores a trade it holds, so more than one line is a duplicate).
 */
final class TradeStore {
    /** A stored trade: its lines as written (normally one). */
    record Stored(long tid, List<String> lines) {
        String node() {
            String first = lines.get(0);
            return first.substring(first.lastIndexOf(' ') + 1);
        }
    }

    private final Path directory;

    TradeStore(Path directory) {
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    /** Every stored trade by trade id; files being written (a temporary prefix) are not read. */
    TreeMap<Long, Stored> read() {
        TreeMap<Long, Stored> trades = new TreeMap<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String name = file.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                if (!lines.isEmpty()) {
                    trades.put(Long.parseLong(name), new Stored(Long.parseLong(name), lines));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return trades;
    }

    /** The instance that stored the newest trade: the leader, as far as the store can tell. */
    static String newestWriter(TreeMap<Long, Stored> trades) {
        return trades.isEmpty() ? null : trades.lastEntry().getValue().node();
    }

    /** How many trades in a row, newest first, one instance stored. */
    static int newestRun(TreeMap<Long, Stored> trades) {
        String writer = newestWriter(trades);
        int run = 0;
        for (Map.Entry<Long, Stored> entry : trades.descendingMap().entrySet()) {
            if (!entry.getValue().node().equals(writer)) {
                break;
            }
            run++;
        }
        return run;
    }
}
