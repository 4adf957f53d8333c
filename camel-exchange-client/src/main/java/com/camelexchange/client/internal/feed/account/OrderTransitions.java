package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.internal.feed.account.OrderWatchState.Report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The events between what was last reported of an order and how the exchange shows it now. Pure: no I/O,
 * no state of its own.
 *
 * <ul>
 *   <li>Never reported: NEW first, then what it already did.</li>
 *   <li>Traded more and still open: PARTIALLY_FILLED with the difference.</li>
 *   <li>Filled: FILLED with the difference.</li>
 *   <li>Cancelled: what it traded since the last report as its own PARTIALLY_FILLED first, then CANCELLED
 *       carrying zero; so fills live only on PARTIALLY_FILLED and FILLED events.</li>
 *   <li>A status neither variant documents: nothing, and the order stays followed.</li>
 * </ul>
 */
final class OrderTransitions {

    /**
     * One event and the report that holds once it was delivered.
     *
     * @param after null once the order is closed: it is no longer followed
     */
    record Step(OrderEventType type, BigDecimal tradedSinceLast, BigDecimal tradedTotal, Report after) {
    }

    private OrderTransitions() {
    }

    /** @param last null (or a report without an event) for an order never announced */
    static List<Step> between(Report last, Order now) {
        List<Step> steps = new ArrayList<>(3);
        BigDecimal reported = last == null ? BigDecimal.ZERO : last.traded();
        OrderEventType lastType = last == null ? null : last.last();
        if (lastType == null) {
            lastType = OrderEventType.NEW;
            steps.add(new Step(OrderEventType.NEW, BigDecimal.ZERO, reported, new Report(reported, lastType)));
        }
        BigDecimal traded = now.tradeAmount();
        // A listing can only lag, never go back: a smaller amount than reported is an older view, not a change.
        BigDecimal delta = traded.compareTo(reported) > 0 ? traded.subtract(reported) : BigDecimal.ZERO;
        BigDecimal total = reported.add(delta);
        OrderStatus status = now.status();
        switch (status) {
            case FILLED -> steps.add(new Step(OrderEventType.FILLED, delta, total, null));
            case CANCELLED -> {
                if (delta.signum() > 0) {
                    steps.add(new Step(OrderEventType.PARTIALLY_FILLED, delta, total,
                            new Report(total, OrderEventType.PARTIALLY_FILLED)));
                }
                steps.add(new Step(OrderEventType.CANCELLED, BigDecimal.ZERO, total, null));
            }
            case PENDING, PARTIALLY_FILLED -> {
                if (delta.signum() > 0) {
                    steps.add(new Step(OrderEventType.PARTIALLY_FILLED, delta, total,
                            new Report(total, OrderEventType.PARTIALLY_FILLED)));
                }
            }
            default -> {
                // UNKNOWN: nothing to say yet; the order stays followed with what was reported.
            }
        }
        return steps;
    }

    /** Which of two views of one order is the later: a closed one, else the one that traded more. */
    static Order later(Order a, Order b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        boolean aClosed = closed(a);
        boolean bClosed = closed(b);
        if (aClosed != bClosed) {
            return aClosed ? a : b;
        }
        return b.tradeAmount().compareTo(a.tradeAmount()) >= 0 ? b : a;
    }

    private static boolean closed(Order order) {
        return order.status() == OrderStatus.FILLED || order.status() == OrderStatus.CANCELLED;
    }
}
