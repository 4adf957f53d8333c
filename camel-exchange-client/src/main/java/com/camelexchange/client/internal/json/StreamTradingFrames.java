package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SortedMap;

/**
 * The frames of signed calls over the WebSocket, written and read. A request is a compact JSON object of string
 * values in ASCII order of names, which is also the text its {@code sign} is made of. A reply
 * ({@code {"success":…,"code":…,"channel":…,"message":…,"no":…,"data":…}}) is either the exchange's refusal, thrown as
 * the same {@link ExchangeErrorReplyException} a REST reply with that code is, or its {@code data}, handed on in the
 * shape of the REST reply of the same call so that one reader decodes both: the order's {@code data} is JSON inside a
 * string whose {@code entrustId} becomes the REST reply's {@code id} (its digits kept as text, as they may exceed
 * 2^53), the account's becomes the REST reply's {@code result} (its permission flags false: the WebSocket's reply has none), the others are the REST records as they are. The
 * {@code data} is cut out of the frame's text as it is, never read into numbers and written again.
 */
public final class StreamTradingFrames {
    private static final JsonFactory JSON = new JsonFactory();
    private static final int SUCCESS = 1000;

    private StreamTradingFrames() {
    }

    /** The compact JSON of {@code fields}, in the order of the map (sorted, for a text to sign). */
    public static String write(SortedMap<String, String> fields) {
        StringWriter out = new StringWriter(64 + 32 * fields.size());
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            for (Map.Entry<String, String> field : fields.entrySet()) {
                g.writeStringField(field.getKey(), field.getValue());
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("Writing to a string cannot fail", e);
        }
        return out.toString();
    }

    /**
     * The reply's {@code data} in the shape of the REST reply of {@code method} (a REST method name).
     *
     * @throws ExchangeErrorReplyException  when the reply refuses the call
     * @throws ExchangeReplyFormatException when it is no reply the call can have
     */
    public static byte[] restShaped(String method, String reply) {
        Envelope envelope = Envelope.read(method, reply);
        if (envelope.code != null && envelope.code != SUCCESS || Boolean.FALSE.equals(envelope.success)) {
            int code = envelope.code != null && envelope.code != SUCCESS ? envelope.code : 1001;
            throw new ExchangeErrorReplyException(method, code, envelope.message == null ? "" : envelope.message);
        }
        if (envelope.code == null && envelope.success == null) {
            throw format(method, "neither code nor success", reply);
        }
        String shaped = switch (method) {
            case "order" -> "{\"code\":1000,\"id\":\"" + entrustId(method, envelope.data, reply) + "\"}";
            case "cancelOrder" -> "{\"code\":1000}";
            // The WebSocket's account reply has no permission flags: they read false (TradeTransport says so).
            case "getAccountInfo" -> "{\"result\":" + required(method, envelope.data, reply)
                                     + ",\"assetPerm\":false,\"entrustPerm\":false,\"moneyPerm\":false,"
                                     + "\"leverPerm\":false}";
            case "getUserAddress", "getWithdrawAddress", "getWithdrawRecord" ->
                    "{\"code\":1000,\"message\":{\"isSuc\":true,\"datas\":" + required(method, envelope.data, reply)
                    + "}}";
            default -> required(method, envelope.data, reply);
        };
        return shaped.getBytes(StandardCharsets.UTF_8);
    }

    private static String required(String method, String data, String reply) {
        if (data == null) {
            throw format(method, "no data", reply);
        }
        return data;
    }

    /** The order's number from {@code "{\"entrustId\":201711133673}"}: a whole number, kept as its digits. */
    private static String entrustId(String method, String data, String reply) {
        String inner = required(method, data, reply);
        // The service's form is the text of a JSON string, already taken out of its quotes; an object is read alike.
        try (JsonParser p = JSON.createParser(inner)) {
            return entrustId(method, p, reply);
        } catch (IOException e) {
            throw format(method, "data is not JSON", reply);
        }
    }

    private static String entrustId(String method, JsonParser p, String reply) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw format(method, "data is no object", reply);
        }
        for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            if (name.equals("entrustId")) {
                if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_STRING) {
                    String digits = p.getText();
                    if (digits.length() <= 20 && digits.chars().allMatch(Character::isDigit) && !digits.isEmpty()) {
                        return digits;
                    }
                }
                throw format(method, "entrustId is not an order number", reply);
            }
            p.skipChildren();
        }
        throw format(method, "no entrustId", reply);
    }

    private static ExchangeReplyFormatException format(String method, String problem, String reply) {
        return new ExchangeReplyFormatException(method, problem, ReplyProblems.snippet(
                reply.getBytes(StandardCharsets.UTF_8)));
    }

    /** The top level of a reply: {@code data} as its raw text (a string's quotes included). */
    private record Envelope(Boolean success, Integer code, String message, String data) {
        static Envelope read(String method, String reply) {
            Boolean success = null;
            Integer code = null;
            String message = null;
            String data = null;
            try (JsonParser p = JSON.createParser(reply)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw format(method, "not a JSON object", reply);
                }
                for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                    String name = p.currentName();
                    JsonToken value = p.nextToken();
                    switch (name) {
                        case "success" -> success = value.isBoolean() ? value == JsonToken.VALUE_TRUE : null;
                        case "code" -> code = code(method, p, value, reply);
                        case "message" -> message = value == JsonToken.VALUE_STRING ? p.getText() : message;
                        case "data" -> data = data(p, value, reply);
                        default -> p.skipChildren();
                    }
                }
                if (p.currentToken() != JsonToken.END_OBJECT) {
                    throw format(method, "the reply object does not end", reply);
                }
            } catch (IOException e) {
                throw format(method, ReplyProblems.problem(e, reply.length()), reply);
            }
            return new Envelope(success, code, message, data);
        }

        /**
         * An object or list as its text, cut out of the reply; a string as its value (the order's JSON inside a
         * string); anything else is no data.
         */
        private static String data(JsonParser p, JsonToken value, String reply) throws IOException {
            if (value == JsonToken.VALUE_STRING) {
                return p.getText();
            }
            if (value != JsonToken.START_OBJECT && value != JsonToken.START_ARRAY) {
                p.skipChildren();
                return null;
            }
            int start = (int) p.currentTokenLocation().getCharOffset();
            p.skipChildren();
            int end = (int) p.currentLocation().getCharOffset();
            return reply.substring(start, end);
        }

        private static Integer code(String method, JsonParser p, JsonToken value, String reply) throws IOException {
            if (value == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
                return p.getIntValue();
            }
            if (value == JsonToken.VALUE_STRING && p.getTextLength() <= 9 && p.getText().matches("-?\\d{1,9}")) {
                return Integer.parseInt(p.getText());
            }
            throw format(method, "'code' is not a whole number", reply);
        }
    }
}
