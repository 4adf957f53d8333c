package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.model.WithdrawRecord;

import java.util.Comparator;

/**
 * Where a withdrawal record stands in the exchange's listing, which is newest first by submit time and, for
 * equal times, by id. Ids alone do not tell: an account's older history may be numbered in another order.
 */
record RecordPosition(long submitTime, long id) implements Comparable<RecordPosition> {
    private static final Comparator<RecordPosition> ORDER = Comparator.comparingLong(RecordPosition::submitTime)
            .thenComparingLong(RecordPosition::id);

    static RecordPosition of(WithdrawRecord record) {
        return new RecordPosition(record.submitTime().toEpochMilli(), record.id());
    }

    @Override
    public int compareTo(RecordPosition other) {
        return ORDER.compare(this, other);
    }
}
