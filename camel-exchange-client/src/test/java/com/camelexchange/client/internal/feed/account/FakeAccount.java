package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.ExchangeRequest;
import com.camelexchange.client.ExchangeRequest.GetOrder;
import com.camelexchange.client.ExchangeRequest.GetOrdersIgnoreTradeType;
import com.camelexchange.client.ExchangeRequest.GetUnfinishedOrders;
import com.camelexchange.client.ExchangeRequest.GetWithdrawRecord;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.Reads;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.WithdrawPage;
import com.camelexchange.client.model.WithdrawRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An account as the exchange lists it, in memory: orders newest first by id, the open ones on their own listing,
 * an order by id; withdrawal records newest first by submit time. A look-up can be made to fail once or for good.
 */
final class FakeAccount implements Reads {
    final TreeMap<Long, Order> orders = new TreeMap<>();
    final List<WithdrawRecord> withdrawals = new ArrayList<>();
    final Map<Long, RuntimeException> lookUpFailures = new HashMap<>();
    final List<String> calls = new ArrayList<>();

    void put(Order order) {
        orders.put(Long.parseLong(order.id()), order);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T read(ExchangeRequest<T> request) {
        if (request instanceof GetOrdersIgnoreTradeType all) {
            calls.add("orders " + all.pageIndex());
            return (T) page(new ArrayList<>(orders.descendingMap().values()), all.pageIndex(), all.pageSize());
        }
        if (request instanceof GetUnfinishedOrders open) {
            calls.add("open " + open.pageIndex());
            return (T) page(orders.descendingMap().values().stream().filter(o -> o.status().isOpen()).toList(),
                    open.pageIndex(), open.pageSize());
        }
        if (request instanceof GetOrder one) {
            long id = one.order().id();
            calls.add("order " + id);
            RuntimeException failure = lookUpFailures.get(id);
            if (failure != null) {
                throw failure;
            }
            Order order = orders.get(id);
            if (order == null) {
                throw new ExchangeErrorReplyException("getOrder", 3001, "order not found");
            }
            return (T) order;
        }
        if (request instanceof GetWithdrawRecord records) {
            calls.add("withdrawals " + records.pageIndex());
            List<WithdrawRecord> newestFirst = withdrawals.stream().sorted(Comparator.comparing(
                    WithdrawRecord::submitTime).thenComparing(WithdrawRecord::id).reversed()).toList();
            List<WithdrawRecord> page = page(newestFirst, records.pageIndex(), records.pageSize());
            return (T) new WithdrawPage(page, records.pageIndex(), records.pageSize(), newestFirst.size(),
                    (newestFirst.size() + records.pageSize() - 1) / records.pageSize());
        }
        throw new IllegalArgumentException("not faked: " + request);
    }

    private static <T> List<T> page(List<T> all, int index, int size) {
        int from = Math.min(all.size(), (index - 1) * size);
        return new ArrayList<>(all.subList(from, Math.min(all.size(), from + size)));
    }

    /** What a consumer's poll is told. */
    static final class Poll implements PolledData.Poll {
        int left;
        final List<String> reports = new ArrayList<>();

        @Override
        public void leftForNextPoll(int known, boolean more) {
            left = known;
        }

        @Override
        public void report(String message, Throwable problem) {
            reports.add(message);
        }
    }

    /** Delivers every item, as a route that completes each exchange: the state moves with each. */
    static <T> List<T> deliver(List<PolledData.Item> items, Class<T> type) {
        List<T> values = new ArrayList<>();
        for (PolledData.Item item : items) {
            values.add(type.cast(item.value()));
            item.onCompleted().run();
        }
        return values;
    }
}
