package com.camelexchange.client.spi;

import com.camelexchange.client.internal.http.HttpTransport;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.error.ExchangeTransportException;

import java.net.URI;
import java.time.Duration;

/**
 * How one GET of the exchange's API is carried: over HTTP ({@link HttpTransport}, the road of every real exchange),
 * or in process to an exchange living in the same JVM ({@link InProcessTransport}, a backtest's paper exchange).
 * The client signs, builds the request, reads the reply and maps its errors the same way whichever road it takes.
 */
public interface CallTransport {

    /** A reply with any status, and its whole body. */
    record Reply(int status, byte[] body) {
    }

    /**
     * One GET within {@code deadline} and {@code maxReplySize}: a body larger than the cap is an
     * {@link ExchangeReplyFormatException}
     * ({@link #tooLarge(String, int)}), a failure on the way an
     * {@link ExchangeTransportException}; any status is returned as it is, for the
     * caller to judge. Messages name the operation, never the URI: a signed URI carries the key and a signature.
     */
    Reply get(String operation, URI uri, String userAgent, Duration deadline, int maxReplySize);

    /** The refusal of a reply over the cap, the same on every road. */
    static ExchangeReplyFormatException tooLarge(String operation, int maxReplySize) {
        return new ExchangeReplyFormatException(operation,
                "larger than maxReplySize (" + maxReplySize + " bytes)", "");
    }
}
