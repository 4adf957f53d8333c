package com.camelexchange.simulator.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A raw query string decoded as the HTTP server decodes one (Vert.x's {@code request.params()} with its defaults):
 * parameters separated by {@code &} or {@code ;}, leading {@code =} of a pair skipped, a name up to the first
 * {@code =} (none: an empty value), empty names skipped, {@code +} a space and {@code %XX} the bytes of UTF-8, at most {@value #MAX_PARAMETERS} parameters;
 * of a name given twice, the first value, as {@link SimulatorHttpServer} keeps. What a client sends URL-encoded,
 * both roads of {@link ApiService} read alike, and its signature checks alike.
 */
final class QueryParameters {
    /** Parameters read from one query; Vert.x reads no more either. */
    static final int MAX_PARAMETERS = 1024;

    private QueryParameters() {
    }

    /**
     * @throws IllegalArgumentException for a malformed escape ({@code %} without two hex digits)
     */
    static Map<String, String> firstValues(String rawQuery) {
        Map<String, String> out = new HashMap<>();
        int read = 0;
        int start = 0;
        int length = rawQuery.length();
        while (start <= length && read < MAX_PARAMETERS) {
            int end = start;
            while (end < length && rawQuery.charAt(end) != '&' && rawQuery.charAt(end) != ';') {
                end++;
            }
            if (end > start) {
                // Leading '=' are skipped, so "=b" names b (with an empty value), as Netty's decoder under Vert.x reads it.
                int from = start;
                while (from < end && rawQuery.charAt(from) == '=') {
                    from++;
                }
                String pair = rawQuery.substring(from, end);
                int equals = pair.indexOf('=');
                String name = decode(equals < 0 ? pair : pair.substring(0, equals));
                if (!name.isEmpty()) {
                    out.putIfAbsent(name, equals < 0 ? "" : decode(pair.substring(equals + 1)));
                    read++;
                }
            }
            start = end + 1;
        }
        return out;
    }

    private static String decode(String raw) {
        return raw.indexOf('%') < 0 && raw.indexOf('+') < 0 ? raw : URLDecoder.decode(raw, StandardCharsets.UTF_8);
    }
}
