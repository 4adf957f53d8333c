package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetOrder;
import com.camelexchange.client.Positions;
import com.camelexchange.client.ExchangeRequest.GetOrdersIgnoreTradeType;
import com.camelexchange.client.ExchangeRequest.GetUnfinishedOrders;
import com.camelexchange.client.ExchangeRequest.OrderRef;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.internal.json.Records;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.internal.feed.account.OrderTransitions.Step;
import com.camelexchange.client.internal.feed.account.OrderWatchState.Change;
import com.camelexchange.client.internal.feed.account.OrderWatchState.Report;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.Reads;
import com.camelexchange.client.internal.feed.SharedReader;
import com.camelexchange.client.internal.feed.StateSlot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Emits each state change of the account's orders in one market exactly once: NEW, PARTIALLY_FILLED,
 * FILLED, CANCELLED (see {@link OrderTransitions}), whoever placed the orders. Each poll, with signed calls
 * through the consumer's own client (and so the key's trade budget):
 * <ol>
 *   <li>the open orders ({@code getUnfinishedOrdersIgnoreTradeType} pages), when any order is followed;</li>
 *   <li>the orders newest first ({@code getOrdersIgnoreTradeType} pages) down to the watermark, for orders
 *       never seen (see {@link NewestFirstScan});</li>
 *   <li>{@code getOrder} for each followed order that neither listing showed: it closed, and this tells how.</li>
 * </ol>
 * Each kind of call is bounded per poll by {@code maxPagesPerPoll}, and the events one poll emits by
 * {@code maxEventsPerPoll}; what does not fit waits for the next poll. The state ({@link OrderWatchState}) moves
 * only when an event was delivered and is kept in its positions, so a failed event comes again
 * and a restart resumes with no gap and no repeat. On the first start (no stored state) the orders open then
 * are announced as NEW and the newest order id is the watermark: finished history is not replayed.
 */
public final class PolledOrderEvents implements PolledData {
    private static final Logger LOG = LoggerFactory.getLogger(PolledOrderEvents.class);
    private static final int ORDER_NOT_FOUND = 3001;
    /**
     * A first start reads every open order (to announce them all), up to this many pages, whatever
     * maxPagesPerPoll says: it happens once. 50,000 orders at variant A's 10 a page.
     */
    static final int BASELINE_PAGES = 5_000;

    private final OrderEventsOptions options;
    private final StateSlot slot;
    private final Reads client;
    /** What dates an event's {@code detectedAt}: the wall's, or a backtest's replay clock. */
    private Clock clock = Clock.systemUTC();
    /** What was delivered: changed by each event as it is delivered. */
    private OrderWatchState committed;
    /**
     * The baseline's views of the open orders not announced yet: the polls after it may list only some of them,
     * and announce the rest from here, {@code maxEventsPerPoll} a poll. Emptied as they are announced.
     */
    private final Map<Long, Order> toAnnounce = new HashMap<>();
    private NewestFirstScan<Order, Long> scan;
    /** The last followed order looked up by id; the next poll's look-ups start after it. */
    private long lookUpAfter;
    /** Followed orders whose look-up reply could not be read, since it last could: each is logged at WARN once. */
    private final Set<Long> unreadable = new HashSet<>();
    // For health checks, on their threads.
    private volatile int followedCount = -1;
    private volatile long announcedUpTo;

    /**
     * @param client the consumer's own client, with the account's keys: these signed calls are never shared
     * @param key    the watch's key in {@code positions}; {@link #stateKey} by default
     */
    public PolledOrderEvents(OrderEventsOptions options, ExchangeClient client, Positions positions, String key) {
        this(options, new StateSlot(positions, key), Reads.of(client));
    }

    /**
     * @param slot   where the watch is kept
     * @param client the consumer's own client: these signed calls are never shared
     */
    PolledOrderEvents(OrderEventsOptions options, StateSlot slot, Reads client) {
        this.options = options;
        this.slot = slot;
        this.client = client;
    }

    /** Dates the events' {@code detectedAt} by {@code time} (a backtest's clock) instead of the wall's. */
    public PolledOrderEvents clock(Clock time) {
        this.clock = time;
        return this;
    }


    @Override
    public FeedPosition state() {
        return slot.peek();
    }

    @Override
    public boolean keepsPosition() {
        return true;
    }

    @Override
    public void start(SharedReader reads) {
        slot.start();
        committed = null;
        toAnnounce.clear();
        unreadable.clear();
        scan = new NewestFirstScan<>("orders of " + options.market(), PolledOrderEvents::idOf, options.pageSize());
    }

    @Override
    public List<Item> poll(Poll poll) {
        Instant detectedAt = clock.instant();
        Map<Long, Order> latest = new HashMap<>();
        boolean firstStart = committed == null && slot.current() == null;
        OrderWatchState state = stateOrBaseline(latest);
        if (!firstStart && state.size() > 0) {
            // (The baseline of a first start has just read the open orders.)
            openOrders(options.maxCalls()).forEach(o -> merge(latest, o));
        }
        NewestFirstScan.Result<Long, Order> found = scan.poll(page -> client.read(new GetOrdersIgnoreTradeType(
                options.market(), page, options.pageSize())), state.watermark(), state.watermark(), options.maxCalls());
        found.seen().values().forEach(o -> merge(latest, o));
        lookUpClosed(state, latest);

        Batch batch = new Batch(detectedAt);
        for (Long id : state.followed()) {
            Order now = OrderTransitions.later(toAnnounce.get(id), latest.get(id));
            if (now != null) {
                batch.add(id, state.report(id), now);
            }
        }
        for (Map.Entry<Long, Order> order : found.fresh().entrySet()) {
            if (state.report(order.getKey()) == null) {
                batch.add(order.getKey(), null, OrderTransitions.later(order.getValue(), latest.get(order.getKey())));
            }
        }
        followedCount = state.size();
        announcedUpTo = state.watermark();
        poll.leftForNextPoll(batch.left, false);
        return batch.items;
    }

    /**
     * The events of one poll, oldest order first, each with the change it makes once delivered; beyond
     * {@code maxEventsPerPoll} they are only counted: the next poll finds them again, since the state has not
     * moved past them.
     */
    private final class Batch {
        final List<Item> items = new ArrayList<>();
        final Instant detectedAt;
        final int maxEvents;
        int left;

        Batch(Instant detectedAt) {
            this(detectedAt, options.maxEvents());
        }

        Batch(Instant detectedAt, int maxEvents) {
            this.detectedAt = detectedAt;
            this.maxEvents = maxEvents;
        }

        void add(long id, Report last, Order now) {
            for (Step step : OrderTransitions.between(last, now)) {
                if (items.size() >= maxEvents) {
                    left++;
                    continue;
                }
                Change change = new Change(id, step.after(), id);
                OrderEvent event = new OrderEvent(step.type(), now, step.tradedSinceLast(), step.tradedTotal(),
                        detectedAt);
                items.add(new Item(event, () -> commit(List.of(change))));
            }
        }
    }

    /**
     * The events one pushed view of an order makes against what was delivered, as a poll that listed it would
     * make them (the same transitions, bodies and state changes): none for an order announced and closed, or
     * finished before the first start (at or below the watermark and not followed), nor for a view older than what
     * was reported. Pushed views of one market come in the order the changes happened, so an order above the
     * watermark is new, and the watermark rises with each one announced. Null before a poll made the state (a
     * first start's baseline): a catch-up is due first.
     */
    public List<Item> pushed(Order order) {
        if (committed == null) {
            return null;
        }
        Long id = idOf(order);
        if (id == null) {
            return List.of();
        }
        Report last = committed.report(id);
        if (last == null && id <= committed.watermark()) {
            return List.of();
        }
        // Every step of one view at once: at most three (NEW, PARTIALLY_FILLED, CANCELLED).
        Batch batch = new Batch(clock.instant(), Integer.MAX_VALUE);
        batch.add(id, last, OrderTransitions.later(toAnnounce.get(id), order));
        return batch.items;
    }

    /**
     * Whether the listing of orders newest first stopped above the watermark ({@code maxPagesPerPoll} pages read):
     * orders placed since the last poll may be left for the next.
     */
    public boolean scanning() {
        return scan != null && scan.midway();
    }

    /** The committed state; on the first start, the baseline: open orders to announce, the newest id seen. */
    private OrderWatchState stateOrBaseline(Map<Long, Order> latest) {
        if (committed == null) {
            String stored = slot.current();
            if (stored != null) {
                committed = OrderWatchState.fromJson(slot.key(), stored);
            }
        }
        if (committed != null) {
            return committed;
        }
        // Newest first, then the open ones: an order placed in between is above the watermark, found as new.
        long watermark = 0;
        for (Order o : client.read(new GetOrdersIgnoreTradeType(options.market(), 1, options.pageSize()))) {
            Long id = idOf(o);
            watermark = id != null ? Math.max(watermark, id) : watermark;
        }
        List<Order> open = openOrders(BASELINE_PAGES);
        if (open.size() >= BASELINE_PAGES * options.pageSize()) {
            LOG.warn("More than {} open orders in {}: those beyond are not followed", open.size(), options.market());
        }
        OrderWatchState baseline = new OrderWatchState(watermark);
        Map<Long, Order> views = new HashMap<>();
        for (Order o : open) {
            Long id = idOf(o);
            if (id != null && id <= watermark) {
                baseline.apply(new Change(id, new Report(BigDecimal.ZERO, null), watermark));
                merge(latest, o);
                views.put(id, o);
            }
        }
        // Stored at once: it announces nothing, it only says what is to be announced. Until it is stored, this
        // is still a first start.
        slot.commit(baseline.toJson());
        committed = baseline;
        toAnnounce.putAll(views);
        return baseline;
    }

    /** The open orders, page by page until a short page or {@code maxPages}. */
    private List<Order> openOrders(int maxPages) {
        List<Order> open = new ArrayList<>();
        for (int page = 1; page <= maxPages; page++) {
            List<Order> orders = client.read(new GetUnfinishedOrders(options.market(), page, options.pageSize()));
            open.addAll(orders);
            if (Records.sent(orders) < options.pageSize()) {
                break;
            }
        }
        return open;
    }

    /**
     * Asks for each followed order that no listing showed, within the budget. An order the exchange no longer
     * knows (3001) cannot be reported any more: it stops being followed, with a warning. An order whose reply
     * cannot be read (a value out of bounds, a broken reply) tells nothing: it stays as last reported and is looked
     * up again at the next poll, while the other orders go on; a poll failed for it would hold back every order's
     * events for as long as the exchange serves that one record so.
     */
    private void lookUpClosed(OrderWatchState state, Map<Long, Order> latest) {
        int calls = 0;
        List<Change> forgotten = new ArrayList<>();
        // From where the last poll's look-ups stopped, round the followed orders: with more unlisted orders
        // than one poll may look up, each still gets its turn.
        List<Long> ids = new ArrayList<>(state.followed().tailSet(lookUpAfter, false));
        ids.addAll(state.followed().headSet(lookUpAfter, true));
        for (Long id : ids) {
            if (latest.containsKey(id)) {
                continue;
            }
            if (calls++ >= options.maxCalls()) {
                break;
            }
            lookUpAfter = id;
            try {
                merge(latest, client.read(new GetOrder(options.market(), new OrderRef(id, null))));
                unreadable.remove(id);
            } catch (ExchangeReplyFormatException e) {
                if (unreadable.add(id)) {
                    LOG.warn("Order {} of {}: its reply could not be read ({}); it stays as last reported and is"
                             + " looked up again at each poll, logged at DEBUG until it can be read", id,
                            options.market(), e.getMessage());
                } else {
                    LOG.debug("Order {} of {}: its reply could not be read again ({})", id, options.market(),
                            e.getMessage());
                }
            } catch (ExchangeErrorReplyException e) {
                if (e.code() != ORDER_NOT_FOUND) {
                    throw e;
                }
                LOG.warn("Order {} of {} is no longer known to the exchange; it is no longer followed", id,
                        options.market());
                forgotten.add(new Change(id, null, 0));
            }
        }
        if (!forgotten.isEmpty()) {
            commit(forgotten);
        }
    }

    private void commit(Collection<Change> changes) {
        for (Change change : changes) {
            committed.apply(change);
            if (change.report() == null || change.report().last() != null) {
                toAnnounce.remove(change.id());
            }
            if (change.report() == null) {
                unreadable.remove(change.id());
            }
        }
        slot.commit(committed.toJson());
        followedCount = committed.size();
        announcedUpTo = committed.watermark();
    }

    @Override
    public void healthDetails(Map<String, Object> details) {
        if (followedCount >= 0) {
            details.put("followedOrders", followedCount);
            details.put("watermark", Long.toString(announcedUpTo));
        }
    }

    /** Keeps the later of two views of an order. */
    private static void merge(Map<Long, Order> latest, Order order) {
        Long id = idOf(order);
        if (id != null) {
            latest.merge(id, order, OrderTransitions::later);
        }
    }

    /** Order ids are numbers sent as text; one that is not a positive number cannot be ordered or looked up. */
    private static Long idOf(Order order) {
        try {
            long id = Long.parseLong(order.id().trim());
            return id > 0 ? id : null;
        } catch (NumberFormatException e) {
            LOG.warn("Ignoring an order whose id is not a number");
            return null;
        }
    }
}
