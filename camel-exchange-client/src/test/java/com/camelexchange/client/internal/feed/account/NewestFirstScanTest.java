package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.internal.json.RefusedInPage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paging a listing sorted newest first down to what was announced: fresh items handed out oldest first and only once
 * the scan reached the newest announced, a page seen again rather than skipped when new items push it down, and a
 * record that cannot be read holding back the fresh items above it, but not for good.
 */
class NewestFirstScanTest {
    private static final int PAGE = 3;

    private final List<Long> listing = new ArrayList<>();
    private final List<Integer> fetched = new ArrayList<>();

    private NewestFirstScan<Long, Long> scan() {
        return new NewestFirstScan<Long, Long>("test items", id -> id, PAGE);
    }

    /** Pages of the listing, newest first, as the exchange would serve them now. */
    private final IntFunction<List<Long>> pages = index -> {
        fetched.add(index);
        List<Long> newestFirst = listing.stream().sorted((a, b) -> Long.compare(b, a)).toList();
        int from = Math.min(newestFirst.size(), (index - 1) * PAGE);
        return newestFirst.subList(from, Math.min(newestFirst.size(), from + PAGE));
    };

    private void made(long first, long last) {
        for (long id = first; id <= last; id++) {
            listing.add(id);
        }
    }

    @Test
    void freshItemsAreHandedOutOldestFirstOnlyOnceTheScanReachedTheNewestAnnounced() {
        made(1, 16);
        NewestFirstScan<Long, Long> scan = scan();
        assertThat(scan.poll(pages, 10L, 10L, 1).fresh()).as("16..14: the items below them not seen yet").isEmpty();
        NewestFirstScan.Result<Long, Long> second = scan.poll(pages, 10L, 10L, 1);
        assertThat(second.fresh()).isEmpty();
        assertThat(second.seen()).containsOnlyKeys(13L, 12L, 11L);
        NewestFirstScan.Result<Long, Long> third = scan.poll(pages, 10L, 10L, 1);
        assertThat(third.fresh()).containsOnlyKeys(11L, 12L, 13L, 14L, 15L, 16L);
        assertThat(List.copyOf(third.fresh().keySet())).as("oldest first").startsWith(11L);
        assertThat(fetched).containsExactly(1, 2, 3);
    }

    @Test
    void aPageTheNewItemsPushedDownIsSeenAgainRatherThanSkipped() {
        made(1, 16);
        NewestFirstScan<Long, Long> scan = scan();
        scan.poll(pages, 10L, 10L, 1);
        made(17, 17);
        NewestFirstScan.Result<Long, Long> next = scan.poll(pages, 10L, 10L, 1);
        assertThat(next.seen()).as("14 again, as the first of page 2 now").containsOnlyKeys(14L, 13L, 12L);
        assertThat(scan.poll(pages, 10L, 10L, 1).fresh()).containsOnlyKeys(11L, 12L, 13L, 14L, 15L, 16L);
        assertThat(scan.poll(pages, 16L, 16L, 1).fresh()).as("the next scan from the top").containsOnlyKeys(17L);
    }

    @Test
    void anUnreadableRecordAboveTheNewestAnnouncedHoldsBackTheItemsAboveItUntilItCanBeRead() {
        NewestFirstScan<Long, Long> scan = new NewestFirstScan<Long, Long>("test items", id -> id, 5);
        Map<Long, Long> fresh = scan.poll(i -> RefusedInPage.page(List.of(13L, 11L, 10L), 1), 10L, 10L, 5).fresh();
        assertThat(fresh).as("13 would lie above 12 for good").containsOnlyKeys(11L);
        fresh = scan.poll(i -> List.of(13L, 12L, 11L, 10L), 11L, 11L, 5).fresh();
        assertThat(fresh).as("each once, in order").containsOnlyKeys(12L, 13L);
    }

    @Test
    void aRecordThatStaysUnreadableIsPassedOverAfterSoManyScans() {
        NewestFirstScan<Long, Long> scan = new NewestFirstScan<Long, Long>("test items", id -> id, 5);
        IntFunction<List<Long>> stuck = i -> RefusedInPage.page(List.of(13L, 11L, 10L), 1);
        assertThat(scan.poll(stuck, 10L, 10L, 5).fresh()).containsOnlyKeys(11L);
        for (int scans = 2; scans <= NewestFirstScan.MOST_HOLDS; scans++) {
            assertThat(scan.poll(stuck, 11L, 11L, 5).fresh()).as("scan %d", scans).isEmpty();
        }
        assertThat(scan.poll(stuck, 11L, 11L, 5).fresh()).as("one bad record never stops the listing")
                .containsOnlyKeys(13L);
    }

    @Test
    void anUnreadableRecordWhereTheNewestAnnouncedShouldBeHoldsNothingBack() {
        NewestFirstScan<Long, Long> scan = new NewestFirstScan<Long, Long>("test items", id -> id, 5);
        Map<Long, Long> fresh = scan.poll(i -> RefusedInPage.page(List.of(12L, 11L), 2), 10L, 10L, 5).fresh();
        assertThat(fresh).containsOnlyKeys(11L, 12L);
    }
}
