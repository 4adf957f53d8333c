package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.Echo;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * What is wrong with a reply, a pushed frame or one record of them, in few words, and the start of it: what an
 * exception's message says of something refused. Both are bounded and escaped, since they repeat what the exchange
 * sent.
 */
public final class ReplyProblems {
    private static final int SNIPPET = 120;

    private ReplyProblems() {
    }

    /** What is wrong with a reply (or a pushed frame) of {@code length} that could not be read, in few words. */
    static String problem(Exception e, int length) {
        if (e instanceof ValueInstantiationException && e.getCause() instanceof IllegalArgumentException bounds
            && (bounds instanceof Required.MissingFieldException || bounds instanceof ReplyFields.BadFieldException)) {
            return at((IOException) e) + bounds.getMessage();
        }
        if (e instanceof StreamConstraintsException bound) {
            return beyond(bound);
        }
        if (e instanceof JsonParseException parse) {
            return notJson(parse);
        }
        if (e.getCause() instanceof JsonParseException parse && e instanceof IOException io) {
            // Broken JSON met while binding a field (a frame cut short): where, and that much, not Jackson's words.
            return at(io) + notJson(parse);
        }
        if (e.getCause() instanceof StreamConstraintsException bound && e instanceof IOException io) {
            return at(io) + beyond(bound);
        }
        if (length == 0) {
            return "empty reply";
        }
        return e instanceof IOException io ? problem(io) : Echo.cut(String.valueOf(e.getMessage()), 160);
    }

    /**
     * Whether the tokenizer itself refused the text ({@code e} or what caused it): not JSON, not UTF-8, nested past
     * the bound. The parser cannot be trusted to find the next record after that, unlike after a value it read whole
     * and a reader refused.
     */
    static boolean tokenizerRefused(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JsonParseException || t instanceof StreamConstraintsException) {
                return true;
            }
            if (t.getCause() == t) {
                return false;
            }
        }
        return false;
    }

    /** Text that is no JSON, or whose bytes are no UTF-8 (JSON's encoding between systems), in those words. */
    private static String notJson(JsonParseException e) {
        String original = String.valueOf(e.getOriginalMessage());
        return original.startsWith("Invalid UTF-8") ? "not UTF-8" : "not JSON";
    }

    /** Past a bound of the parser's own: nested too deep, or a name or a text too long. */
    private static String beyond(StreamConstraintsException e) {
        String original = String.valueOf(e.getOriginalMessage());
        return original.contains("nesting depth") ? "nested deeper than " + ReplyMapper.MAX_NESTING + " levels"
                : "beyond the reader's bounds: " + Echo.cut(original.replaceAll("\\s+", " "), 120);
    }

    /** Where in the reply and Jackson's own words, cut: they may repeat part of the reply. */
    private static String problem(IOException e) {
        String original = e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage();
        return at(e) + Echo.cut(String.valueOf(original).replaceAll("\\s+", " "), 160);
    }

    /** {@code 'ticker.high': } or {@code 'asks[3]': } when Jackson knows the path, else nothing. */
    private static String at(IOException e) {
        if (!(e instanceof JsonMappingException m) || m.getPath().isEmpty()) {
            return "";
        }
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(Echo.cut(r.getFieldName(), 40));
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        return "'" + path + "': ";
    }

    /** The start of a reply, on one line, for messages. */
    public static String snippet(byte[] body) {
        if (body == null || body.length == 0) {
            return "";
        }
        return snippet(new String(body, 0, Math.min(body.length, SNIPPET * 4), StandardCharsets.UTF_8), body.length);
    }

    /** The start of a reply of {@code length} (bytes or characters), of which {@code start} is the beginning. */
    static String snippet(String start, int length) {
        String flat = Echo.escape(start.replaceAll("\\s+", " ").trim());
        return flat.length() <= SNIPPET && length <= SNIPPET * 4 ? flat
                : flat.substring(0, Math.min(flat.length(), SNIPPET)) + "...";
    }
}
