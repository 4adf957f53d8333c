package com.camelexchange.client.spi;


/**
 * Sends a client's signed calls to another exchange than its options name, with keys that are not its own: paper
 * trading's. A client given one never holds the user's keys, so nothing it sends can be signed with them.
 */
public interface SignedCallRedirect {

    /**
     * Where the signed calls go and the keys they are signed with; asked once per client, at its first signed call
     * (a call that fails when this throws, before anything is sent).
     */
    Target target();

    /** Called before every signed call that names a market, on the caller's thread, before anything is sent. */
    void beforeCall(String market);

    /**
     * Where the signed calls go and the keys they are signed with.
     *
     * @param tradeUrl    the address of the other exchange's trading interface
     * @param accessKey   its access key
     * @param secretKey   its secret key, never shown
     * @param rateLimited whether the client keeps to that exchange's limits (per key and per IP, in this process,
     *                    shared by every client of the same resources); false where they mean nothing, such as a
     *                    backtest's paper exchange, whose calls come at the replay's pace
     * @param transport   how the calls reach it: null for the client's shared HTTP road, else a road of its own,
     *                    such as an {@link InProcessTransport} to an exchange in this JVM
     * @param frames      how the calls a client carries over the WebSocket reach it: null for a WebSocket connection
     *                    to {@code tradeUrl}'s {@code /websocket} (opened by the client's first such call, on its
     *                    resources' WebSocket client), else frames handed to an exchange in this JVM
     */
    record Target(String tradeUrl, String accessKey, String secretKey, boolean rateLimited, CallTransport transport,
                  InProcessFrames frames) {

        /** A target reached over the client's shared HTTP road, and over a WebSocket to its address. */
        public Target(String tradeUrl, String accessKey, String secretKey, boolean rateLimited) {
            this(tradeUrl, accessKey, secretKey, rateLimited, null, null);
        }

        /** A target reached over {@code transport}, and over a WebSocket to its address. */
        public Target(String tradeUrl, String accessKey, String secretKey, boolean rateLimited,
                      CallTransport transport) {
            this(tradeUrl, accessKey, secretKey, rateLimited, transport, null);
        }

        @Override
        public String toString() {
            return "Target[" + tradeUrl + ", keys hidden]";
        }
    }
}
