package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Signed WebSocket frames of one account on the JDK's WebSocket ({@link StreamClient}), written only from the
 * published rules and sharing no code with the simulator: every value a string, the frame without {@code sign} as
 * compact JSON with sorted keys, signed with HMAC-MD5 keyed by the SHA-1 hex of the secret
 * ({@link ReferenceClient#sign}). Replies are matched by {@code no}; pushes and other replies met on the way are kept
 * for later.
 */
final class TradingClient implements AutoCloseable {
    private final StreamClient stream;
    private final String accessKey;
    private final String secretKey;
    private final List<JsonNode> unclaimed = new ArrayList<>();
    private long nextNo = 1;

    TradingClient(ExchangeSimulator sim, String accessKey, String secretKey) {
        this.stream = StreamClient.connect(sim);
        this.accessKey = accessKey;
        this.secretKey = secretKey;
    }

    /** A client of the account {@code name} made by {@link ReferenceClient#forNewAccount} (secret {@code name-secret}). */
    static TradingClient of(ExchangeSimulator sim, String name) {
        return new TradingClient(sim, name, name + "-secret");
    }

    StreamClient stream() {
        return stream;
    }

    /** The text signed: sorted keys, compact JSON, every value a string (the values here need no escaping). */
    static String signedText(Map<String, String> fields) {
        StringBuilder text = new StringBuilder("{");
        new TreeMap<>(fields).forEach((k, v) -> {
            if (!k.equals("sign")) {
                text.append(text.length() > 1 ? "," : "").append('"').append(k).append("\":\"").append(v).append('"');
            }
        });
        return text.append('}').toString();
    }

    /** The frame of a signed request on {@code channel} with these extra fields and a fresh {@code no}. */
    Map<String, String> frame(String channel, String... keyValues) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("event", "addChannel");
        fields.put("channel", channel);
        fields.put("accesskey", accessKey);
        fields.put("no", Long.toString(nextNo++));
        for (int i = 0; i < keyValues.length; i += 2) {
            fields.put(keyValues[i], keyValues[i + 1]);
        }
        return fields;
    }

    /** Signs and sends a frame; returns its {@code no}. */
    String send(Map<String, String> fields) {
        fields.put("sign", ReferenceClient.sign(secretKey, signedText(fields)));
        return sendRaw(json(fields), fields.get("no"));
    }

    /** Sends a text as it is; returns {@code no}. */
    String sendRaw(String text, String no) {
        stream.send(text);
        return no;
    }

    /** A signed request, and its reply. */
    JsonNode call(String channel, String... keyValues) {
        return reply(send(frame(channel, keyValues)));
    }

    /** The reply carrying this {@code no}, keeping what arrives before it. */
    JsonNode reply(String no) {
        for (int i = 0; i < unclaimed.size(); i++) {
            if (no.equals(unclaimed.get(i).path("no").asText(null))) {
                return unclaimed.remove(i);
            }
        }
        for (int i = 0; i < 1000; i++) {
            JsonNode message = stream.next();
            if (no.equals(message.path("no").asText(null))) {
                return message;
            }
            unclaimed.add(message);
        }
        throw new AssertionError("No reply with no " + no);
    }

    /** The next message of a channel that carries a {@code dataType} (a push, not a reply). */
    JsonNode push(String channel) {
        for (int i = 0; i < unclaimed.size(); i++) {
            JsonNode m = unclaimed.get(i);
            if (channel.equals(m.path("channel").asText()) && m.has("dataType")) {
                return unclaimed.remove(i);
            }
        }
        for (int i = 0; i < 1000; i++) {
            JsonNode message = stream.next();
            if (channel.equals(message.path("channel").asText()) && message.has("dataType")) {
                return message;
            }
            unclaimed.add(message);
        }
        throw new AssertionError("No push on " + channel);
    }

    /** Messages received and not taken yet: kept on the way to a reply, or still queued. */
    int kept() {
        return unclaimed.size() + stream.pending();
    }

    /** The next message whatever it is, after those kept. */
    JsonNode next() {
        return unclaimed.isEmpty() ? stream.next() : unclaimed.remove(0);
    }

    static String json(Map<String, String> fields) {
        StringBuilder text = new StringBuilder("{");
        fields.forEach((k, v) -> text.append(text.length() > 1 ? "," : "").append('"').append(k).append("\":\"")
                .append(v).append('"'));
        return text.append('}').toString();
    }

    @Override
    public void close() {
        stream.close();
    }
}
