package com.camelexchange.client.spi;

import com.camelexchange.client.error.ExchangeTransportException;

import java.io.IOException;
import java.util.Objects;

/**
 * The WebSocket road to an exchange that lives in this JVM (a backtest's paper exchange): a signed frame the client
 * built, {@code no} and signature and all, is handed to the exchange's own entry point for frames on the caller's
 * thread, and its reply is read as a reply from the connection would be. No socket, no connection, no other thread:
 * what {@link InProcessTransport} is to REST. The client signs, correlates and reads the reply as over a connection.
 *
 * <p>The reply's size is bounded as over a connection. The call runs to its end on the caller's thread, so a reply
 * that came is never thrown away for being late.
 */
public final class InProcessFrames {

    /** An exchange in this JVM that answers one signed frame of its WebSocket. */
    @FunctionalInterface
    public interface Server {
        /**
         * @param frame the frame's text, as it would go on the connection
         * @return the reply's text, which echoes the frame's {@code no}
         * @throws InProcessTransport.NotServing when the exchange is not running: it did nothing with the frame
         */
        String answer(String frame);
    }

    private final Server server;

    public InProcessFrames(Server server) {
        this.server = Objects.requireNonNull(server, "server");
    }

    /**
     * One frame and its reply.
     *
     * @param operation names the call in failures, never the frame (it carries the access key and a signature)
     * @throws ExchangeTransportException with {@code requestSent()} false when the exchange did nothing with it,
     *                                    true when it failed while serving (a write may have taken effect), or
     *                                    when the reply is longer than {@code maxReplySize} characters
     */
    public String call(String operation, String frame, int maxReplySize) {
        String reply;
        try {
            reply = server.answer(frame);
        } catch (InProcessTransport.NotServing notRunning) {
            throw new ExchangeTransportException(operation, new IOException(notRunning.getMessage(), notRunning),
                    false);
        } catch (RuntimeException failed) {
            // Failed while serving: whether a write took effect is as unknown as after a lost reply.
            throw new ExchangeTransportException(operation, new IOException(failed.toString(), failed), true);
        }
        if (reply == null) {
            throw new ExchangeTransportException(operation, new IOException("no reply to the frame"), true);
        }
        if (reply.length() > maxReplySize) {
            // As a connection would refuse a frame beyond its bound: the reply is lost, the call may have acted.
            throw new ExchangeTransportException(operation, new IOException("a reply larger than " + maxReplySize
                    + " characters"), true);
        }
        return reply;
    }

    @Override
    public String toString() {
        return "InProcessFrames[" + server + "]";
    }
}
