package com.camelexchange.client.feed;

import com.camelexchange.client.Positions;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * What runs a feed gives it besides its description: a program's {@link FeedBuilder}, or a Camel consumer.
 *
 * @param positions   where the feed keeps its position
 * @param clock       the time now, for the dates of order events and when a candle's period has ended
 * @param pollDelay   how often it polls; a streamed trades or candles feed reads over REST this often while its
 *                    channel is silent
 * @param streamFrom  the WebSocket address it streams from; null for the client's own
 * @param replay      whether it runs in a backtest: its market-data replies are then its own (a reply belongs to the
 *                    replay's time it was read at), not shared with the other feeds of the client's resources (where
 *                    a reply younger than the poll delay serves them all), and a failed poll is not backed off (the
 *                    polls follow the recording's clock)
 */
public record FeedHost(Positions positions, Clock clock, Duration pollDelay, String streamFrom, boolean replay) {
    public FeedHost {
        Objects.requireNonNull(positions, "positions");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(pollDelay, "pollDelay");
        if (pollDelay.toMillis() < 1) {
            throw new com.camelexchange.client.error.ExchangeValidationException("pollDelay", pollDelay
                    + " is out of range; at least 1 ms");
        }
    }

    /** The system's clock, the client's address, replies shared, live; polls every {@code pollDelay}. */
    public static FeedHost of(Positions positions, Duration pollDelay) {
        return new FeedHost(positions, Clock.systemUTC(), pollDelay, null, false);
    }
}
