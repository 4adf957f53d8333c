package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetWithdrawRecord;
import com.camelexchange.client.Positions;
import com.camelexchange.client.internal.json.Records;
import com.camelexchange.client.model.WithdrawRecord;
import com.camelexchange.client.internal.feed.account.WithdrawalTransitions.Step;
import com.camelexchange.client.internal.feed.account.WithdrawalWatchState.Followed;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.Reads;
import com.camelexchange.client.internal.feed.SharedReader;
import com.camelexchange.client.internal.feed.StateSlot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Emits each new withdrawal record of one coin and each change of a record's status exactly once (see
 * {@link WithdrawalTransitions}). Each poll pages {@code getWithdrawRecord} newest first, through the
 * consumer's own client and so the key's trade budget, down to the oldest record still followed or the newest
 * one announced, at most {@code maxPagesPerPoll} pages (a longer walk goes on at the next poll), and emits at
 * most {@code maxEventsPerPoll} events (the rest come with the next poll). The state
 * ({@link WithdrawalWatchState}) moves only when an event was delivered and is kept in its
 * positions, so a failed event comes again and a restart resumes with no gap and no repeat. On the first
 * start (no stored state) the records still pending are announced as NEW and followed; final history is not
 * replayed.
 */
public final class PolledWithdrawalEvents implements PolledData {
    private final WithdrawalEventsOptions options;
    private final StateSlot slot;
    private final Reads client;
    private WithdrawalWatchState committed;
    private NewestFirstScan<WithdrawRecord, RecordPosition> scan;
    /** Events of this poll beyond maxEventsPerPoll. */
    private int left;
    // For health checks, on their threads.
    private volatile int followedCount = -1;

    /**
     * @param client the consumer's own client, with the account's keys: these signed calls are never shared
     * @param key    the watch's key in {@code positions}; {@link #stateKey} by default
     */
    public PolledWithdrawalEvents(WithdrawalEventsOptions options, ExchangeClient client, Positions positions,
                                  String key) {
        this(options, new StateSlot(positions, key), Reads.of(client));
    }

    /**
     * @param slot   where the watch is kept
     * @param client the consumer's own client: these signed calls are never shared
     */
    PolledWithdrawalEvents(WithdrawalEventsOptions options, StateSlot slot, Reads client) {
        this.options = options;
        this.slot = slot;
        this.client = client;
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
        scan = new NewestFirstScan<>("withdrawals of " + options.coin(), RecordPosition::of, options.pageSize());
    }

    @Override
    public List<Item> poll(Poll poll) {
        Map<RecordPosition, WithdrawRecord> seen;
        NavigableMap<RecordPosition, WithdrawRecord> fresh;
        WithdrawalWatchState state = stored();
        if (state == null) {
            seen = new LinkedHashMap<>();
            state = baseline(seen);
            fresh = new TreeMap<>();
        } else {
            NewestFirstScan.Result<RecordPosition, WithdrawRecord> found = scan.poll(this::page, state.watermark(),
                    state.floor(), options.maxPages());
            seen = found.seen();
            fresh = found.fresh();
        }
        List<Item> items = new ArrayList<>();
        WithdrawalWatchState working = state;
        List<Map.Entry<Long, Followed>> followed = new ArrayList<>(state.pending().entrySet());
        followed.sort(Comparator.comparing(e -> e.getValue().position(e.getKey())));
        for (Map.Entry<Long, Followed> entry : followed) {
            WithdrawRecord now = seen.get(entry.getValue().position(entry.getKey()));
            if (now != null) {
                working = emit(items, working, WithdrawalTransitions.between(entry.getValue(), now));
            }
        }
        for (WithdrawRecord record : fresh.values()) {
            if (!state.pending().containsKey(record.id())) {
                working = emit(items, working, WithdrawalTransitions.between(null, record));
            }
        }
        followedCount = state.pending().size();
        poll.leftForNextPoll(left, false);
        left = 0;
        return items;
    }

    private WithdrawalWatchState stored() {
        if (committed == null) {
            String text = slot.current();
            if (text != null) {
                committed = WithdrawalWatchState.fromJson(slot.key(), text);
            }
        }
        return committed;
    }

    /**
     * The first start: the records listed now (every page, up to a bound, whatever maxPagesPerPoll says:
     * it happens once) set the watermark; those not final are followed, to be announced as NEW. Stored at once: it announces nothing, it says what is to be.
     */
    private WithdrawalWatchState baseline(Map<RecordPosition, WithdrawRecord> seen) {
        WithdrawalWatchState baseline = new WithdrawalWatchState(null, new TreeMap<>());
        for (int index = 1; index <= PolledOrderEvents.BASELINE_PAGES; index++) {
            List<WithdrawRecord> page = page(index);
            for (WithdrawRecord record : page) {
                RecordPosition at = RecordPosition.of(record);
                seen.put(at, record);
                baseline = baseline.with(record.id(), WithdrawalTransitions.isFinal(record) ? null
                        : new Followed(at.submitTime(), record.rawStatus(), false), at);
            }
            if (Records.sent(page) < options.pageSize()) {
                break;
            }
        }
        commit(baseline);
        return baseline;
    }

    private List<WithdrawRecord> page(int index) {
        return client.read(new GetWithdrawRecord(options.coin(), index, options.pageSize())).records();
    }

    /** Adds the event, if any, to the batch with the state that holds once it was delivered. */
    private WithdrawalWatchState emit(List<Item> items, WithdrawalWatchState working, Step step) {
        if (step == null) {
            return working;
        }
        if (items.size() >= options.maxEvents()) {
            // Beyond maxEventsPerPoll: the state does not move past it, so the next poll finds it again.
            left++;
            return working;
        }
        WithdrawRecord record = step.event().record();
        WithdrawalWatchState after = working.with(record.id(), step.after(), RecordPosition.of(record));
        items.add(new Item(step.event(), () -> commit(after)));
        return after;
    }

    private void commit(WithdrawalWatchState state) {
        committed = state;
        slot.commit(state.toJson());
        followedCount = state.pending().size();
    }

    @Override
    public void healthDetails(Map<String, Object> details) {
        if (followedCount >= 0) {
            details.put("followedWithdrawals", followedCount);
        }
    }
}
