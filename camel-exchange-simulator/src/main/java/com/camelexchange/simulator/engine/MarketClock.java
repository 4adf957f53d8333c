package com.camelexchange.simulator.engine;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * The external market's time as this exchange can know it without trusting that the two clocks agree. Every trade,
 * book and ticker the market feeds is dated by the market's clock and arrives here later: its date less the time it
 * arrived (by this exchange's clock) is at most how far the market's clock runs ahead of this one (negative when it
 * runs behind). The largest such difference is the closest estimate of that lead, short of it by the smallest
 * network delay among the data it is taken from and the rounding of the market's dates; the market's time now is
 * this exchange's time plus it. Only the progress of this exchange's clock counts, never where it stands against the
 * market's: a local clock minutes off the market's makes no difference.
 *
 * <p>The largest difference ever seen would let one wrongly dated piece of data (a trade dated a day ahead) date
 * every later order after the trades that should fill it, for good. So the estimate is the largest difference of
 * the last {@value #WINDOW} that others confirm:
 * <ul>
 * <li>a difference counts as confirmed when the {@value #CONFIRMATIONS} next below it (or all the others, when
 *     fewer were seen) follow it without a gap of more than {@link #AGREEMENT} from one to the next; the largest
 *     confirmed one is the estimate, so that honest data, whose differences crowd just below the lead, keep it as
 *     close as the largest would, and one wrong date moves it by at most that gap;</li>
 * <li>unconfirmed ones at the top are passed over, at most {@value #CONFIRMATIONS} of them and at most half of
 *     those seen: with one piece of data it is the estimate, of two that disagree the smaller is, and up to three
 *     wrongly dated ones among eight or more never move it. A wrong one leaves the window after {@value #WINDOW}
 *     newer ones, so what moved the estimate once never holds it;</li>
 * <li>a trade is dated when it was made and may arrive much later (a feed catching up after a gap, the latest page
 *     read at the start); one more than {@link #AGREEMENT} below a firm estimate says only that the lead is at
 *     least that, which the estimate already says, and is left out rather than pushing the data that tell the lead
 *     out of the window. Books and tickers are dated when the market served them, so they always count: they are
 *     what moves an estimate that was too high back down. An estimate is firm once it is confirmed or rests on a
 *     book or ticker.</li>
 * </ul>
 * A piece of data more than {@link #AGREEMENT} away from a firm estimate it does not move, or that moves a firm
 * estimate by more than that, is counted ({@link #disagreements()}) and logged at WARN, at most once every
 * {@link #WARN_EVERY} with the count so far. Guarded by the exchange lock.
 */
final class MarketClock {
    /** How many of the latest differences the estimate is taken from. */
    static final int WINDOW = 64;
    /** How many differences must confirm one, and how many unconfirmed ones at most are passed over. */
    static final int CONFIRMATIONS = 3;
    /** Differences this close agree: network delays and dates rounded to the second stay well within it. */
    static final Duration AGREEMENT = Duration.ofMinutes(1);
    static final Duration WARN_EVERY = Duration.ofMinutes(10);
    private static final Logger LOG = LoggerFactory.getLogger(MarketClock.class);
    private static final long AGREE = AGREEMENT.toMillis();

    /** The latest differences, a ring: {@code next} is where the next one goes. */
    private final long[] leads = new long[WINDOW];
    /** Whether each difference is a book's or a ticker's, dated when served rather than when made. */
    private final boolean[] served = new boolean[WINDOW];
    /**
     * The first {@code count} positions in the ring, by difference, largest first, and among equal ones the lower
     * position first: kept in order as each new difference replaces the oldest.
     */
    private final int[] byLead = new int[WINDOW];
    private int next;
    private int count;
    private long lead;
    private boolean firm;
    private long disagreements;
    private long lastWarned = Long.MIN_VALUE;

    /** A trade the market dated {@code marketMillis} (when it was made), received at {@code receivedMillis}. */
    void traded(long marketMillis, long receivedMillis) {
        long seen = marketMillis - receivedMillis;
        if (firm && seen < lead - AGREE) {
            // Delivered late: it tells nothing the estimate does not.
            return;
        }
        add(seen, false, receivedMillis);
    }

    /**
     * A book or ticker the market dated {@code marketMillis} (when it served it), received at
     * {@code receivedMillis}.
     */
    void served(long marketMillis, long receivedMillis) {
        add(marketMillis - receivedMillis, true, receivedMillis);
    }

    /**
     * The market's time when this exchange's clock reads {@code now}; before any dated data arrived nothing is
     * known of the market's clock, and the two are taken to agree.
     */
    long marketTime(long now) {
        return count > 0 ? now + lead : now;
    }

    /** Pieces of dated data that disagreed with a firm estimate by more than {@link #AGREEMENT}. */
    long disagreements() {
        return disagreements;
    }

    private void add(long seen, boolean isServed, long now) {
        boolean wasFirm = firm;
        long before = lead;
        int position = next;
        if (count == WINDOW) {
            // The oldest difference leaves the window: out of the order first.
            unrank(position);
            count--;
        }
        leads[position] = seen;
        served[position] = isServed;
        rank(position);
        count++;
        next = (next + 1) % WINDOW;
        estimate();
        if (firm && Math.abs(seen - lead) > AGREE || wasFirm && Math.abs(before - lead) > AGREE) {
            disagreed(seen, before, now);
        }
    }

    /**
     * Takes a position out of the first {@code count} of {@link #byLead}. One pass over at most {@value #WINDOW}
     * positions per piece of data: sorting the window anew each time cost a backtest a twentieth of its time.
     */
    private void unrank(int position) {
        int i = 0;
        while (byLead[i] != position) {
            i++;
        }
        System.arraycopy(byLead, i + 1, byLead, i, count - 1 - i);
    }

    /** Puts a position into the first {@code count} of {@link #byLead}, after those that rank before it. */
    private void rank(int position) {
        long seen = leads[position];
        int i = 0;
        while (i < count && (leads[byLead[i]] > seen || leads[byLead[i]] == seen && byLead[i] < position)) {
            i++;
        }
        System.arraycopy(byLead, i, byLead, i + 1, count - i);
        byLead[i] = position;
    }

    private void estimate() {
        int mostPassedOver = Math.min(CONFIRMATIONS, count / 2);
        int chosen = mostPassedOver;
        for (int i = 0; i < mostPassedOver; i++) {
            if (confirming(i) >= Math.min(CONFIRMATIONS, count - 1 - i)) {
                chosen = i;
                break;
            }
        }
        lead = leads[byLead[chosen]];
        firm = served[byLead[chosen]] || confirming(chosen) > 0;
    }

    /**
     * How many differences (up to the needed) follow the {@code rank}th largest without a gap of more than
     * {@link #AGREEMENT} between one and the next: a market clock that moved on a few minutes while little data
     * came is followed step by step, a date far off stands alone.
     */
    private int confirming(int rank) {
        int n = 0;
        for (int j = rank + 1; j < count && n < CONFIRMATIONS && leads[byLead[j - 1]] - leads[byLead[j]] <= AGREE;
             j++) {
            n++;
        }
        return n;
    }

    private void disagreed(long seen, long before, long now) {
        disagreements++;
        if (lastWarned == Long.MIN_VALUE || now - lastWarned >= WARN_EVERY.toMillis()) {
            lastWarned = now;
            LOG.warn("The external market's clock: a piece of its data was dated {} s after it arrived here, where its"
                            + " clock was taken to run {} s ahead of this exchange's (now {} s); {} piece(s) so far"
                            + " disagreed with that by more than {} s. What the other data do not confirm is left out",
                    seconds(seen), seconds(before), seconds(lead), disagreements, AGREEMENT.toSeconds());
        }
    }

    private static String seconds(long millis) {
        return BigDecimal.valueOf(millis, 3).toPlainString();
    }
}
