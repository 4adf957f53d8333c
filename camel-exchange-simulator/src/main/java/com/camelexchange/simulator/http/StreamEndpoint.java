package com.camelexchange.simulator.http;

import com.camelexchange.simulator.StreamFaults;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The WebSocket upgrade at {@code /websocket} and {@code /websocket/<base coin>} on the HTTP port:
 * checks the request, plays an upgrade refusal when one is due, and hands the socket to the hub.
 */
final class StreamEndpoint {
    private static final Logger LOG = LoggerFactory.getLogger(StreamEndpoint.class);
    static final String PATH = "/websocket";
    /** Client frames (and messages) above this are refused by closing with 1009. */
    static final int MAX_FRAME = 64 * 1024;

    private final StreamHub hub;
    private final StreamFaults faults;

    StreamEndpoint(StreamHub hub, StreamFaults faults) {
        this.hub = hub;
        this.faults = faults;
    }

    static boolean serves(String path) {
        return path.equals(PATH) || path.startsWith(PATH + "/");
    }

    void upgrade(HttpServerRequest request) {
        // The method first, as on every other path: the server takes GET only, whatever the path names.
        if (request.method() != HttpMethod.GET) {
            request.response().putHeader("Allow", "GET");
            plain(request, 405, "Method Not Allowed");
            return;
        }
        String path = request.path();
        String baseCoin = path.equals(PATH) ? null : path.substring(PATH.length() + 1);
        if (baseCoin != null && !hub.servesBaseCoin(baseCoin)) {
            plain(request, 404, "Not Found");
            return;
        }
        String upgrade = request.getHeader("Upgrade");
        if (upgrade == null || !upgrade.equalsIgnoreCase("websocket")) {
            plain(request, 400, "Expected a WebSocket upgrade");
            return;
        }
        if (faults.takeUpgradeRefusal()) {
            plain(request, 503, "Service Unavailable");
            return;
        }
        request.toWebSocket()
                .onSuccess(socket -> hub.register(socket, request.connection(), baseCoin))
                .onFailure(e -> LOG.debug("WebSocket upgrade failed: {}", e.toString()));
    }

    private static void plain(HttpServerRequest request, int status, String text) {
        request.response().setStatusCode(status).putHeader("content-type", "text/plain").end(text);
    }
}
