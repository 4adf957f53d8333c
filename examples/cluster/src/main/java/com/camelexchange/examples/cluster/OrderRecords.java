package com.camelexchange.examples.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The ids of the orders the instances placed, as their order routes wrote them: one file per route and per start
 * of an instance, one line per order. Read once the instances are gone. A line a SIGKILL cut short has no line end
 * and ends its file (the instance started again writes new files); it is not read.
 */
final class OrderRecords {
    private OrderRecords() {
    }

    /** How many times each order id was written, over every file in {@code directory}. */
    static Map<String, Integer> read(Path directory) {
        Map<String, Integer> written = new HashMap<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (!file.getFileName().toString().endsWith(".log")) {
                    continue;
                }
                String text = Files.readString(file, StandardCharsets.UTF_8);
                String[] lines = text.split("\n", -1);
                // The last piece follows the last line end: empty, or a line cut short.
                for (int i = 0; i < lines.length - 1; i++) {
                    if (!lines[i].isEmpty()) {
                        written.merge(lines[i], 1, Integer::sum);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return written;
    }
}
