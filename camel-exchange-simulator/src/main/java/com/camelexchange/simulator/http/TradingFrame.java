package com.camelexchange.simulator.http;

import com.camelexchange.simulator.engine.ExchangeError;
import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fields of a signed WebSocket frame and its signature. Every value is a JSON string; {@code sign} is the
 * lower-hex HMAC-MD5, keyed with the lower-hex SHA-1 of the secret, of the frame without {@code sign} written as
 * compact JSON with its keys in ASCII order: {@code {"accesskey":"…","channel":"getaccountinfo","event":"addChannel"}}.
 * That one text is accepted, as the service's SDK and the public clients make it; a frame with a value of another
 * JSON type was signed as some other text, and is refused as a wrong signature (1003).
 */
final class TradingFrame {
    static final int MAX_FIELDS = 16;
    static final int MAX_NAME_LENGTH = 32;
    /** Far above any real value (keys are 36 characters, numbers at most 64); keeps echoes and work small. */
    static final int MAX_VALUE_LENGTH = 128;
    static final int MAX_NO_LENGTH = 64;

    private final Map<String, String> fields;

    private TradingFrame(Map<String, String> fields) {
        this.fields = fields;
    }

    /**
     * The {@code no} a reply echoes: the frame's when it is a string or a number of at most {@value #MAX_NO_LENGTH}
     * characters; null (no echo) otherwise.
     */
    static String no(JsonNode frame) {
        JsonNode no = frame.get("no");
        if (no == null || !(no.isTextual() || no.isNumber())) {
            return null;
        }
        String text = no.asText();
        return text.length() <= MAX_NO_LENGTH ? text : null;
    }

    /** The fields of a frame, or 3005 for one beyond the bounds, 1003 for a value that is not a string. */
    static TradingFrame read(JsonNode frame) {
        if (frame.size() > MAX_FIELDS) {
            throw ExchangeError.invalidArguments("at most " + MAX_FIELDS + " fields");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : frame.properties()) {
            String name = field.getKey();
            if (name.length() > MAX_NAME_LENGTH) {
                throw ExchangeError.invalidArguments("a field name is longer than " + MAX_NAME_LENGTH);
            }
            JsonNode value = field.getValue();
            if (!value.isTextual()) {
                throw new ExchangeError(ExchangeError.SIGNATURE,
                        "Verification failed: every value is signed and sent as a JSON string");
            }
            if (value.textValue().length() > MAX_VALUE_LENGTH) {
                throw ExchangeError.invalidArguments(name + " is longer than " + MAX_VALUE_LENGTH + " characters");
            }
            fields.put(name, value.textValue());
        }
        return new TradingFrame(fields);
    }

    private static final com.fasterxml.jackson.core.JsonFactory FLAT = new com.fasterxml.jackson.core.JsonFactory();

    /**
     * The fields of a frame read straight from its text, without a tree, when it is a plain one: one object of at
     * most {@value #MAX_FIELDS} string fields, each name and value within its bound, no name twice, a {@code no} of at
     * most {@value #MAX_NO_LENGTH} characters. Null for anything else, which {@link #read(JsonNode)} reads (and
     * refuses) as it does every frame: what this accepts it reads as that would.
     */
    static TradingFrame readPlain(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        try (com.fasterxml.jackson.core.JsonParser p = FLAT.createParser(text)) {
            if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                return null;
            }
            for (com.fasterxml.jackson.core.JsonToken t = p.nextToken();
                 t != com.fasterxml.jackson.core.JsonToken.END_OBJECT; t = p.nextToken()) {
                String name = p.currentName();
                if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.VALUE_STRING
                    || name.length() > MAX_NAME_LENGTH || fields.size() == MAX_FIELDS) {
                    return null;
                }
                String value = p.getText();
                if (value.length() > (name.equals("no") ? MAX_NO_LENGTH : MAX_VALUE_LENGTH)
                    || fields.put(name, value) != null) {
                    return null;
                }
            }
            return p.nextToken() == null ? new TradingFrame(fields) : null;
        } catch (java.io.IOException | RuntimeException notPlain) {
            return null;
        }
    }

    Map<String, String> fields() {
        return fields;
    }

    String get(String name) {
        String v = fields.get(name);
        return v == null || v.isEmpty() ? null : v;
    }

    /** The text that is signed: every field but {@code sign}, keys in ASCII order, compact JSON. */
    static String signedText(Map<String, String> fields) {
        // Written as the mapper writes a map of strings (compact, its escapes), without a mapper per frame; the
        // fields as they came when they came sorted (a client signs them sorted and sends them so), else sorted here.
        Map<String, String> sorted = inOrder(fields) ? fields : new TreeMap<>(fields);
        StringBuilder text = new StringBuilder(32 + 40 * sorted.size()).append('{');
        for (Map.Entry<String, String> field : sorted.entrySet()) {
            if (field.getKey().equals("sign")) {
                continue;
            }
            if (text.length() > 1) {
                text.append(',');
            }
            Json.quote(text, field.getKey()).append(':');
            Json.quote(text, field.getValue());
        }
        return text.append('}').toString();
    }

    /** Whether the names but {@code sign} come in ASCII order already. */
    private static boolean inOrder(Map<String, String> fields) {
        String last = null;
        for (String name : fields.keySet()) {
            if (name.equals("sign")) {
                continue;
            }
            if (last != null && last.compareTo(name) >= 0) {
                return false;
            }
            last = name;
        }
        return true;
    }

    boolean signedWith(byte[] hmacKey) {
        String sign = fields.get("sign");
        if (sign == null) {
            return false;
        }
        String expected = SignatureVerifier.sign(hmacKey, signedText(fields));
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                sign.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    }
}
