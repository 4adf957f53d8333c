package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.SentCount;

import java.util.ArrayList;
import java.util.List;

/**
 * The records of one list in a reply or a push, as read: those that kept their bounds, in the order sent, and why
 * the others were refused. One bad record (a price that cannot be read, a date a day ahead, a duplicated key) loses
 * that record, not the list: the trades after it are still delivered, the page still read. A list of them is
 * still a plain {@link List} of the good records, so a route sees the same body; who pages through a reply asks
 * {@link #sent} how many the exchange sent, since a page it fills is not the last one even with a record refused.
 */
public final class Records<T> extends ArrayList<T> implements SentCount {
    private static final long serialVersionUID = 1L;

    private List<String> refusals = List.of();
    /** Where each refused record was in the list as sent, in the order sent. */
    private List<Integer> refusedAt = List.of();

    Records() {
    }

    Records(int capacity) {
        super(capacity);
    }

    /** The same refusals on other records (the models made of the records read). */
    <R> Records<R> carrying(Records<R> records) {
        records.refusals = refusals;
        records.refusedAt = refusedAt;
        return records;
    }

    /** Refuses the record sent at {@code index} of the list. */
    void refuse(int index, String why) {
        if (refusals.isEmpty()) {
            refusals = new ArrayList<>(2);
            refusedAt = new ArrayList<>(2);
        }
        refusals.add(why);
        refusedAt.add(index);
    }

    /** Why each refused record was refused, in the order sent: where it was and what was wrong with it. */
    public List<String> refusals() {
        return List.copyOf(refusals);
    }

    /**
     * Where the refused records were in the list as sent (0 for the first record sent), in the order sent: who
     * pages through a listing knows from it which of the records read came before a refused one and which after.
     */
    public List<Integer> refusedAt() {
        return List.copyOf(refusedAt);
    }

    /** The number of records refused. */
    public int refused() {
        return refusals.size();
    }

    @Override
    public int sent() {
        return size() + refused();
    }

    /** The number of records the exchange sent in {@code list}: those read and, for {@link Records}, those refused. */
    public static int sent(List<?> list) {
        return list instanceof SentCount counted ? counted.sent() : list.size();
    }

    /** Where the records refused in {@code list} were in it as sent ({@link #refusedAt()}); none for any other list. */
    public static List<Integer> refusedAt(List<?> list) {
        return list instanceof Records<?> records ? records.refusedAt() : List.of();
    }

    /** The records refused in {@code list}; 0 for any other list. */
    public static int refused(List<?> list) {
        return list instanceof Records<?> records ? records.refused() : 0;
    }
}
