package com.camelexchange.client;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.error.ExchangeValidationException;

import java.util.Set;

/**
 * Tells a failed write that certainly did nothing from one whose outcome is unknown. Only proof counts: a failure
 * before anything was sent, or an exchange reply whose code says the write was refused. Everything else may have
 * been carried out (a lost, late or broken reply, an HTTP error from a gateway that may have passed the write on,
 * and the codes that say only that something went wrong: 1001 general error, 1002 internal error, 9999 unknown
 * error, and any code the exchange does not document).
 */
final class WriteFailures {
    /**
     * The codes that refuse a write, by what they mean: the key or account may not do it (1003-1006, 1012, 3004,
     * 3006, 3007, 3010), the service does not serve it now (1009, 1010, 4001), the account or market cannot trade
     * (1013, 1014), not enough balance (2001-2009), the order's values (3002, 3003, 3005, 3009, 3011), too frequent
     * (4002). 3001 (no such pending order) refuses a cancel; 3012 (duplicate customerOrderId) is resolved by its
     * caller, which looks the id up.
     */
    private static final Set<Integer> REFUSALS = Set.of(1003, 1004, 1005, 1006, 1009, 1010, 1012, 1013, 1014,
            2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 3001, 3002, 3003, 3004, 3005, 3006, 3007, 3009, 3010,
            3011, 4001, 4002);

    private WriteFailures() {
    }

    /** Whether {@code failure} proves that the write was not carried out, so that it may be sent again. */
    static boolean provesNothingDone(ExchangeClientException failure) {
        if (failure instanceof ExchangeValidationException || failure instanceof ExchangeRateLimitException) {
            return true; // refused before sending
        }
        if (failure instanceof ExchangeErrorReplyException reply) {
            return REFUSALS.contains(reply.code());
        }
        return failure instanceof ExchangeTransportException transport && !transport.requestSent();
    }
}
