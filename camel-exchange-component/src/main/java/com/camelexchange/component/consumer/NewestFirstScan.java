package com.camelexchange.component.consumer;

import com.camelexchange.component.api.wire.Records;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Pages a listing that the exchange sorts newest first (orders, withdrawal records) down to what the
 * consumer already knows. Items above the {@code newFloor} (the newest item announced) are fresh; the scan
 * also goes on down to the {@code seenFloor} (the oldest item still followed), a page that is short, or the
 * poll's page budget. When the budget ends a scan early it goes on from the next page on the next poll:
 * items only ever move down the listing as new ones arrive, so a later page is seen again rather than
 * skipped. Fresh items are handed out only once the scan reached the newFloor, so that they can be announced
 * oldest first with no gap below them.
 *
 * @param <T> an item of the listing
 * @param <K> its position in the listing: greater is newer; an item without one is passed over
 */
final class NewestFirstScan<T, K extends Comparable<K>> {
    private final Function<T, K> position;
    private final int pageSize;
    private final TreeMap<K, T> fresh = new TreeMap<>();
    private int nextPage = 1;
    private boolean freshHandedOut;
    private K freshFloor;

    /**
     * What one poll of the scan found.
     *
     * @param seen  every item of the pages fetched by this poll, by position
     * @param fresh the items above the newFloor, oldest first; empty until the scan has reached the newFloor
     */
    record Result<K, T>(Map<K, T> seen, NavigableMap<K, T> fresh) {
    }

    NewestFirstScan(Function<T, K> position, int pageSize) {
        this.position = position;
        this.pageSize = pageSize;
    }

    /**
     * Fetches up to {@code maxPages} pages.
     *
     * @param pages     fetches a page by its index, from 1
     * @param newFloor  the newest position announced; null when nothing was
     * @param seenFloor the oldest position still followed, at or below newFloor; null when nothing was announced
     */
    Result<K, T> poll(IntFunction<List<T>> pages, K newFloor, K seenFloor, int maxPages) {
        if (nextPage == 1 || !freshHandedOut && !Objects.equals(freshFloor, newFloor)) {
            restart(newFloor);
        }
        Map<K, T> seen = new LinkedHashMap<>();
        boolean reachedNew = freshHandedOut;
        boolean reachedSeen = false;
        for (int i = 0; i < maxPages && !reachedSeen; i++) {
            List<T> page = pages.apply(nextPage++);
            for (T item : page) {
                K at = position.apply(item);
                if (at == null) {
                    continue;
                }
                seen.put(at, item);
                boolean above = newFloor == null || at.compareTo(newFloor) > 0;
                if (above && !freshHandedOut) {
                    fresh.put(at, item);
                }
                reachedNew |= !above;
                reachedSeen |= seenFloor != null && at.compareTo(seenFloor) <= 0;
            }
            if (Records.sent(page) < pageSize) {
                reachedNew = true;
                reachedSeen = true;
            }
        }
        NavigableMap<K, T> handedOut = Collections.emptyNavigableMap();
        if (reachedNew && !freshHandedOut) {
            handedOut = new TreeMap<>(fresh);
            fresh.clear();
            freshHandedOut = true;
        }
        if (reachedSeen) {
            nextPage = 1;
        }
        return new Result<>(seen, handedOut);
    }

    private void restart(K newFloor) {
        nextPage = 1;
        fresh.clear();
        freshHandedOut = false;
        freshFloor = newFloor;
    }
}
