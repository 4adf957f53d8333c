package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.Balance;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.AccountEvent.AssetsChanged;
import com.camelexchange.simulator.engine.AccountEvent.CoinBalance;
import com.camelexchange.simulator.engine.AccountEvent.OrderChanged;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tells {@link AccountListener}s what each operation changed in the accounts: every change of an order as it
 * happens, and at the end of the operation the spot balances that differ from what they were before it. Everything
 * but {@link #wake} runs under the exchange lock, so the changes are offered in the order they happened. The
 * synthetic traders' accounts are left out: nobody holds their keys, and they trade on every step.
 */
final class AccountChanges {
    private final Variant variant;
    private final List<AccountListener> listeners = new CopyOnWriteArrayList<>();
    /** Spot balances as they stood when the current operation first touched them, by user and coin. */
    private final Map<User, Map<String, BigDecimal[]>> before = new LinkedHashMap<>();
    /** The last numbers given, per account and market for orders and per account for assets. */
    private final Map<String, long[]> orderSeq = new HashMap<>();
    private final Map<Long, long[]> assetSeq = new HashMap<>();
    private final AtomicBoolean offered = new AtomicBoolean();

    AccountChanges(Variant variant) {
        this.variant = variant;
    }

    Runnable add(AccountListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Before an operation moves funds of these coins in one wallet: keeps what they were (spot only). */
    void touch(User user, int acctType, String... coins) {
        if (acctType != 0 || user.unlimited()) {
            return;
        }
        Map<String, BigDecimal[]> balances = before.computeIfAbsent(user, u -> new LinkedHashMap<>(4));
        for (String coin : coins) {
            balances.computeIfAbsent(coin, c -> {
                Balance b = user.spot().balance(c);
                return new BigDecimal[] {b.available(), b.frozen()};
            });
        }
    }

    /** After an order was created, filled or cancelled. */
    void order(Order order) {
        User user = order.user();
        if (user.unlimited()) {
            return;
        }
        long seq = ++orderSeq.computeIfAbsent(user.id() + " " + order.market().name(), k -> new long[1])[0];
        OrderChanged event = null;
        for (AccountListener listener : listeners) {
            if (listener.watches(user)) {
                if (event == null) {
                    event = new OrderChanged(user.id(), seq, order.market().name(), order.id(), order.side(),
                            order.price(), order.amount(), order.filled(), order.filledMoney(),
                            order.averagePrice(), order.status(variant), order.createdAt());
                }
                listener.offer(event);
                offered.set(true);
            }
        }
    }

    /** At the end of the outermost operation, still under the lock: the balances it changed. */
    void flush() {
        if (before.isEmpty()) {
            return;
        }
        for (Map.Entry<User, Map<String, BigDecimal[]>> touched : before.entrySet()) {
            User user = touched.getKey();
            List<CoinBalance> changed = new ArrayList<>(touched.getValue().size());
            touched.getValue().forEach((coin, was) -> {
                Balance now = user.spot().balance(coin);
                if (now.available().compareTo(was[0]) != 0 || now.frozen().compareTo(was[1]) != 0) {
                    changed.add(new CoinBalance(coin, now.available(), now.frozen()));
                }
            });
            if (!changed.isEmpty()) {
                long seq = ++assetSeq.computeIfAbsent(user.id(), k -> new long[1])[0];
                AssetsChanged event = new AssetsChanged(user.id(), seq, List.copyOf(changed));
                for (AccountListener listener : listeners) {
                    if (listener.watches(user)) {
                        listener.offer(event);
                        offered.set(true);
                    }
                }
            }
        }
        before.clear();
    }

    /** Outside the lock: wakes the listeners when anything was offered since the last call. */
    void wake() {
        if (offered.getAndSet(false)) {
            listeners.forEach(AccountListener::wake);
        }
    }
}
