package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.internal.json.Records;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * <p>A record of the listing refused for a value out of bounds ({@link Records#refusedAt}) is such a gap when it is
 * fresh and fresh items are listed above it: once a newer one is announced it would lie below the newest announced
 * and never be announced. So the items above it wait, and those below it are handed out; when the record can be
 * read again it is handed out with the ones that waited, each once and in order. A refused record listed between
 * the fresh items and the first one below the newFloor, with the newFloor's own item not seen, is taken for that
 * item (the newest announced, whose record went bad): it holds nothing back. A record that stays unreadable holds
 * the items above it back for at most {@link #MOST_HOLDS} scans in a row: then they are handed out and it is passed
 * over, with a WARN, so that one bad record never stops the listing for good.
 *
 * @param <T> an item of the listing
 * @param <K> its position in the listing: greater is newer; an item without one is passed over
 */
final class NewestFirstScan<T, K extends Comparable<K>> {
    /** The scans in a row that items may wait above a record that cannot be read. */
    static final int MOST_HOLDS = 10;
    private static final Logger LOG = LoggerFactory.getLogger(NewestFirstScan.class);

    private final String listing;
    private final Function<T, K> position;
    private final int pageSize;
    private final TreeMap<K, T> fresh = new TreeMap<>();
    private int nextPage = 1;
    private boolean freshHandedOut;
    private K freshFloor;
    /** This scan's oldest fresh item listed above a fresh refused record: it and those above it wait. */
    private K holdFrom;
    /** Refused records met above the newFloor since the last item read, and the oldest fresh item above them. */
    private int gaps;
    private K aboveGaps;
    /** The scans in a row that held fresh items back. */
    private int holds;

    /**
     * What one poll of the scan found.
     *
     * @param seen  every item of the pages fetched by this poll, by position
     * @param fresh the items above the newFloor, oldest first; empty until the scan has reached the newFloor
     */
    record Result<K, T>(Map<K, T> seen, NavigableMap<K, T> fresh) {
    }

    /** @param listing what is listed, for the log: {@code orders of btc_usdt} */
    NewestFirstScan(String listing, Function<T, K> position, int pageSize) {
        this.listing = listing;
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
            List<Integer> refusedAt = Records.refusedAt(page);
            int read = 0;
            for (int sent = 0; sent < Records.sent(page); sent++) {
                if (refusedAt.contains(sent)) {
                    if (!reachedNew && !freshHandedOut && gaps++ == 0 && !fresh.isEmpty()) {
                        aboveGaps = fresh.firstKey();
                    }
                    continue;
                }
                T item = page.get(read++);
                K at = position.apply(item);
                if (at == null) {
                    continue;
                }
                seen.put(at, item);
                boolean above = newFloor == null || at.compareTo(newFloor) > 0;
                if (gaps > 0) {
                    passGaps(newFloor != null && at.compareTo(newFloor) < 0);
                }
                if (above && !freshHandedOut) {
                    fresh.put(at, item);
                }
                reachedNew |= !above;
                reachedSeen |= seenFloor != null && at.compareTo(seenFloor) <= 0;
            }
            if (Records.sent(page) < pageSize) {
                if (gaps > 0) {
                    passGaps(newFloor != null);
                }
                reachedNew = true;
                reachedSeen = true;
            }
        }
        NavigableMap<K, T> handedOut = Collections.emptyNavigableMap();
        if (reachedNew && !freshHandedOut) {
            handedOut = new TreeMap<>(ready());
            fresh.clear();
            freshHandedOut = true;
        }
        if (reachedSeen) {
            nextPage = 1;
        }
        return new Result<>(seen, handedOut);
    }

    /**
     * The scan went past refused records listed above the newFloor: those above them wait, unless there is one alone
     * where the newFloor's own item should have been ({@code floorMissing}).
     */
    private void passGaps(boolean floorMissing) {
        if (aboveGaps != null && !(floorMissing && gaps == 1)) {
            holdFrom = aboveGaps;
        }
        gaps = 0;
        aboveGaps = null;
    }

    /** The fresh items that can be handed out: those below a refused record, unless it held them long enough. */
    private NavigableMap<K, T> ready() {
        if (holdFrom == null) {
            holds = 0;
            return fresh;
        }
        if (holds < MOST_HOLDS) {
            holds++;
            LOG.debug("The {} listed from {} on wait above a record that could not be read ({} scan(s) in a row)",
                    listing, holdFrom, holds);
            return fresh.headMap(holdFrom, false);
        }
        holds = 0;
        LOG.warn("The {}: a record listed below {} could not be read in {} scans in a row; the {} listed above it are"
                 + " taken now, and it is passed over: once it can be read it is listed below them, and is not taken",
                listing, holdFrom, MOST_HOLDS, fresh.tailMap(holdFrom, true).size());
        return fresh;
    }

    /**
     * Whether items above the newFloor may still wait: the scan stopped before it reached the newFloor, or held
     * items back above a refused record. A reader that does not poll again on its own (a pushed consumer catching
     * up) scans again.
     */
    boolean midway() {
        return nextPage != 1 && !freshHandedOut || holdFrom != null;
    }

    private void restart(K newFloor) {
        nextPage = 1;
        fresh.clear();
        freshHandedOut = false;
        freshFloor = newFloor;
        holdFrom = null;
        gaps = 0;
        aboveGaps = null;
    }
}
