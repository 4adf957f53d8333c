package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.Positions;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.PolledData.Item;
import com.camelexchange.client.internal.feed.PushContext;
import com.camelexchange.client.internal.feed.PushSource;
import com.camelexchange.client.internal.feed.Pushes;
import com.camelexchange.client.internal.feed.StreamAddresses;
import com.camelexchange.client.internal.http.Credentials;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.internal.json.PushFrames.AccountOrder;
import com.camelexchange.client.internal.json.StreamTradingFrames;
import com.camelexchange.client.internal.stream.StreamSession;
import com.camelexchange.client.internal.stream.StreamSessions;
import com.camelexchange.client.model.ApiVariant;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Each change of the account's orders in one market once and in order, from the exchange's account pushes
 * ({@code push_user_incr_record}, one frame per change, numbered by {@code seq} per account and market) instead of
 * polling. Every pushed record goes through the polled consumer's own transitions and state ({@link
 * PolledOrderEvents#pushed}), kept under the same key in the same positions, so each transition is announced once
 * with the same body, and a consumer can switch between polling and pushes, or restart, without a gap or a repeat.
 *
 * <p>What no push brought is read with one REST pass of the polled consumer ({@link PolledOrderEvents#poll}): when
 * the exchange has taken the subscription (at start, after every reconnect: changes made meanwhile were pushed to
 * nobody), when {@code seq} skips a number or a push cannot be read, and when a delivery failed. Pushes that
 * arrive meanwhile wait behind it, and those it already covered announce nothing (a view older than what was
 * reported makes no event). Between catch-ups nothing is read over REST: a quiet account is quiet, not a silent
 * channel, so its silence is never checked.
 *
 * <p>The subscription is signed with the client's keys, on a connection of the account's own
 * ({@link StreamSessions#accountSession}), made anew at each subscription.
 */
public final class OrderPushes implements Pushes {
    /** Pushed changes kept while the consumer is busy; beyond it they are dropped and read again over REST. */
    static final int BUFFER = 10_000;

    private final String market;
    private final PolledOrderEvents events;
    private final Credentials keys;
    private final boolean variantA;
    private final PushFrames frames;
    private final String address;
    private final AtomicLong nos = new AtomicLong();
    // Guarded by this: what the connection's threads handed over.
    private final ArrayDeque<AccountOrder> pushed = new ArrayDeque<>();
    private boolean catchUpDue = true;
    private boolean settled;
    /** The seq of the last change pushed on this subscription; 0 before its first. */
    private long lastSeq;
    private volatile boolean caughtUpOnce;
    private volatile boolean catchingUp;

    OrderPushes(String market, PolledOrderEvents events, Credentials keys, boolean variantA, PushFrames frames,
                String address) {
        this.market = market;
        this.events = events;
        this.keys = keys;
        this.variantA = variantA;
        this.frames = frames;
        this.address = address;
    }

    /**
     * The order events of {@code options}' market pushed to {@code client}'s account.
     *
     * @param key the watch's key in {@code positions}: the polled consumer's
     * @return null when the client has no keys for the exchange (none, or paper trading's redirect)
     */
    public static OrderPushes of(OrderEventsOptions options, ExchangeClient client, Positions positions, String key,
                                 Clock clock, PushSource source) {
        Credentials keys = ClientInternals.accountKeys(client);
        if (keys == null) {
            return null;
        }
        PolledOrderEvents events = new PolledOrderEvents(options, client, positions, key).clock(clock);
        events.start(null);
        return new OrderPushes(options.market(), events, keys,
                ClientInternals.readProfile(client).variant() == ApiVariant.A, source.streams().frames(),
                source.address());
    }

    @Override
    public String channel() {
        return StreamAddresses.accountOrders(market);
    }

    @Override
    public String address() {
        return address;
    }

    /** The account's own connection: the exchange pushes its changes where its key subscribed. */
    @Override
    public StreamSession session(StreamSessions streams) {
        return streams.accountSession(address, keys.accessKey());
    }

    /** Signed as a call over the WebSocket is: the compact JSON of its fields in ASCII order. */
    @Override
    public String subscription() {
        TreeMap<String, String> fields = new TreeMap<>();
        fields.put("event", "addChannel");
        fields.put("channel", StreamAddresses.ACCOUNT_ORDERS);
        fields.put("market", market.replace("_", ""));
        fields.put("accesskey", keys.accessKey());
        fields.put("no", "orders-" + nos.incrementAndGet());
        fields.put("sign", keys.signer().sign(StreamTradingFrames.write(fields)));
        return StreamTradingFrames.write(fields);
    }

    @Override
    public String unsubscription() {
        TreeMap<String, String> fields = new TreeMap<>();
        fields.put("event", "removeChannel");
        fields.put("channel", StreamAddresses.ACCOUNT_ORDERS);
        fields.put("market", market.replace("_", ""));
        return StreamTradingFrames.write(fields);
    }

    // ---------------------------------------------------------------- the connection's threads

    /** A change pushed; one whose {@code seq} does not follow the last is behind a gap: a catch-up goes first. */
    @Override
    public boolean pushed(PushFrame frame) {
        AccountOrder change = frames.accountOrder(frame, variantA);
        if (change == null) {
            // The exchange's answer to the subscription.
            return false;
        }
        synchronized (this) {
            if (lastSeq > 0 && change.seq() != lastSeq + 1) {
                catchUpDue = true;
            }
            lastSeq = change.seq();
            pushed.add(change);
            if (pushed.size() > BUFFER) {
                pushed.clear();
                catchUpDue = true;
            }
        }
        return true;
    }

    /**
     * A new subscription: what changed while there was none is read once the exchange took it; pushes wait until
     * then, since one applied before could raise the watermark above orders the catch-up has yet to find.
     */
    @Override
    public synchronized boolean subscribed() {
        settled = false;
        catchUpDue = true;
        lastSeq = 0;
        return false;
    }

    @Override
    public synchronized boolean settled() {
        settled = true;
        return true;
    }

    @Override
    public synchronized boolean gap() {
        catchUpDue = true;
        return true;
    }

    /**
     * An account's orders change only when it trades: a quiet channel is no sign of lost pushes, and the
     * connection's own keepalive finds a dead one. Taken as checked, so it is not subscribed again for nothing.
     */
    @Override
    public boolean silent() {
        return true;
    }

    // ---------------------------------------------------------------- the work

    @Override
    public void work(PushContext context) {
        while (context.more()) {
            AccountOrder next;
            synchronized (this) {
                if (catchUpDue) {
                    if (!settled) {
                        // Settling wakes the work.
                        return;
                    }
                    catchUpDue = false;
                    next = null;
                } else {
                    next = pushed.poll();
                    if (next == null) {
                        return;
                    }
                }
            }
            if (next == null ? !catchUp(context) : !announce(next, context)) {
                return;
            }
        }
    }

    /** One REST pass of the polled consumer; another follows at once while it left events or orders behind. */
    private boolean catchUp(PushContext context) {
        catchingUp = true;
        boolean[] left = {false};
        List<Item> items;
        try {
            items = events.poll(new PolledData.Poll() {
                @Override
                public void leftForNextPoll(int known, boolean more) {
                    left[0] = known > 0 || more;
                }

                @Override
                public void report(String message, Throwable problem) {
                    context.report(message, problem);
                }
            });
        } catch (ExchangeClientException e) {
            redue();
            context.report("Catching up the orders of " + market + " over REST failed", e);
            context.failed();
            return false;
        } catch (RuntimeException | Error unexpected) {
            // Still due: the consumer reports it, waits its backoff, and catches up again.
            redue();
            throw unexpected;
        }
        if (!deliver(items, context)) {
            return false;
        }
        if (left[0] || events.scanning()) {
            redue();
        } else {
            catchingUp = false;
            caughtUpOnce = true;
        }
        context.succeeded();
        return true;
    }

    private boolean announce(AccountOrder change, PushContext context) {
        List<Item> items = events.pushed(change.order());
        if (items == null) {
            redue();
            return true;
        }
        return deliver(items, context);
    }

    /**
     * Delivers in order; after a failed delivery the state has not moved past it, and a catch-up from the state
     * (after the consumer's backoff) announces it again: the pushed view is not kept.
     */
    private boolean deliver(List<Item> items, PushContext context) {
        for (Item item : items) {
            if (!context.emit(item.value(), item.onCompleted())) {
                redue();
                context.failed();
                return false;
            }
        }
        return true;
    }

    private synchronized void redue() {
        catchUpDue = true;
    }

    // ---------------------------------------------------------------- health

    @Override
    public String notReady() {
        return caughtUpOnce ? null : "catching up the orders over REST";
    }

    @Override
    public void details(Map<String, Object> details) {
        events.healthDetails(details);
        details.put("catchingUp", catchingUp);
    }

    @Override
    public FeedPosition state() {
        return events.state();
    }

    /** Never read over REST on a pace: pushes or a catch-up, nothing between. */
    @Override
    public Duration restPace() {
        return null;
    }
}
