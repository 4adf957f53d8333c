package com.camelexchange.client.internal.json;

import java.util.List;

/** A page as the reader leaves it when some records were refused for values out of bounds: for tests elsewhere. */
public final class RefusedInPage {
    private RefusedInPage() {
    }

    /**
     * @param read      the records read, in the order sent
     * @param refusedAt where the refused ones were in the page as sent, ascending
     */
    public static <T> Records<T> page(List<T> read, int... refusedAt) {
        Records<T> records = new Records<>();
        records.addAll(read);
        for (int at : refusedAt) {
            records.refuse(at, "record " + at + ": out of bounds");
        }
        return records;
    }
}
