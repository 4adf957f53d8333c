package com.camelexchange.client.spi;

import com.camelexchange.client.error.ExchangeTransportException;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * The road to an exchange that lives in this JVM (a backtest's paper exchange): the request the client built, signed
 * and all, is handed to the exchange's own entry point on the caller's thread and answered there, with no socket, no
 * connection pool and no other thread in between. Everything before and after is the client's usual road: the
 * limiter's permit, the signature, the URI with its encoding, the reply's checks and the mapping of its errors.
 *
 * <p>The reply's size is bounded as over HTTP ({@link CallTransport#tooLarge}). The deadline bounds the waits of a
 * network (a connection, a trickling reply), none of which this road has: the call runs to its end on the caller's
 * thread, so an answer that came is never thrown away for being late.
 */
public final class InProcessTransport implements CallTransport {

    /** An exchange in this JVM that answers one GET of its API. */
    @FunctionalInterface
    public interface Server {
        /**
         * @param pathAndQuery the raw path and query as they would go on the wire, e.g. {@code /api/order?...}
         * @param userAgent    the User-Agent the request would carry
         * @return the reply, whatever its status
         * @throws NotServing when the exchange is not running: it did nothing with the request
         */
        Reply answer(String pathAndQuery, String userAgent);
    }

    /**
     * Thrown by a {@link Server} that did nothing with a request because it is not running: the one failure that
     * says a call was not sent. Any other is taken as after a lost reply (it may have acted), so that a write whose
     * outcome is unknown is never sent again blind.
     */
    public static final class NotServing extends RuntimeException {
        public NotServing(String message) {
            super(message);
        }
    }

    private final Server server;

    public InProcessTransport(Server server) {
        this.server = Objects.requireNonNull(server, "server");
    }

    @Override
    public Reply get(String operation, URI uri, String userAgent, Duration deadline, int maxReplySize) {
        String target = uri.getRawQuery() == null ? uri.getRawPath() : uri.getRawPath() + '?' + uri.getRawQuery();
        Reply reply;
        try {
            reply = server.answer(target, userAgent);
        } catch (NotServing notRunning) {
            throw new ExchangeTransportException(operation, new IOException(notRunning.getMessage(), notRunning),
                    false);
        } catch (RuntimeException failed) {
            // Failed while serving: whether a write took effect is as unknown as after a lost reply.
            throw new ExchangeTransportException(operation, new IOException(failed.toString(), failed), true);
        }
        if (reply.body().length > maxReplySize) {
            throw CallTransport.tooLarge(operation, maxReplySize);
        }
        return reply;
    }

    @Override
    public String toString() {
        return "InProcessTransport[" + server + "]";
    }
}
