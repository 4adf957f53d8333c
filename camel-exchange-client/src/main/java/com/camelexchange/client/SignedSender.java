package com.camelexchange.client;

import com.camelexchange.client.budget.Held;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeUnavailableException;
import com.camelexchange.client.internal.budget.TradeRateLimits;
import com.camelexchange.client.internal.http.CallDeadline;
import com.camelexchange.client.internal.http.ClientSettings;
import com.camelexchange.client.internal.http.Credentials;
import com.camelexchange.client.internal.json.ReplyProblems;
import com.camelexchange.client.spi.CallTransport;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One signed call on its road: the key's rate-limit permit, the signature, the request over REST or as a WebSocket
 * frame, and the reply read. Both roads spend the same permit and read their reply with the same reader, so a call
 * fails with the same typed errors whichever carried it; a refusal for being too frequent or locked informs the
 * limits. What a call means (a write sent once, a read retried, a write's outcome settled) is
 * {@link TradingClient}'s.
 */
final class SignedSender {
    private final ClientSettings settings;
    private final CallTransport transport;
    private final TradeRateLimits limits;
    private final Credentials credentials;
    /** The WebSocket road; null for a client that has none (a redirected one). */
    private final WebSocketCalls webSocket;

    SignedSender(ClientSettings settings, CallTransport transport, TradeRateLimits limits, Credentials credentials,
                 WebSocketCalls webSocket) {
        this.settings = settings;
        this.transport = transport;
        this.limits = limits;
        this.credentials = credentials;
        this.webSocket = webSocket;
    }

    boolean hasWebSocket() {
        return webSocket != null;
    }

    /**
     * Sends one call within {@code deadline} and reads its reply: over the WebSocket when asked and the frame can
     * carry it ({@link WebSocketCalls#carries}), otherwise over REST.
     */
    <T> T send(String method, Map<String, String> params, Function<byte[], T> read, CallDeadline deadline,
               boolean overWebSocket) {
        if (deadline.passed()) {
            // A look-up whose write used up the call: nothing is sent that the deadline would cut short at once.
            throw deadline.spent(method, "before it could be sent");
        }
        if (overWebSocket && WebSocketCalls.carries(method, params)) {
            byte[] body;
            try (Held permit = limits.acquire(credentials.accessKey(), deadline.cap(settings.requestTimeout()),
                    deadline.remaining())) {
                body = webSocket.send(method, params, credentials, deadline.cap(settings.requestTimeout()));
            } catch (ExchangeErrorReplyException refused) {
                limits.refused(credentials.accessKey(), refused.code());
                throw refused;
            }
            return decode(read, body);
        }
        TreeMap<String, String> all = new TreeMap<>(params);
        all.put("method", method);
        all.put("accesskey", credentials.accessKey());
        String sign = credentials.signer().sign(all);
        StringBuilder uri = new StringBuilder(settings.tradeUrl().length() + 256).append(settings.tradeUrl())
                .append("/api/").append(method);
        all.forEach((name, value) -> Urls.appendParameter(uri, name, value));
        uri.append("&sign=").append(sign).append("&reqTime=");
        CallTransport.Reply reply;
        // reqTime is taken when the permit is granted, so a wait for the limiter never ages the request.
        try (Held permit = limits.acquire(credentials.accessKey(), deadline.cap(settings.requestTimeout()),
                deadline.remaining())) {
            uri.append(System.currentTimeMillis());
            reply = transport.get(method, Urls.request(method, uri.toString()), settings.userAgent(),
                    deadline.cap(settings.requestTimeout()), settings.maxReplySize());
        }
        if (reply.status() != 200) {
            throw new ExchangeUnavailableException(method, reply.status(), ReplyProblems.snippet(reply.body()));
        }
        return decode(read, reply.body());
    }

    /** Reads a reply; the exchange's refusal informs the limits. */
    private <T> T decode(Function<byte[], T> read, byte[] body) {
        try {
            return read.apply(body);
        } catch (ExchangeErrorReplyException refused) {
            limits.refused(credentials.accessKey(), refused.code());
            throw refused;
        }
    }

    @Override
    public String toString() {
        return "SignedSender[" + settings.tradeUrl() + ", keys hidden]";
    }
}
