package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.stream.Backoff;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Pushed data with a position (trades, K-lines). The position is the polling consumer's, in the same
 * {@link PositionStore} under the same key, so a consumer can switch modes without a gap or a repeat. Pushes can be
 * missed (while the connection is down, in an unreadable frame), so whenever the channel is subscribed or a gap
 * is reported a REST catch-up from the position is due before pushes are trusted again.
 *
 * <p>The catch-up for a subscription waits until the exchange has taken it ({@link #settled}: it answered a ping
 * sent after the subscription), not just until it is sent: the exchange does not push what happened before it
 * took the subscription, so a read made before then could miss an item that no push brings either, and on a quiet
 * market the consumer would get it only with the next push or silence check. Read once settled, everything up to
 * the subscription is in the read and everything after it is pushed; one read per subscription, as before, one
 * round trip of the connection later.
 *
 * <p>Catch-ups take turns with those of the other streaming consumers ({@link CatchUpTurn}): a few
 * at a time, in the order they asked, one REST read per turn; a catch-up with more to read asks again, behind the
 * others. A read the market-data budget cannot serve within its wait is not a failure: it waits and asks again.
 *
 * <p>A channel found silent while its connection lives (a check read over REST what no push showed) is subscribed
 * again by the session, backing off. Its data does not wait for that: while the session holds it silent, the
 * consumer reads from its position over REST at the pace of a polling consumer of the same data (its
 * {@code delay}: one read, then the delay, as a polling consumer with a fixed delay), in turns and within the
 * market-data budget like any catch-up, until the channel pushes again. A push then takes over as after any
 * catch-up: what provably follows the position is delivered, anything else is caught up first, so nothing is
 * skipped or repeated at the seam.
 *
 * <p>Without a stored position the start is {@code since}, caught up over REST; without either, the first push:
 * its first item is the first delivered, and starting costs no request.
 *
 * @param <P> what one push carries (the trades, the latest candles)
 * @param <I> what a catch-up reads over REST (a trade, a closed candle)
 */
public abstract class PositionedPushes<P, I> implements Pushes {
    private static final Logger LOG = LoggerFactory.getLogger(PositionedPushes.class);

    /** What the pushed items kept allow the consumer to emit. */
    protected enum Pushed {
        /** Nothing more to emit now. */
        DONE,
        /** The next item does not provably follow the position: a catch-up is due first. */
        HOLE,
        /** A delivery failed. */
        FAILED
    }

    protected final PositionStore position;
    private final Long start;
    private final CatchUpTurn turn;
    private final Duration restPace;
    // Guarded by this: set by the connection's threads (a subscription, a gap, a silence), taken by the work.
    private boolean catchUpDue;
    private boolean checkDue;
    /** No push came, and a silence is to be checked: the position is taken from REST, as polling does. */
    private boolean baselineDue;
    // The work's.
    private boolean holeDue;
    private boolean continuing;
    private boolean checking;
    private int notPushed;
    /** The channel is silent: the next read over REST comes at the pace, whatever is due besides. */
    private boolean pacedReadDue;
    private volatile boolean positionKnown;

    /**
     * @param start       the position to start from when none is stored ({@code since}); null to start with the
     *                    first push
     * @param budgetWaits the waits when the market-data budget cannot serve a catch-up
     * @param restPace    the polling delay of the consumer: how often the data is read over REST while the channel
     *                    is silent
     */
    protected PositionedPushes(PositionStore position, Long start, Backoff budgetWaits, Duration restPace) {
        this.position = position;
        this.start = start;
        this.turn = new CatchUpTurn(budgetWaits);
        this.restPace = restPace;
    }

    // ---------------------------------------------------------------- what a kind says

    /** What one item is called in a log line: "trade(s)", "candle(s)". */
    protected abstract String items();

    /** Reads a push; a frame that cannot be read throws, and is a gap. */
    protected abstract P decode(PushFrame frame);

    /** Keeps what a push carries until the work emits it; false when too much is kept (it is dropped: a gap). */
    protected abstract boolean keep(P push);

    /** The position before the first item pushed so far, to start from when there is none; null before a push. */
    protected abstract Long startFromPushes();

    /** Reads the items after {@code position} over REST, oldest first; what it cannot read it may report. */
    protected abstract List<I> read(long position, PushContext context);

    /** The position of the newest item now, read over REST: where a consumer without one starts. */
    protected abstract long baseline(PushContext context);

    /** Whether a read this full leaves more to read. */
    protected abstract boolean more(List<I> read);

    /** The position an item moves to once delivered. */
    protected abstract long key(I item);

    /** Whether a push brought this item: one that REST delivers without is a push the channel missed. */
    protected abstract boolean wasPushed(long key);

    /** Emits an item read over REST; false when its delivery failed. */
    protected abstract boolean emit(I item, PushContext context);

    /** Emits what was pushed and provably follows the position. */
    protected abstract Pushed emitPushed(PushContext context);

    /**
     * A hole is still there after a catch-up: REST does not know what the push showed.
     *
     * @return when to catch up again (a wait; zero for at once), or null to wait for the next push
     */
    protected Duration holeRemains() {
        return null;
    }

    /**
     * How many items are known to come after {@code position} and are not delivered yet: pushed and waiting for
     * delivery or for a catch-up. Read by health checks, on their threads.
     */
    protected abstract long lag(long position);

    /** A catch-up closed the hole a push showed. */
    protected void holeFilled() {
    }

    // ---------------------------------------------------------------- the connection's threads

    @Override
    public final boolean pushed(PushFrame frame) {
        P push = decode(frame);
        synchronized (this) {
            if (!keep(push)) {
                catchUpDue = true;
            }
        }
        return true;
    }

    /** Nothing yet: a read now could miss what happens before the exchange takes the subscription. */
    @Override
    public boolean subscribed() {
        return false;
    }

    /** The exchange took the subscription: what it may have missed, from the position on, is read now. */
    @Override
    public boolean settled() {
        return catchUpLater();
    }

    @Override
    public boolean gap() {
        return catchUpLater();
    }

    @Override
    public Duration restPace() {
        return restPace;
    }

    /**
     * Checks over REST whether the channel missed pushes: a catch-up that finds items no push showed. While a
     * catch-up is due or running anyway, that one tells. Without a position yet (nothing pushed since the start),
     * the check takes the position from REST (the newest item now), so that the next silence can be checked.
     */
    @Override
    public synchronized boolean silent() {
        if (!positionKnown) {
            baselineDue = start == null;
            catchUpDue = true;
        } else if (!catchUpDue && !turn.catchingUp()) {
            checkDue = true;
            catchUpDue = true;
        }
        return true;
    }

    private synchronized boolean catchUpLater() {
        catchUpDue = true;
        return true;
    }

    // ---------------------------------------------------------------- the work

    @Override
    public final void work(PushContext context) {
        if (!positionKnown && !startKnown()) {
            return;
        }
        if (pacedReadDue && !context.channelSilent()) {
            // The channel pushes again: its pushes serve the consumer from here on.
            pacedReadDue = false;
            LOG.debug("{} pushes again; no more reads over REST at the polling delay", channel());
        }
        boolean check;
        boolean due;
        synchronized (this) {
            check = checkDue;
            due = catchUpDue || checkDue || holeDue || continuing || pacedReadDue;
        }
        boolean caughtUp = false;
        if (due) {
            if (!catchUp(context, check)) {
                return;
            }
            caughtUp = true;
        }
        switch (emitPushed(context)) {
            case FAILED -> failed(context, false);
            case HOLE -> {
                Duration again = caughtUp ? holeRemains() : Duration.ZERO;
                if (again != null) {
                    holeDue = true;
                    if (!again.isZero()) {
                        context.holdFor(again);
                    }
                    context.wake();
                }
            }
            case DONE -> {
                if (caughtUp) {
                    holeFilled();
                }
            }
        }
    }

    /**
     * Whether the consumer knows where it starts: a stored position, {@code since}, or its first push. Without any
     * yet there is nothing to catch up, unless a silence is to be checked: the first push will say.
     */
    private boolean startKnown() {
        if (position.current() == null && start != null) {
            position.commit(start);
        }
        if (position.current() != null) {
            positionKnown = true;
            return true;
        }
        Long fromPush;
        boolean fromRest;
        synchronized (this) {
            fromPush = startFromPushes();
            fromRest = baselineDue && fromPush == null;
            if (!fromRest) {
                // Nothing before the first push is wanted: no catch-up, now or for a gap before it.
                catchUpDue = false;
                checkDue = false;
                baselineDue = false;
            }
        }
        turn.nothingToCatchUp();
        if (fromPush != null) {
            position.commit(fromPush);
            positionKnown = true;
        }
        return fromPush != null || fromRest;
    }

    /**
     * One turn of catching up: a REST read from the position, then its items delivered.
     *
     * @return true when the catch-up is over; false while it waits for its turn or the budget, continues in a
     *         later turn, or failed (the work comes back)
     */
    private boolean catchUp(PushContext context, boolean check) {
        if (!turn.take(context)) {
            return false;
        }
        synchronized (this) {
            catchUpDue = false;
            checkDue = false;
        }
        holeDue = false;
        if (!continuing) {
            notPushed = 0;
            checking = check;
        } else {
            checking |= check;
        }
        List<I> items;
        try {
            Long at = position.current();
            if (at == null) {
                // A silence without a push since the start: from the newest item now on, as polling starts.
                position.commit(baseline(context));
                positionKnown = true;
                synchronized (this) {
                    baselineDue = false;
                }
                items = List.of();
            } else {
                items = read(at, context);
            }
        } catch (ExchangeRateLimitException busy) {
            // Not a failure: the budget serves others first. The catch-up waits, then asks for a turn again.
            Duration wait = turn.budgetBusy();
            redue(check);
            LOG.debug("Catching up {} waits {} ms for the market-data budget: {}", channel(), wait.toMillis(),
                    busy.getMessage());
            context.holdFor(wait);
            paceWhileSilent(context);
            context.wake();
            return false;
        } catch (ExchangeClientException e) {
            turn.end();
            context.report("Catching up " + channel() + " over REST failed", e);
            failed(context, check);
            return false;
        } catch (RuntimeException | Error unexpected) {
            // Still due: the consumer reports it, waits, and catches up again rather than wait for a push.
            turn.end();
            redue(check);
            throw unexpected;
        }
        turn.end();
        turn.served();
        for (I item : items) {
            boolean pushedToo = wasPushed(key(item));
            if (!emit(item, context)) {
                failed(context, check);
                return false;
            }
            if (!pushedToo) {
                notPushed++;
            }
        }
        if (more(items) && context.running()) {
            // More to read: behind the consumers that asked meanwhile (and, while the channel is silent, at the pace).
            continuing = true;
            paceWhileSilent(context);
            context.wake();
            return false;
        }
        continuing = false;
        turn.caughtUp();
        context.succeeded();
        if (checking && notPushed > 0) {
            context.missedPushes(notPushed + " " + items() + " over REST that the channel did not push");
        }
        if (paceWhileSilent(context)) {
            context.wake();
        }
        return true;
    }

    /**
     * While the session holds the channel silent, the next read over REST is due after the polling delay, as a
     * polling consumer's next poll: the work's next run comes no sooner, whatever wakes it meanwhile (a check of
     * the silence, the channel subscribed again), so the reads never come faster than a polling consumer's.
     *
     * @return whether the channel is silent and the next read is planned
     */
    private boolean paceWhileSilent(PushContext context) {
        if (!context.running() || !context.channelSilent()) {
            return false;
        }
        if (!pacedReadDue) {
            LOG.debug("{} is silent: its {} are read over REST every {} ms until it pushes again", channel(),
                    items(), restPace.toMillis());
        }
        pacedReadDue = true;
        context.holdFor(restPace);
        return true;
    }

    private synchronized void redue(boolean check) {
        catchUpDue = true;
        checkDue |= check;
    }

    /**
     * A call or a delivery failed: catch up from the position, after the failure backoff and no later (nor sooner than
     * the polling delay while the channel is silent).
     */
    private void failed(PushContext context, boolean check) {
        continuing = false;
        redue(check);
        context.failed();
        paceWhileSilent(context);
    }

    /** The consumer stops: a turn it holds or waits for goes to the next. */
    @Override
    public void stop() {
        turn.end();
    }

    // ---------------------------------------------------------------- health

    @Override
    public String notReady() {
        return turn.notReady();
    }

    @Override
    public void details(Map<String, Object> details) {
        Long at = position.currentIfRead();
        if (at != null) {
            details.put("position", at);
            details.put("lag", lag(at));
        }
        boolean pending;
        synchronized (this) {
            pending = catchUpDue;
        }
        details.put("catchingUp", turn.catchingUp() || pending && positionKnown);
    }

    @Override
    public FeedPosition state() {
        return position.peek();
    }
}
