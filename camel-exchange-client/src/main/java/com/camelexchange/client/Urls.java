package com.camelexchange.client;

import com.camelexchange.client.error.ExchangeValidationException;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The addresses of the exchange. A base address is checked once, when the endpoint is created, so that a
 * request URI built on it (with every value URL-encoded) is always valid: a bad character can then never
 * fail a call with a message that repeats a signed URL.
 */
public final class Urls {
    private Urls() {
    }

    /**
     * Refuses what is not an absolute {@code http(s)://host[:port][/path]} address. The message names the
     * option and the problem but not the address, which might carry user info.
     */
    public static void check(String option, String url) {
        check(option, url, "http", "https");
    }

    /** Checks the address of a WebSocket: {@code ws://} or {@code wss://}, otherwise as {@link #check}. */
    public static void checkWebSocket(String option, String url) {
        check(option, url, "ws", "wss");
    }

    private static void check(String option, String url, String plain, String secure) {
        if (url == null || url.isBlank()) {
            throw new ExchangeValidationException("option " + option, "an address such as " + plain + "://127.0.0.1:8080"
                    + " is required: set it once for every endpoint (camel.component.exchange." + option
                    + ") or on the endpoint (" + option + "=...)");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new ExchangeValidationException("option " + option, "not a valid address: " + e.getReason()
                    + " at index " + e.getIndex());
        }
        String scheme = uri.getScheme();
        if (!plain.equalsIgnoreCase(scheme) && !secure.equalsIgnoreCase(scheme)) {
            throw new ExchangeValidationException("option " + option, "the address must start with " + plain
                    + ":// or " + secure + "://");
        }
        if (uri.getHost() == null) {
            throw new ExchangeValidationException("option " + option, "the address has no host");
        }
        // java.net.URI takes any number of digits as a port; the HTTP client would refuse it on every call.
        if (uri.getPort() > 65535) {
            throw new ExchangeValidationException("option " + option, "the port must be at most 65535");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null || uri.getRawUserInfo() != null) {
            throw new ExchangeValidationException("option " + option, "the address must not carry user info, a query"
                    + " or a fragment");
        }
    }

    /** {@code name=value} with the value URL-encoded, for a query string. */
    static StringBuilder appendParameter(StringBuilder query, String name, String value) {
        if (query.indexOf("?") >= 0) {
            query.append('&');
        } else {
            query.append('?');
        }
        return query.append(name).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8));
    }

    /**
     * The URI of a request on a checked base address. Should it still fail, the message names the
     * operation only: the text may be a signed URL.
     */
    static URI request(String operation, String text) {
        try {
            return URI.create(text);
        } catch (IllegalArgumentException e) {
            throw new ExchangeValidationException("address of " + operation, "not a valid request URI");
        }
    }
}
