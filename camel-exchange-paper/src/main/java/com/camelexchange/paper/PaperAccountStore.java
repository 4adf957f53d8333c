package com.camelexchange.paper;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.service.ServiceHelper;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps the paper account in a Camel {@link StateRepository} under one key, as JSON:
 * {@code {"format":"camel-exchange-paper/1","accessKey":...,"startingBalances":{...},"lastTrades":{...},"accounts":{...}}},
 * the last being the paper exchange's export. Without a repository it keeps nothing.
 */
final class PaperAccountStore {
    static final String FORMAT = "camel-exchange-paper/1";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final StateRepository<String, String> repository;
    private final String key;

    /** @param repository null to keep nothing */
    PaperAccountStore(StateRepository<String, String> repository, String key) {
        this.repository = repository;
        this.key = key;
        if (repository != null) {
            ServiceHelper.startService(repository);
        }
    }

    /**
     * The account kept, or null when there is none.
     *
     * @throws IllegalStateException when what is kept under the key is not a paper account
     */
    PaperAccount load() {
        String text = repository == null ? null : repository.getState(key);
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            JsonNode root = MAPPER.readTree(text);
            if (root == null || !FORMAT.equals(root.path("format").asText()) || !root.path("accessKey").isTextual()) {
                throw new IllegalStateException("What the paperStateRepository keeps under " + key + " is not a"
                        + " paper account of format " + FORMAT);
            }
            Map<String, BigDecimal> starting = new LinkedHashMap<>();
            root.path("startingBalances").fields().forEachRemaining(e -> starting.put(e.getKey(),
                    new BigDecimal(e.getValue().asText())));
            Map<String, Long> lastTrades = new LinkedHashMap<>();
            root.path("lastTrades").fields().forEachRemaining(e -> lastTrades.put(e.getKey(), e.getValue().asLong()));
            JsonNode accounts = root.get("accounts");
            return new PaperAccount(root.get("accessKey").asText(), starting,
                    accounts == null || accounts.isNull() ? null : MAPPER.writeValueAsString(accounts), lastTrades);
        } catch (JsonProcessingException | NumberFormatException e) {
            throw new IllegalStateException("What the paperStateRepository keeps under " + key + " cannot be read"
                    + " as a paper account: " + e.getMessage(), e);
        }
    }

    /** Keeps the account, replacing what was kept. */
    void save(PaperAccount account) {
        if (repository == null) {
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
            repository.setState(key, MAPPER.writeValueAsString(root));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("The paper account cannot be written as JSON", e);
        }
    }
}
