package com.camelexchange.client.paper;

import com.camelexchange.client.internal.http.Credentials;
import com.camelexchange.client.internal.budget.TradeRateLimits;

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
     * @param tradeUrl    the address of the other exchange's trading interface
     * @param credentials its keys
     * @param limits      the limits to keep to there (not those of the user's own exchange)
     * @param transport   how the calls reach it: null for the client's shared HTTP road, else a road of its own,
     *                    such as an {@link InProcessTransport} to an exchange in this JVM
     */
    record Target(String tradeUrl, Credentials credentials, TradeRateLimits limits, CallTransport transport) {

        /** A target reached over the client's shared HTTP road. */
        public Target(String tradeUrl, Credentials credentials, TradeRateLimits limits) {
            this(tradeUrl, credentials, limits, null);
        }

        @Override
        public String toString() {
            return "Target[" + tradeUrl + ", keys hidden]";
        }
    }
}
