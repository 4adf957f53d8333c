package com.camelexchange.examples.springboot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads a {@code text/event-stream} body on its own thread, as fast as it comes: events are blocks of
 * {@code field:value} lines ended by a blank line; comment lines start with a colon.
 */
final class ServerSentEvents {
    private final ObjectMapper json = new ObjectMapper();
    private final BlockingQueue<Map<String, String>> arrived = new LinkedBlockingQueue<>();
    private final List<Map<String, String>> seen = new ArrayList<>();

    ServerSentEvents(Stream<String> lines) {
        Thread reader = new Thread(() -> {
            Map<String, String> fields = new LinkedHashMap<>();
            try {
                for (String line : (Iterable<String>) lines::iterator) {
                    if (line.isEmpty()) {
                        if (!fields.isEmpty()) {
                            arrived.add(fields);
                            fields = new LinkedHashMap<>();
                        }
                    } else if (!line.startsWith(":")) {
                        int colon = line.indexOf(':');
                        String value = colon < 0 ? "" : line.substring(colon + 1);
                        fields.merge(colon < 0 ? line : line.substring(0, colon),
                                value.startsWith(" ") ? value.substring(1) : value, (a, b) -> a + "\n" + b);
                    }
                }
            } catch (RuntimeException closed) {
                // The test closed the stream.
            }
        }, "sse-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** The data of the next event with that name for that order, skipping the events of other orders. */
    JsonNode next(String name, String orderId, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Map<String, String> event = arrived.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            assertThat(event).as("a %s event for order %s within %s", name, orderId, timeout).isNotNull();
            seen.add(event);
            JsonNode data = data(event);
            if (name.equals(event.get("event")) && orderId.equals(data.get("order").get("id").asText())) {
                return data;
            }
        }
    }

    /**
     * Reads events until one named {@code name} has come for each of the orders, in any order; fails if one
     * comes twice.
     */
    void awaitEach(String name, Collection<String> orderIds, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Set<String> missing = new HashSet<>(orderIds);
        while (!missing.isEmpty()) {
            Map<String, String> event = arrived.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            assertThat(event).as("%s events for %d of the orders within %s", name, missing.size(), timeout)
                    .isNotNull();
            seen.add(event);
            String id = data(event).get("order").get("id").asText();
            if (name.equals(event.get("event")) && orderIds.contains(id)) {
                assertThat(missing.remove(id)).as("%s for order %s once", name, id).isTrue();
            }
        }
    }

    /** The names of the events read so far for one order. */
    List<String> namesOf(String orderId) {
        List<String> names = new ArrayList<>();
        for (Map<String, String> event : seen) {
            if (orderId.equals(data(event).get("order").get("id").asText())) {
                names.add(event.get("event"));
            }
        }
        return names;
    }

    private JsonNode data(Map<String, String> event) {
        try {
            return json.readTree(event.get("data"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
