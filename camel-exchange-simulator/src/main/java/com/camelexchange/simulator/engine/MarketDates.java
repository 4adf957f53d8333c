package com.camelexchange.simulator.engine;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The dates an external market's data may carry to be taken: none before {@link #EARLIEST}, none more than
 * {@link #MOST_AHEAD} after this exchange's clock. Outside them a date is wrong, not merely late or early (one in
 * milliseconds read as seconds lands tens of thousands of years ahead, a missing one at 1970), and taken it would
 * date trades, books and the market's clock (see {@code MarketClock}) by it. A clock of the market that runs hours
 * ahead of this one is still well inside them. An exchange on its own clock (see {@link #checkNotAhead}) bounds the
 * dates after it much closer.
 */
public final class MarketDates {
    /** The earliest date taken: 2000-01-01T00:00:00Z. */
    public static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");
    /** How far after this exchange's clock a date may be: one day. */
    public static final Duration MOST_AHEAD = Duration.ofDays(1);

    private MarketDates() {
    }

    /**
     * The date in epoch milliseconds when it is within the bounds.
     *
     * @param name what the date is, for the error
     * @param now  this exchange's clock, in epoch milliseconds
     * @throws IllegalArgumentException when it is null or out of bounds
     */
    static long check(Instant date, String name, long now) {
        Objects.requireNonNull(date, name);
        if (date.isBefore(EARLIEST)) {
            throw new IllegalArgumentException("The " + name + " " + date + " is before " + EARLIEST);
        }
        Instant latest = Instant.ofEpochMilli(now).plus(MOST_AHEAD);
        if (date.isAfter(latest)) {
            throw new IllegalArgumentException("The " + name + " " + date + " is more than a day after this"
                    + " exchange's clock (" + Instant.ofEpochMilli(now) + ")");
        }
        return date.toEpochMilli();
    }

    /**
     * Whether a date is more than {@code mostAhead} after this exchange's clock: for an exchange whose paper orders
     * are dated by its own clock, which the market's dates confirm and never lead, such a date is a wrong one (a
     * clock of the market's hours off, a feed's bad date), not a market whose clock runs ahead.
     *
     * @param now this exchange's clock, in epoch milliseconds
     * @throws IllegalArgumentException when it is
     */
    static void checkNotAhead(Instant date, String name, long now, Duration mostAhead) {
        Objects.requireNonNull(date, name);
        Instant clock = Instant.ofEpochMilli(now);
        if (date.isAfter(clock.plus(mostAhead))) {
            throw new IllegalArgumentException("The " + name + " " + date + " is more than "
                    + BigDecimal.valueOf(mostAhead.toMillis(), 3).stripTrailingZeros().toPlainString()
                    + " s after this exchange's clock (" + clock + "), which the market's dates confirm and never"
                    + " lead");
        }
    }
}
