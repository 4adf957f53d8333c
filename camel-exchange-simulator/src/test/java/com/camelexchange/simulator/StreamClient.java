package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A WebSocket client for tests on the JDK's {@link WebSocket}: collects whole text messages in order
 * and records how the connection ended. Every wait is bounded.
 */
final class StreamClient implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LinkedBlockingQueue<String> messages = new LinkedBlockingQueue<>();
    /** Completes with the close code, or -1 when the connection broke without a close frame. */
    private final CompletableFuture<Integer> ended = new CompletableFuture<>();
    private final WebSocket socket;

    private StreamClient(URI uri) {
        this.socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(WAIT)
                .buildAsync(uri, new Collector()).orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
    }

    static StreamClient connect(ExchangeSimulator sim) {
        return new StreamClient(URI.create(sim.websocketUrl()));
    }

    static StreamClient connect(ExchangeSimulator sim, String baseCoin) {
        return new StreamClient(URI.create(sim.websocketUrl() + "/" + baseCoin));
    }

    private final class Collector implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                messages.add(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            ended.complete(statusCode);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            ended.complete(-1);
        }
    }

    StreamClient send(String text) {
        socket.sendText(text, true).orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
        return this;
    }

    StreamClient subscribe(String channel) {
        return send("{\"event\":\"addChannel\",\"channel\":\"" + channel + "\"}");
    }

    StreamClient unsubscribe(String channel) {
        return send("{\"event\":\"removeChannel\",\"channel\":\"" + channel + "\"}");
    }

    StreamClient ping() {
        return send("{\"channel\":\"ping\",\"event\":\"addChannel\"}");
    }

    /** The next text message, waiting at most {@link #WAIT}. */
    String nextText() {
        try {
            String text = messages.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            if (text == null) {
                throw new AssertionError("No message within " + WAIT);
            }
            return text;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    JsonNode next() {
        String text = nextText();
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError("Not JSON: " + text, e);
        }
    }

    /** The next message on a channel, skipping others (e.g. a ticker push before the depth push). */
    JsonNode next(String channel) {
        for (int i = 0; i < 1000; i++) {
            JsonNode message = next();
            if (channel.equals(message.path("channel").asText())) {
                return message;
            }
        }
        throw new AssertionError("No message on " + channel);
    }

    /** Messages already received and not yet taken. */
    int pending() {
        return messages.size();
    }

    /** The close code, or -1 for a connection that broke without a close frame; waits at most {@link #WAIT}. */
    int awaitEnd() {
        return ended.orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
    }

    boolean ended() {
        return ended.isDone();
    }

    @Override
    public void close() {
        if (!ended.isDone()) {
            socket.abort();
        }
    }
}
