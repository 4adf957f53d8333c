package com.camelexchange.client.internal.feed.account;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the withdrawals consumer has reported, committed with each event: the newest record announced (the
 * watermark, by its place in the listing) and, per record not yet final, the status last reported. Final
 * records are dropped, so the state stays as small as the pending records. Stored as compact JSON:
 * <pre>{"watermark":{"submitTime":1700000000000,"id":123},"pending":{"123":{"submitTime":1700000000000,"status":0}}}</pre>
 * A pending entry with {@code "announced":false} was pending when the consumer first started and is not
 * announced yet.
 *
 * @param watermark the newest record announced; null before any
 * @param pending   the records followed, by id
 */
record WithdrawalWatchState(RecordPosition watermark, SortedMap<Long, Followed> pending) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A record followed until its status is final.
     *
     * @param announced false for a record pending at the first start and not announced yet
     */
    record Followed(long submitTime, int status, boolean announced) {
        RecordPosition position(long id) {
            return new RecordPosition(submitTime, id);
        }
    }

    WithdrawalWatchState {
        pending = Collections.unmodifiableSortedMap(new TreeMap<>(pending));
    }

    /** The oldest place in the listing still of interest: the oldest record followed, else the watermark. */
    RecordPosition floor() {
        RecordPosition floor = watermark;
        for (Map.Entry<Long, Followed> entry : pending.entrySet()) {
            RecordPosition at = entry.getValue().position(entry.getKey());
            floor = floor == null || at.compareTo(floor) < 0 ? at : floor;
        }
        return floor;
    }

    /** This state with a record's entry replaced (null: no longer followed) and the watermark raised to at least {@code announced}. */
    WithdrawalWatchState with(long id, Followed followed, RecordPosition announced) {
        TreeMap<Long, Followed> next = new TreeMap<>(pending);
        if (followed == null) {
            next.remove(id);
        } else {
            next.put(id, followed);
        }
        RecordPosition mark = watermark == null || announced != null && announced.compareTo(watermark) > 0
                ? announced : watermark;
        return new WithdrawalWatchState(mark, next);
    }

    String toJson() {
        ObjectNode root = JSON.createObjectNode();
        if (watermark != null) {
            root.putObject("watermark").put("submitTime", watermark.submitTime()).put("id", watermark.id());
        }
        ObjectNode records = root.putObject("pending");
        pending.forEach((id, followed) -> {
            ObjectNode entry = records.putObject(Long.toString(id));
            entry.put("submitTime", followed.submitTime());
            entry.put("status", followed.status());
            if (!followed.announced()) {
                entry.put("announced", false);
            }
        });
        return root.toString();
    }

    /** Reads {@link #toJson()}; refuses anything else, naming the key, rather than guessing. */
    static WithdrawalWatchState fromJson(String key, String text) {
        try {
            JsonNode root = JSON.readTree(text);
            JsonNode mark = root.get("watermark");
            TreeMap<Long, Followed> pending = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> entries = root.path("pending").fields();
            while (entries.hasNext()) {
                Map.Entry<String, JsonNode> entry = entries.next();
                JsonNode value = entry.getValue();
                pending.put(Long.parseLong(entry.getKey()), new Followed(required(value, "submitTime").asLong(),
                        required(value, "status").asInt(), value.path("announced").asBoolean(true)));
            }
            return new WithdrawalWatchState(mark == null ? null : new RecordPosition(
                    required(mark, "submitTime").asLong(), required(mark, "id").asLong()), pending);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalStateException("The stored state of " + key + " is not a withdrawal watch state", e);
        }
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isNumber()) {
            throw new IllegalArgumentException("missing " + field);
        }
        return value;
    }
}
