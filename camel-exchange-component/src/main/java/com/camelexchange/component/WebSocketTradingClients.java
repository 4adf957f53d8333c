package com.camelexchange.component;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.TradeTransport;
import com.camelexchange.client.model.ApiVariant;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The clients that carry the signed producers' calls over the WebSocket ({@code tradeOver=WEBSOCKET}): one per set of
 * keys and client settings, shared by every endpoint that has them. A client holds one WebSocket session, so a client
 * per endpoint would open a connection per route; sharing keeps it to one connection per account and address,
 * whatever the number of routes. Closed, and forgotten, when the component stops.
 */
final class WebSocketTradingClients {
    /**
     * What makes two endpoints' clients the same: every option {@link ExchangeComponent#newClient} reads. Its
     * {@code toString} names no key.
     */
    private record Profile(String baseUrl, String tradeUrl, String websocketUrl, ApiVariant apiVariant, String userAgent,
                           long requestTimeout, long callTimeout, int maxReplySize, int readRetries,
                           long readRetryDelay, String accessKey, String secretKey) {
        static Profile of(ExchangeConfiguration c) {
            return new Profile(c.getBaseUrl(), c.getTradeUrl(), c.getWebsocketUrl(), c.getApiVariant(),
                    c.getUserAgent(), c.getRequestTimeout(), c.getCallTimeout(), c.getMaxReplySize(),
                    c.getReadRetries(), c.getReadRetryDelay(), c.getAccessKey(), c.getSecretKey());
        }

        @Override
        public String toString() {
            return "Profile[" + baseUrl + ", variant " + apiVariant + ", keys hidden]";
        }
    }

    private final Function<ExchangeConfiguration, ExchangeClient> newClient;
    /** The clients made since the component started, each over REST: the one to close. */
    private final Map<Profile, ExchangeClient> clients = new ConcurrentHashMap<>();

    /** @param newClient makes a client of an endpoint's settings, on the component's shared resources */
    WebSocketTradingClients(Function<ExchangeConfiguration, ExchangeClient> newClient) {
        this.newClient = newClient;
    }

    /** The shared client of these settings, its signed calls over the WebSocket. */
    ExchangeClient overWebSocket(ExchangeConfiguration conf) {
        return clients.computeIfAbsent(Profile.of(conf), profile -> newClient.apply(conf))
                .over(TradeTransport.WEBSOCKET);
    }

    /** How many are open: one WebSocket session at most each. */
    int size() {
        return clients.size();
    }

    /**
     * Closes every client, ending its session: a write still waiting there for its reply is looked up over the
     * resources, which close after this, and ends unknown if that cannot be done.
     */
    void closeAll() {
        clients.values().forEach(ExchangeClient::close);
        clients.clear();
    }
}
