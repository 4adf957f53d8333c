package com.camelexchange.component.hostile;

import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.FaultPlan;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * One record of the exchange's data served with a hostile value in every reply that holds it, as an exchange whose
 * record stays bad would serve it: found by its id wherever the reply lists it (a trade on any page, an order in
 * any listing), so that a consumer that asks again gets the same bad record again. {@link #served} counts the
 * replies that carried it; {@link #healed} serves it as it is again.
 */
final class HostileRecord implements UnaryOperator<String> {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** More calls than any test makes: the rewrite is played on each until the test clears it or heals it. */
    private static final int EVERY_CALL = 20_000;

    private final String list;
    private final String key;
    private final String id;
    private final String field;
    private final HostileValue value;
    private final AtomicInteger served = new AtomicInteger();
    private volatile boolean healed;

    /**
     * @param list  the path of the list in the reply ({@code ""}: the reply is the list; null: the reply is the record)
     * @param key   the record's id: a field name, or an index in a record that is an array (a candle's open time)
     * @param id    the id's value, as text
     * @param field the field made hostile, below the record
     */
    private HostileRecord(String list, String key, String id, String field, HostileValue value) {
        this.list = list;
        this.key = key;
        this.id = id;
        this.field = field;
        this.value = value;
    }

    /** The record of a list whose {@code key} is {@code id}. */
    static HostileRecord inList(String list, String key, Object id, String field, HostileValue value) {
        return new HostileRecord(list, key, id.toString(), field, value);
    }

    /** A reply that is the record itself ({@code getOrder}), when its {@code key} is {@code id}. */
    static HostileRecord whole(String key, Object id, String field, HostileValue value) {
        return new HostileRecord(null, key, id.toString(), field, value);
    }

    /** Plays this rewrite on every call of {@code method} from now on. */
    HostileRecord servedBy(FaultPlan faults, String method) {
        faults.inject(method, Fault.rewrite(field + " of " + id + ": " + value.label(), this), EVERY_CALL);
        return this;
    }

    /** The replies that carried the hostile record so far. */
    int served() {
        return served.get();
    }

    /** From now on the record is served as it is: the exchange's data is good again. */
    void heal() {
        healed = true;
    }

    @Override
    public String apply(String reply) {
        if (healed) {
            return reply;
        }
        JsonNode root;
        try {
            root = JSON.readTree(reply);
        } catch (JsonProcessingException e) {
            return reply;
        }
        if (list == null) {
            return matches(root) ? serve("/" + field, reply) : reply;
        }
        JsonNode records = list.isEmpty() ? root : root.at(list);
        for (int i = 0; i < records.size(); i++) {
            if (matches(records.get(i))) {
                return serve(list + "/" + i + "/" + field, reply);
            }
        }
        return reply;
    }

    private boolean matches(JsonNode record) {
        JsonNode at = key.chars().allMatch(Character::isDigit) ? record.get(Integer.parseInt(key)) : record.get(key);
        return at != null && at.asText().equals(id);
    }

    private String serve(String path, String reply) {
        served.incrementAndGet();
        return value.at(path).apply(reply);
    }
}
