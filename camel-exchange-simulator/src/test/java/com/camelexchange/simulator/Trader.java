package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Signed calls of one account over real HTTP, as a route would make them, with the answers tests read. */
final class Trader {
    private final ReferenceClient client;

    Trader(ExchangeSimulator sim, String accessKey) {
        this.client = ReferenceClient.of(sim, accessKey, accessKey + "-secret");
    }

    /** Places an order that the exchange accepts; its id. */
    String place(String market, String side, String price, String amount, String... extra) {
        JsonNode reply = order(market, side, price, amount, extra);
        assertThat(reply.get("code").asText()).as(reply.toString()).isEqualTo("1000");
        return reply.get("id").asText();
    }

    /** The reply of an order call: {@code side} is buy or sell. */
    JsonNode order(String market, String side, String price, String amount, String... extra) {
        String[] args = new String[8 + extra.length];
        String[] base = {"currency", market, "price", price, "amount", amount, "tradeType",
                side.equals("buy") ? "1" : "0"};
        System.arraycopy(base, 0, args, 0, 8);
        System.arraycopy(extra, 0, args, 8, extra.length);
        return client.api("order", args);
    }

    JsonNode get(String market, String id) {
        return client.api("getOrder", "currency", market, "id", id);
    }

    JsonNode cancel(String market, String id) {
        return client.api("cancelOrder", "currency", market, "id", id);
    }

    JsonNode unfinished(String market) {
        return client.api("getUnfinishedOrdersIgnoreTradeType", "currency", market, "pageIndex", "1",
                "pageSize", "10");
    }

    /** A coin of getAccountInfo: {@code available} and {@code freez} as the exchange writes them. */
    JsonNode coin(String key) {
        for (JsonNode c : client.api("getAccountInfo").get("result").get("coins")) {
            if (c.get("key").asText().equals(key)) {
                return c;
            }
        }
        throw new AssertionError("no coin " + key);
    }

    /** The text of a market-data reply, numbers as the exchange wrote them. */
    String dataText(String pathAndQuery) {
        return client.get("/data/v1/" + pathAndQuery).body();
    }

    JsonNode data(String operation, String... keyValues) {
        return client.data(operation, keyValues);
    }
}
