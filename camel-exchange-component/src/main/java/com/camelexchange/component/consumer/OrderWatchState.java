package com.camelexchange.component.consumer;

import com.camelexchange.component.model.OrderEventType;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the orders consumer has reported, committed with each event: the newest order id announced (the
 * watermark; every order up to it was announced or was finished before the consumer first started) and,
 * per open order, the traded amount and event last reported. Finished orders are dropped, so the state
 * stays as small as the open orders. Stored as compact JSON:
 * <pre>{"watermark":"202411220000000123","open":{"202411220000000100":{"traded":"0.5","last":"PARTIALLY_FILLED"}}}</pre>
 * An entry without {@code last} is an order that was open when the consumer first started and is not
 * announced yet.
 *
 * @param watermark the highest order id announced; 0 before any
 * @param open      the open orders followed, by id
 */
record OrderWatchState(long watermark, SortedMap<Long, Report> open) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The last report of one order.
     *
     * @param traded the cumulative traded amount reported
     * @param last   the last event reported; null while the order is not announced yet
     */
    record Report(BigDecimal traded, OrderEventType last) {
    }

    OrderWatchState {
        open = Collections.unmodifiableSortedMap(new TreeMap<>(open));
    }

    /** This state with an order's report replaced (null: no longer followed) and the watermark raised to at least {@code announced}. */
    OrderWatchState with(long id, Report report, long announced) {
        TreeMap<Long, Report> next = new TreeMap<>(open);
        if (report == null) {
            next.remove(id);
        } else {
            next.put(id, report);
        }
        return new OrderWatchState(Math.max(watermark, announced), next);
    }

    String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("watermark", Long.toString(watermark));
        ObjectNode orders = root.putObject("open");
        open.forEach((id, report) -> {
            ObjectNode entry = orders.putObject(Long.toString(id));
            entry.put("traded", report.traded().toPlainString());
            if (report.last() != null) {
                entry.put("last", report.last().name());
            }
        });
        return root.toString();
    }

    /** Reads {@link #toJson()}; refuses anything else, naming the key, rather than guessing. */
    static OrderWatchState fromJson(String key, String text) {
        try {
            JsonNode root = JSON.readTree(text);
            TreeMap<Long, Report> open = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> entries = root.path("open").fields();
            while (entries.hasNext()) {
                Map.Entry<String, JsonNode> entry = entries.next();
                JsonNode last = entry.getValue().get("last");
                open.put(Long.parseLong(entry.getKey()), new Report(new BigDecimal(entry.getValue().path("traded")
                        .asText()), last == null ? null : OrderEventType.valueOf(last.asText())));
            }
            return new OrderWatchState(Long.parseLong(root.path("watermark").asText()), open);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalStateException("The stored state of " + key + " is not an order watch state", e);
        }
    }
}
