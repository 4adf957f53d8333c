package com.camelexchange.examples.springboot;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON body of an error answer: status, the exception's message, its category, and the exchange's code if any. */
final class ProblemJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ProblemJson() {
    }

    /** An answer of the application itself, with no exception behind it. */
    static String of(int status, String error) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("error", error);
        return write(body);
    }

    static String of(int status, Throwable cause) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("error", cause == null ? "unknown" : cause.getMessage());
        if (cause instanceof ExchangeErrorReplyException reply) {
            body.put("code", reply.code());
        }
        if (cause instanceof ExchangeClientException typed) {
            body.put("category", typed.category().name());
        }
        return write(body);
    }

    private static String write(Map<String, Object> body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
