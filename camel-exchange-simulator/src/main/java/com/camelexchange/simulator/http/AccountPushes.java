package com.camelexchange.simulator.http;

import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.AccountEvent;
import com.camelexchange.simulator.engine.AccountEvent.AssetsChanged;
import com.camelexchange.simulator.engine.AccountEvent.OrderChanged;
import com.camelexchange.simulator.engine.AccountListener;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.camelexchange.simulator.market.MarketSpec;
import io.vertx.core.Context;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The account pushes: which connections follow which accounts, and the changes the engine tells of them, pushed in
 * the order they happened on the hub's context. The engine offers only changes of accounts somebody follows, and
 * only queues them under its lock; frames are built here, after it let go. Subscriptions are changed on the hub's
 * context only.
 */
final class AccountPushes implements AccountListener {
    /** Changes waiting for the hub's context; beyond this they are dropped, and the gap shows in {@code seq}. */
    static final int MAX_QUEUED = 100_000;

    /** Where a push goes: the hub's push, which plays the stream faults. */
    interface Sender {
        void push(StreamConnection connection, String channel, String text);
    }

    /**
     * What a connection follows.
     *
     * @param market for the records: one market, or null for all
     */
    record Subscription(TradingMethod method, long userId, MarketSpec market) {
        boolean covers(AccountEvent event) {
            if (event.userId() != userId) {
                return false;
            }
            if (event instanceof OrderChanged order) {
                return method == TradingMethod.PUSH_RECORDS && (market == null || market.name().equals(order.market()));
            }
            return method == TradingMethod.PUSH_ASSETS;
        }
    }

    private record Follower(StreamConnection connection, Subscription subscription) {
    }

    private final SimulatedExchange exchange;
    private final Context context;
    private final Sender sender;
    /** Followers by user; the context's. */
    private final Map<Long, List<Follower>> byUser = new HashMap<>();
    /** How many subscriptions follow each user: read by the engine under its lock, written on the context. */
    private final Map<Long, Integer> watched = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<AccountEvent> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final LongAdder dropped = new LongAdder();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final Map<TradingMethod, AtomicInteger> counts = Map.of(
            TradingMethod.PUSH_RECORDS, new AtomicInteger(), TradingMethod.PUSH_ASSETS, new AtomicInteger());
    private final Runnable unlisten;

    AccountPushes(SimulatedExchange exchange, Context context, Sender sender) {
        this.exchange = exchange;
        this.context = context;
        this.sender = sender;
        this.unlisten = exchange.onAccountChange(this);
    }

    // ---------------------------------------------------------------- the engine's side, under its lock

    @Override
    public boolean watches(User user) {
        return !watched.isEmpty() && watched.containsKey(user.id());
    }

    @Override
    public void offer(AccountEvent event) {
        if (queued.incrementAndGet() > MAX_QUEUED) {
            queued.decrementAndGet();
            dropped.increment();
            return;
        }
        queue.add(event);
    }

    @Override
    public void wake() {
        if (drainScheduled.compareAndSet(false, true)) {
            context.runOnContext(v -> drain());
        }
    }

    /** Changes dropped because the hub fell too far behind. */
    long dropped() {
        return dropped.sum();
    }

    // ---------------------------------------------------------------- the hub's context

    private void drain() {
        drainScheduled.set(false);
        for (AccountEvent event = queue.poll(); event != null; event = queue.poll()) {
            queued.decrementAndGet();
            deliver(event);
        }
    }

    private void deliver(AccountEvent event) {
        List<Follower> followers = byUser.get(event.userId());
        if (followers == null) {
            return;
        }
        String text = null;
        for (Follower f : List.copyOf(followers)) {
            if (f.subscription().covers(event)) {
                if (text == null) {
                    text = payload(event);
                }
                sender.push(f.connection(), f.subscription().method().wire(), text);
            }
        }
    }

    private String payload(AccountEvent event) {
        if (event instanceof OrderChanged order) {
            return TradingPayloads.record(order, exchange.market(order.market()), exchange.variant());
        }
        return TradingPayloads.assets((AssetsChanged) event, exchange.coins());
    }

    /** Follows an account on a connection; the same subscription twice is kept once. */
    void subscribe(StreamConnection connection, Subscription subscription) {
        if (!connection.accountSubscriptions.add(subscription)) {
            return;
        }
        byUser.computeIfAbsent(subscription.userId(), u -> new ArrayList<>())
                .add(new Follower(connection, subscription));
        watched.merge(subscription.userId(), 1, Integer::sum);
        counts.get(subscription.method()).incrementAndGet();
    }

    /** Ends a connection's subscriptions of one channel (and market, for the records), whatever their key. */
    void unsubscribe(StreamConnection connection, TradingMethod method, MarketSpec market) {
        for (Subscription s : List.copyOf(connection.accountSubscriptions)) {
            if (s.method() == method && Objects.equals(s.market(), market)) {
                remove(connection, s);
            }
        }
    }

    /** Ends every subscription of a connection that closed. */
    void removeAll(StreamConnection connection) {
        for (Subscription s : List.copyOf(connection.accountSubscriptions)) {
            remove(connection, s);
        }
    }

    private void remove(StreamConnection connection, Subscription subscription) {
        connection.accountSubscriptions.remove(subscription);
        List<Follower> followers = byUser.get(subscription.userId());
        if (followers != null) {
            followers.removeIf(f -> f.connection() == connection && f.subscription().equals(subscription));
            if (followers.isEmpty()) {
                byUser.remove(subscription.userId());
            }
        }
        watched.computeIfPresent(subscription.userId(), (u, n) -> n == 1 ? null : n - 1);
        counts.get(subscription.method()).decrementAndGet();
    }

    /** Subscriptions of a channel on every connection now; readable from any thread. */
    int count(TradingMethod method) {
        AtomicInteger n = counts.get(method);
        return n == null ? 0 : n.get();
    }

    void close() {
        unlisten.run();
    }
}
