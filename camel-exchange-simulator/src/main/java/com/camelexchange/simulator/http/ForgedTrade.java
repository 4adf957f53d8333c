package com.camelexchange.simulator.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;

/** Adds a trade the tape does not hold to a {@code trades} reply (the fault {@code Fault.forgedTrade}). */
final class ForgedTrade {
    private ForgedTrade() {
    }

    /** The reply with one more trade of id {@code tid}; a body that is not an array of trades is left as it is. */
    static String into(String body, long tid) {
        JsonNode reply;
        try {
            reply = Json.MAPPER.readTree(body);
        } catch (IOException e) {
            return body;
        }
        if (!(reply instanceof ArrayNode trades)) {
            return body;
        }
        ObjectNode forged;
        if (trades.isEmpty()) {
            forged = Json.object();
            forged.put("date", System.currentTimeMillis() / 1000);
            forged.put("amount", "0.01");
            forged.put("price", "1");
            forged.put("trade_type", "bid");
            forged.put("type", "buy");
        } else {
            forged = ((ObjectNode) trades.get(trades.size() - 1)).deepCopy();
        }
        forged.put("tid", tid);
        trades.add(forged);
        return Json.write(trades);
    }
}
