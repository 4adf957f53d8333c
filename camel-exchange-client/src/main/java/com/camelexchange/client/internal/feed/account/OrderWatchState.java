package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.model.OrderEventType;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;

/**
 * What the orders consumer has reported: the newest order id announced (the watermark; every order up to it
 * was announced or was finished before the consumer first started) and, per open order, the traded amount and
 * event last reported. Finished orders are dropped, so the state is as large as the open orders.
 *
 * <p>There is one state per consumer, changed in place: an event carries only its own {@link Change}, applied
 * when it is delivered. Memory so grows with the open orders, not with the events of a poll times the
 * open orders. Each order's entry keeps its JSON text, so storing the state after every event joins those texts
 * rather than writing every entry anew. Stored as compact JSON:
 * <pre>{"watermark":"202411220000000123","open":{"202411220000000100":{"traded":"0.5","last":"PARTIALLY_FILLED"}}}</pre>
 * An entry without {@code last} is an order that was open when the consumer first started and is not
 * announced yet. Not thread-safe: the consumer's poll thread alone uses it.
 */
final class OrderWatchState {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The last report of one order.
     *
     * @param traded the cumulative traded amount reported
     * @param last   the last event reported; null while the order is not announced yet
     */
    record Report(BigDecimal traded, OrderEventType last) {
    }

    /**
     * What delivering one event changes.
     *
     * @param id        the order
     * @param report    its report once the event is delivered; null when it is no longer followed
     * @param announced the watermark is raised to at least this id
     */
    record Change(long id, Report report, long announced) {
    }

    /** A report and its JSON text, {@code "<id>":{...}}, made once. */
    private record Entry(Report report, String json) {
        static Entry of(long id, Report report) {
            StringBuilder text = new StringBuilder(64).append('"').append(id).append("\":{\"traded\":\"")
                    .append(report.traded().toPlainString()).append('"');
            if (report.last() != null) {
                text.append(",\"last\":\"").append(report.last().name()).append('"');
            }
            return new Entry(report, text.append('}').toString());
        }
    }

    private final TreeMap<Long, Entry> open = new TreeMap<>();
    private long watermark;
    /** The length of the last JSON text, to size the next one. */
    private int lastLength = 64;

    /** @param watermark the highest order id announced; 0 before any */
    OrderWatchState(long watermark) {
        this.watermark = watermark;
    }

    long watermark() {
        return watermark;
    }

    /** The ids of the open orders followed, ascending; a view, changed by {@link #apply}. */
    NavigableSet<Long> followed() {
        return open.navigableKeySet();
    }

    /** The last report of a followed order; null when it is not followed. */
    Report report(long id) {
        Entry entry = open.get(id);
        return entry == null ? null : entry.report();
    }

    int size() {
        return open.size();
    }

    void apply(Change change) {
        if (change.report() == null) {
            open.remove(change.id());
        } else {
            open.put(change.id(), Entry.of(change.id(), change.report()));
        }
        watermark = Math.max(watermark, change.announced());
    }

    String toJson() {
        StringBuilder text = new StringBuilder(lastLength + 64).append("{\"watermark\":\"").append(watermark)
                .append("\",\"open\":{");
        boolean first = true;
        for (Entry entry : open.values()) {
            if (!first) {
                text.append(',');
            }
            text.append(entry.json());
            first = false;
        }
        String json = text.append("}}").toString();
        lastLength = json.length();
        return json;
    }

    /** Reads {@link #toJson()}; refuses anything else, naming the key, rather than guessing. */
    static OrderWatchState fromJson(String key, String text) {
        try {
            JsonNode root = JSON.readTree(text);
            OrderWatchState state = new OrderWatchState(Long.parseLong(root.path("watermark").asText()));
            Iterator<Map.Entry<String, JsonNode>> fields = root.path("open").fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> entry = fields.next();
                JsonNode last = entry.getValue().get("last");
                state.apply(new Change(Long.parseLong(entry.getKey()), new Report(new BigDecimal(entry.getValue()
                        .path("traded").asText()), last == null ? null : OrderEventType.valueOf(last.asText())), 0));
            }
            return state;
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalStateException("The stored state of " + key + " is not an order watch state", e);
        }
    }
}
