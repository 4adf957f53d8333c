package com.camelexchange.paper;

import com.camelexchange.client.Positions;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps the paper account in the program's {@link Positions} under one key, as JSON:
 * {@code {"format":"camel-exchange-paper/1","accessKey":...,"startingBalances":{...},"lastTrades":{...},"accounts":{...}}},
 * the last being the paper exchange's export. Without positions it keeps nothing. (A component keeps it in its
 * {@code paperStateRepository}, under {@code paperStateKey}.)
 */
final class PaperAccountStore {
    static final String FORMAT = "camel-exchange-paper/1";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Positions positions;
    private final String key;

    /** @param positions null to keep nothing */
    PaperAccountStore(Positions positions, String key) {
        this.positions = positions;
        this.key = key;
    }

    /**
     * The account kept, or null when there is none.
     *
     * @throws PaperStateException when what is kept under the key is not a paper account
     */
    PaperAccount load() {
        String text = positions == null ? null : positions.get(key);
        if (text == null || text.isBlank()) {
            return null;
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonEOFException e) {
            throw unusable("it ends early, " + where(e) + ": a save was cut short");
        } catch (JsonProcessingException e) {
            // Jackson's own words may quote what is kept: only where it stopped is told.
            throw unusable("it is not well-formed JSON, " + where(e));
        }
        if (root == null || !FORMAT.equals(root.path("format").asText()) || !root.path("accessKey").isTextual()) {
            throw unusable("it is not a paper account of format " + FORMAT);
        }
        Map<String, BigDecimal> starting = new LinkedHashMap<>();
        try {
            root.path("startingBalances").fields().forEachRemaining(e -> starting.put(e.getKey(),
                    new BigDecimal(e.getValue().asText())));
        } catch (NumberFormatException e) {
            throw unusable("a starting balance is not a number");
        }
        Map<String, Long> lastTrades = new LinkedHashMap<>();
        root.path("lastTrades").fields().forEachRemaining(e -> lastTrades.put(e.getKey(), e.getValue().asLong()));
        JsonNode accounts = root.get("accounts");
        try {
            return new PaperAccount(root.get("accessKey").asText(), starting,
                    accounts == null || accounts.isNull() ? null : MAPPER.writeValueAsString(accounts), lastTrades);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A tree read from JSON always writes back", e);
        }
    }

    /**
     * The error of a kept account that cannot be taken up: where it is kept and its key, what is wrong, and what to do.
     *
     * @param problem what is wrong with it, never quoting what is kept
     */
    PaperStateException unusable(String problem) {
        return new PaperStateException("The paper account kept in " + positions + " under the key '" + key
                + "' cannot be taken up: " + problem + ". Nothing was sent. To start a new paper account with its"
                + " starting balances, delete the key '" + key + "' from there or keep the account under another"
                + " key (paperStateKey).");
    }

    private static String where(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        return at == null ? "somewhere" : "at line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    /** Keeps the account, replacing what was kept. */
    void save(PaperAccount account) {
        if (positions == null) {
            return;
        }
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("accessKey", account.accessKey());
        ObjectNode starting = root.putObject("startingBalances");
        account.startingBalances().forEach((coin, amount) -> starting.put(coin, amount.toPlainString()));
        ObjectNode lastTrades = root.putObject("lastTrades");
        account.lastTrades().forEach(lastTrades::put);
        try {
            root.set("accounts", account.accounts() == null ? null : MAPPER.readTree(account.accounts()));
            positions.put(key, MAPPER.writeValueAsString(root));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("The paper account cannot be written as JSON", e);
        }
    }
}
