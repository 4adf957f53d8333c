package com.camelexchange.benchmarks;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The floor for streamed trades: a raw JDK WebSocket client on one connection, subscribed to the same
 * channels as the routes, doing one Jackson parse per frame into typed trades (BigDecimal price and amount)
 * and handing each trade over as a route would get it. No keep-alive, no reconnect, no catch-up: the least
 * any client must do to receive the same frames.
 *
 * <p>Where a trade goes is its {@link Handoff}: straight to the sink ({@link #raw}, the floor), or through a
 * Camel route ({@link CamelShare}), so that the two sides share this connection and parse line for line.
 */
final class StreamFloor implements AutoCloseable {
    private final URI uri;
    private final Map<String, Integer> marketByChannel;
    private final Handoff handoff;
    private final ObjectMapper mapper = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final LongAdder failures = new LongAdder();
    private WebSocket socket;

    record Trade(long tid, BigDecimal price, BigDecimal amount, long date, String type,
                 @JsonProperty("trade_type") String tradeType) {
    }

    record Frame(String channel, String dataType, List<Trade> data) {
    }

    /** What is done with each parsed trade, on the WebSocket's thread, before the next frame is asked for. */
    @FunctionalInterface
    interface Handoff {
        void trade(int market, Trade trade) throws Exception;
    }

    /**
     * @param marketByChannel the market's index by its channel, e.g. {@code m000usdt_trades}
     * @param handoff         where each parsed trade goes; a failure counts the frame as failed
     */
    StreamFloor(String websocketUrl, Map<String, Integer> marketByChannel, Handoff handoff) {
        this.uri = URI.create(websocketUrl);
        this.marketByChannel = Map.copyOf(marketByChannel);
        this.handoff = handoff;
    }

    /** The floor itself: each trade's tid straight into the sink a route's processor uses. */
    static StreamFloor raw(String websocketUrl, Map<String, Integer> marketByChannel, Deliveries deliveries) {
        return new StreamFloor(websocketUrl, marketByChannel, (market, trade) -> deliveries.add(market, trade.tid()));
    }

    StreamFloor start() throws Exception {
        socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(uri, new Listener())
                .get(10, TimeUnit.SECONDS);
        for (String channel : marketByChannel.keySet()) {
            socket.sendText("{\"event\":\"addChannel\",\"channel\":\"" + channel + "\"}", true)
                    .get(10, TimeUnit.SECONDS);
        }
        return this;
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                handle(text.toString());
                text.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        private void handle(String frame) {
            try {
                Frame f = mapper.readValue(frame, Frame.class);
                Integer market = marketByChannel.get(f.channel());
                if (market != null && "trades".equals(f.dataType()) && f.data() != null) {
                    for (Trade trade : f.data()) {
                        handoff.trade(market, trade);
                    }
                }
            } catch (Exception e) {
                failures.increment();
            }
        }
    }

    /** Frames that could not be read, or whose trades could not be handed over. */
    long failures() {
        return failures.sum();
    }

    /** {@link #failures()}, read without holding this floor (and its handoff) once it is closed. */
    LongSupplier failureCount() {
        LongAdder counter = failures;
        return counter::sum;
    }

    @Override
    public void close() {
        WebSocket open = socket;
        socket = null;
        if (open != null) {
            try {
                open.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                open.abort();
            }
        }
    }
}
