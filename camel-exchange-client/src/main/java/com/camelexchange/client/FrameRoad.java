package com.camelexchange.client;

import com.camelexchange.client.internal.stream.TradingSession;
import com.camelexchange.client.spi.InProcessFrames;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What carries the signed frames of {@link WebSocketCalls}: the client's one WebSocket connection
 * ({@link TradingSession}), or an exchange in this JVM ({@link InProcessFrames}, a backtest's paper exchange). The
 * frames, their {@code no} and their signatures are the same on either.
 */
interface FrameRoad {

    /** A {@code no} no other request on this road carried. */
    String nextNo();

    /** Sends one frame and returns its reply's text, within {@code wait}. */
    String call(String operation, String no, String frame, Duration wait);

    /** Ends the road: calls waiting fail as sent, later ones send nothing. */
    void close();

    static FrameRoad of(TradingSession session) {
        return new FrameRoad() {
            @Override
            public String nextNo() {
                return session.nextNo();
            }

            @Override
            public String call(String operation, String no, String frame, Duration wait) {
                return session.call(operation, no, frame, wait);
            }

            @Override
            public void close() {
                session.close();
            }
        };
    }

    /** Frames answered on the caller's thread, replies bounded to {@code maxReplySize} characters. */
    static FrameRoad inProcess(InProcessFrames frames, int maxReplySize) {
        AtomicLong numbers = new AtomicLong();
        return new FrameRoad() {
            @Override
            public String nextNo() {
                return Long.toString(numbers.incrementAndGet());
            }

            @Override
            public String call(String operation, String no, String frame, Duration wait) {
                return frames.call(operation, frame, maxReplySize);
            }

            @Override
            public void close() {
                // Nothing is held: the exchange answers each frame on the caller's thread.
            }
        };
    }
}
