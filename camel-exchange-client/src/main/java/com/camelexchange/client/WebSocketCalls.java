package com.camelexchange.client;

import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.internal.http.Credentials;
import com.camelexchange.client.internal.json.StreamTradingFrames;
import com.camelexchange.client.internal.stream.TradingSession;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The WebSocket road of the signed calls: a REST call's method and parameters as the exchange's signed frame
 * ({@code <market or coin without underscore>_<method in lower case>}, the parameters as string fields, the
 * {@code accesskey} and a {@code no}, signed over the compact JSON of those fields in ASCII order), sent on the
 * client's one {@link TradingSession} (opened by the first call; or, for a paper exchange in this JVM, handed to it
 * in process: {@link FrameRoad}), its reply handed back in the shape of the REST
 * reply ({@link StreamTradingFrames}). The calls the WebSocket cannot express keep to REST ({@link #carries}): a batch
 * (no channel) and anything naming a {@code customerOrderId} (the WebSocket's frames carry none).
 */
final class WebSocketCalls implements AutoCloseable {
    /** The REST methods that have a channel of their own. */
    private static final Set<String> CHANNELS = Set.of("order", "cancelOrder", "getOrder", "getOrders",
            "getOrdersIgnoreTradeType", "getUnfinishedOrdersIgnoreTradeType", "getAccountInfo", "getUserAddress",
            "getWithdrawAddress", "getWithdrawRecord");

    private final Supplier<FrameRoad> open;
    // Guarded by this.
    private FrameRoad session;
    private boolean closed;

    /**
     * @param open makes the road at the first call: the session (and the resources' WebSocket client with it), or
     *             an exchange's in this JVM
     */
    WebSocketCalls(Supplier<FrameRoad> open) {
        this.open = open;
    }

    /** Whether the call goes over the WebSocket when asked to; a call it cannot express goes over REST. */
    static boolean carries(String method, Map<String, String> params) {
        return CHANNELS.contains(method) && !params.containsKey("customerOrderId");
    }

    /**
     * Sends one signed call and waits for its reply within {@code wait}.
     *
     * @return the reply in the shape of the REST reply of {@code method}
     */
    byte[] send(String method, Map<String, String> params, Credentials credentials, Duration wait) {
        FrameRoad trading = session(method);
        String no = trading.nextNo();
        TreeMap<String, String> fields = new TreeMap<>();
        params.forEach((name, value) -> {
            if (!name.equals("currency")) {
                fields.put(name, value);
            }
        });
        String currency = params.get("currency");
        fields.put("channel", (currency == null ? "" : currency.replace("_", "") + "_")
                              + method.toLowerCase(Locale.ROOT));
        fields.put("event", "addChannel");
        fields.put("accesskey", credentials.accessKey());
        fields.put("no", no);
        String signed = StreamTradingFrames.write(fields);
        // The frame is the signed text with the sign added last (lower-case hex, nothing to escape): written once.
        String frame = signed.substring(0, signed.length() - 1) + ",\"sign\":\"" + credentials.signer().sign(signed)
                       + "\"}";
        return StreamTradingFrames.restShaped(method, trading.call(method, no, frame, wait));
    }

    private synchronized FrameRoad session(String method) {
        if (closed) {
            // Nothing is sent after the client closed.
            throw new ExchangeTransportException(method, new IOException("the client is closed"), false);
        }
        if (session == null) {
            session = open.get();
        }
        return session;
    }

    /** Ends the session: calls waiting for a reply fail with their requests sent, later ones send nothing. */
    @Override
    public void close() {
        FrameRoad was;
        synchronized (this) {
            closed = true;
            was = session;
        }
        if (was != null) {
            was.close();
        }
    }
}
