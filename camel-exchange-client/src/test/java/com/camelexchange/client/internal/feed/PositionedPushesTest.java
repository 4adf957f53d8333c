package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.Positions;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.internal.stream.Backoff;
import com.camelexchange.client.internal.stream.CatchUpTurns;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The catch-up and hole state machine of pushed data with a position, with the exchange faked at its two seams: the
 * pushes handed over by the connection, and the REST tape a catch-up reads. Items are contiguous ids, as trade ids
 * are: an id provably follows the position when it is the next integer. The test runs each {@code work} the consumer
 * would have run (after a wake), so every step is deterministic.
 */
class PositionedPushesTest {
    private static final String KEY = "ids:test";
    private static final Duration PACE = Duration.ofSeconds(5);
    private static final PushFrame FRAME = new PushFrames(new ExchangeJson()).read("{\"channel\":\"test_ids\"}");

    /** Ids pushed and read over REST; a REST page holds {@link #page} ids. */
    private static final class Ids extends PositionedPushes<List<Long>, Long> {
        final TreeSet<Long> pushed = new TreeSet<>();
        final List<Long> tape = new ArrayList<>();
        final List<Long> readsFrom = new ArrayList<>();
        int page = 50;
        int buffer = 1_000;
        RuntimeException nextRead;
        Duration holeRemains;
        int holesFilled;
        private List<Long> nextPush = List.of();

        Ids(Positions positions, Long since) {
            super(PositionStore.of(positions, KEY), since, new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1)),
                    PACE);
        }

        /** The connection hands over one push. */
        void push(long... ids) {
            nextPush = LongStream.of(ids).boxed().toList();
            pushed(FRAME);
        }

        /** The exchange made these ids: REST lists them. */
        void made(long first, long last) {
            LongStream.rangeClosed(first, last).forEach(tape::add);
        }

        @Override
        public String channel() {
            return "test_ids";
        }

        @Override
        public String address() {
            return "ws://test";
        }

        @Override
        protected String items() {
            return "id(s)";
        }

        @Override
        protected List<Long> decode(PushFrame frame) {
            return nextPush;
        }

        @Override
        protected synchronized boolean keep(List<Long> push) {
            pushed.addAll(push);
            if (pushed.size() > buffer) {
                pushed.clear();
                return false;
            }
            return true;
        }

        @Override
        protected synchronized Long startFromPushes() {
            return pushed.isEmpty() ? null : pushed.first() - 1;
        }

        @Override
        protected List<Long> read(long after, PushContext context) {
            readsFrom.add(after);
            if (nextRead != null) {
                RuntimeException failure = nextRead;
                nextRead = null;
                throw failure;
            }
            return tape.stream().filter(id -> id > after).limit(page).toList();
        }

        @Override
        protected long baseline(PushContext context) {
            readsFrom.add(null);
            return tape.isEmpty() ? 0 : tape.get(tape.size() - 1);
        }

        @Override
        protected boolean more(List<Long> read) {
            return read.size() >= page;
        }

        @Override
        protected long key(Long item) {
            return item;
        }

        @Override
        protected synchronized boolean wasPushed(long key) {
            return pushed.contains(key);
        }

        @Override
        protected boolean emit(Long item, PushContext context) {
            return context.emit(item, () -> position.commit(item));
        }

        @Override
        protected Pushed emitPushed(PushContext context) {
            while (context.more()) {
                Long next = nextPushed();
                if (next == null) {
                    return Pushed.DONE;
                }
                if (next != position.current() + 1) {
                    return Pushed.HOLE;
                }
                if (!emit(next, context)) {
                    return Pushed.FAILED;
                }
            }
            return Pushed.DONE;
        }

        @Override
        protected Duration holeRemains() {
            return holeRemains;
        }

        @Override
        protected void holeFilled() {
            holesFilled++;
        }

        @Override
        protected synchronized long lag(long at) {
            return pushed.isEmpty() ? 0 : Math.max(0, pushed.last() - at);
        }

        private synchronized Long nextPushed() {
            long covered = position.current();
            while (!pushed.isEmpty() && pushed.first() <= covered) {
                pushed.pollFirst();
            }
            return pushed.isEmpty() ? null : pushed.first();
        }
    }

    private final Positions positions = Positions.inMemory();
    private final FakePushContext context = new FakePushContext();

    private static List<Object> ids(long first, long last) {
        return new ArrayList<>(LongStream.rangeClosed(first, last).boxed().toList());
    }

    /** The connection tells the channel subscribed, then the exchange's answer to the ping after it. */
    private static void subscribedAndSettled(Ids ids) {
        assertThat(ids.subscribed()).as("nothing is read before the exchange took the subscription").isFalse();
        assertThat(ids.settled()).as("once it took it, a catch-up is due").isTrue();
    }

    @Test
    void theCatchUpForASubscriptionWaitsUntilTheExchangeTookItThenReadsWhatHappenedMeanwhile() {
        Ids ids = new Ids(positions, 0L);
        ids.made(1, 2);
        ids.subscribed();
        ids.work(context);
        assertThat(ids.readsFrom).as("a read now could miss what comes before the exchange takes it").isEmpty();
        assertThat(ids.notReady()).startsWith("catching up over REST");
        // Made after the subscription went out, before the exchange took it: never pushed.
        ids.made(3, 3);
        ids.settled();
        ids.work(context);
        assertThat(ids.readsFrom).as("one read per subscription").containsExactly(0L);
        assertThat(context.delivered).isEqualTo(ids(1, 3));
        assertThat(ids.notReady()).isNull();
        // The exchange pushes from then on: the next one follows the position, without a read, and none is repeated.
        ids.made(4, 4);
        ids.push(4);
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(1, 4));
        assertThat(ids.readsFrom).containsExactly(0L);
    }

    @Test
    void withoutAPositionTheFirstPushIsTheFirstDeliveredAndStartingCostsNoRead() {
        Ids ids = new Ids(positions, null);
        ids.made(1, 6);
        subscribedAndSettled(ids);
        ids.push(5, 6);
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(5, 6));
        assertThat(ids.readsFrom).as("nothing before the first push is wanted").isEmpty();
        assertThat(ids.notReady()).isNull();
        assertThat(positions.get(KEY)).isEqualTo("6");
    }

    @Test
    void pushesBeforeTheCatchUpAtStartAreDeliveredOnceAfterItAndPushesAfterItWithoutARead() {
        Ids ids = new Ids(positions, 0L);
        ids.made(1, 6);
        subscribedAndSettled(ids);
        ids.push(5, 6);
        assertThat(ids.notReady()).as("not ready before the catch-up at start").startsWith("catching up over REST");
        ids.work(context);
        assertThat(context.delivered).as("from since over REST, the pushed ones not twice").isEqualTo(ids(1, 6));
        assertThat(ids.readsFrom).containsExactly(0L);
        assertThat(ids.notReady()).isNull();
        assertThat(context.missed).as("a catch-up at subscription is no check of the channel").isEmpty();

        ids.made(7, 8);
        ids.push(7);
        ids.push(8);
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(1, 8));
        assertThat(ids.readsFrom).as("what follows the position needs no read").hasSize(1);
        assertThat(context.turns.inUse()).as("the turn was given back").isZero();
    }

    @Test
    void aHoleInThePushedIdsIsCaughtUpOverRestBeforeTheIdsAfterIt() {
        positions.put(KEY, "7");
        Ids ids = new Ids(positions, null);
        ids.made(1, 10);
        ids.push(8);
        ids.work(context);
        ids.push(10);
        ids.work(context);
        assertThat(context.delivered).as("10 does not follow 8").isEqualTo(ids(8, 8));
        assertThat(context.wakes).as("the catch-up is due at once").isEqualTo(1);

        ids.work(context);
        assertThat(ids.readsFrom).containsExactly(8L);
        assertThat(context.delivered).isEqualTo(ids(8, 10));
        assertThat(ids.holesFilled).isEqualTo(1);
        assertThat(positions.get(KEY)).isEqualTo("10");
    }

    @Test
    void aHoleRestDoesNotKnowYetWaitsForTheNextPushOrIsReadAgainAfterTheWaitTheKindAsks() {
        positions.put(KEY, "5");
        Ids ids = new Ids(positions, null);
        ids.made(1, 5);
        ids.push(9);
        ids.work(context);
        assertThat(context.wakes).as("the hole is caught up at once").isEqualTo(1);
        ids.work(context);
        assertThat(ids.readsFrom).containsExactly(5L);
        assertThat(context.delivered).as("never skipped to 9").isEmpty();
        assertThat(context.wakes).as("no spin on a hole REST cannot fill").isEqualTo(1);
        assertThat(context.holds).isEmpty();

        ids.holeRemains = Duration.ofMillis(300);
        ids.push(9);
        ids.work(context);
        ids.work(context);
        assertThat(context.holds).as("read again after the kind's wait").contains(Duration.ofMillis(300));
        ids.made(6, 9);
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(6, 9));
        assertThat(positions.get(KEY)).isEqualTo("9");
    }

    @Test
    void pushedIdsThePositionCoversAreDroppedNotDeliveredAgain() {
        positions.put(KEY, "7");
        Ids ids = new Ids(positions, null);
        ids.made(1, 8);
        ids.push(3, 6, 7);
        ids.push(7);
        ids.work(context);
        assertThat(context.delivered).isEmpty();
        ids.push(7, 8, 8);
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(8, 8));
        assertThat(ids.readsFrom).isEmpty();
    }

    @Test
    void aStoredPositionIsWhereTheCatchUpStartsNotSince() {
        positions.put(KEY, "3");
        Ids ids = new Ids(positions, 0L);
        ids.made(1, 6);
        subscribedAndSettled(ids);
        ids.work(context);
        assertThat(ids.readsFrom).containsExactly(3L);
        assertThat(context.delivered).isEqualTo(ids(4, 6));
        assertThat(ids.state()).isEqualTo(new FeedPosition(KEY, "6", false));
    }

    @Test
    void aCatchUpWithMorePagesTakesTurnsUntilItIsDone() {
        Ids ids = new Ids(positions, 0L);
        ids.page = 2;
        ids.made(1, 5);
        subscribedAndSettled(ids);
        ids.push(6);
        ids.made(6, 6);
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(1, 2));
        assertThat(context.wakes).as("more to read: it comes back").isEqualTo(1);
        assertThat(context.turns.inUse()).as("behind the others that asked meanwhile").isZero();
        ids.work(context);
        ids.work(context);
        ids.work(context);
        assertThat(ids.readsFrom).containsExactly(0L, 2L, 4L, 6L);
        assertThat(context.delivered).isEqualTo(ids(1, 6));
        assertThat(context.successes).isEqualTo(1);
    }

    @Test
    void aCatchUpWaitsForItsTurnAndIsWokenWhenGranted() {
        FakePushContext queued = new FakePushContext(new CatchUpTurns(1));
        CatchUpTurns.Turn other = queued.turns.ask(() -> { });
        Ids ids = new Ids(positions, 0L);
        ids.made(1, 3);
        subscribedAndSettled(ids);
        ids.work(queued);
        assertThat(ids.readsFrom).as("no read without a turn").isEmpty();
        assertThat(ids.notReady()).isEqualTo("catching up over REST from the position");
        Map<String, Object> details = new HashMap<>();
        ids.details(details);
        assertThat(details).containsEntry("catchingUp", true);

        other.close();
        assertThat(queued.wakes).as("woken when its turn comes").isEqualTo(1);
        ids.work(queued);
        assertThat(queued.delivered).isEqualTo(ids(1, 3));
        assertThat(queued.turns.inUse()).isZero();
    }

    @Test
    void aReadTheBudgetCannotServeWaitsAndAsksAgainWithoutAFailure() {
        Ids ids = new Ids(positions, 0L);
        ids.made(1, 3);
        subscribedAndSettled(ids);
        ids.nextRead = new ExchangeRateLimitException("market data", Duration.ZERO);
        ids.work(context);
        assertThat(context.failures).isZero();
        assertThat(context.reports).isEmpty();
        assertThat(context.holds).singleElement().satisfies(wait -> assertThat(wait)
                .isBetween(Duration.ofMillis(50), Duration.ofMillis(100)));
        assertThat(context.wakes).isEqualTo(1);
        assertThat(context.turns.inUse()).as("the turn goes to the others meanwhile").isZero();

        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(1, 3));
    }

    @Test
    void aFailedReadIsReportedAndTheCatchUpStaysDue() {
        Ids ids = new Ids(positions, 0L);
        ids.made(1, 3);
        subscribedAndSettled(ids);
        ids.nextRead = new ExchangeTransportException("trades", Duration.ofSeconds(1));
        ids.work(context);
        assertThat(context.reports).singleElement().asString().startsWith("Catching up test_ids over REST failed");
        assertThat(context.failures).isEqualTo(1);
        assertThat(context.turns.inUse()).isZero();

        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(1, 3));
        assertThat(ids.readsFrom).containsExactly(0L, 0L);
    }

    @Test
    void anUnexpectedFailureOfTheReadLeavesTheCatchUpDue() {
        Ids ids = new Ids(positions, 0L);
        ids.made(1, 2);
        subscribedAndSettled(ids);
        ids.nextRead = new IllegalStateException("bug");
        assertThatThrownBy(() -> ids.work(context)).hasMessage("bug");
        assertThat(context.turns.inUse()).isZero();
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(1, 2));
    }

    @Test
    void anItemWhoseDeliveryFailedComesAgainWithTheOnesAfterItNeverSkipped() {
        Ids ids = new Ids(positions, 0L);
        ids.made(1, 4);
        subscribedAndSettled(ids);
        context.refuseOnce.add(2L);
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(1, 1));
        assertThat(context.failures).isEqualTo(1);
        assertThat(positions.get(KEY)).isEqualTo("1");

        ids.work(context);
        assertThat(ids.readsFrom).containsExactly(0L, 1L);
        assertThat(context.delivered).isEqualTo(ids(1, 4));

        ids.made(5, 6);
        ids.push(5, 6);
        context.refuseOnce.add(5L);
        ids.work(context);
        assertThat(context.failures).as("a pushed item's delivery failed").isEqualTo(2);
        ids.work(context);
        assertThat(ids.readsFrom).as("caught up from the position").containsExactly(0L, 1L, 4L);
        assertThat(context.delivered).isEqualTo(ids(1, 6));
    }

    @Test
    void aSilenceCheckThatFindsUnpushedItemsSaysTheChannelMissedThem() {
        positions.put(KEY, "2");
        Ids ids = new Ids(positions, null);
        ids.made(1, 5);
        ids.push(3);
        ids.work(context);
        assertThat(ids.silent()).isTrue();
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(3, 5));
        assertThat(context.missed).singleElement().isEqualTo("2 id(s) over REST that the channel did not push");

        ids.silent();
        ids.work(context);
        assertThat(context.missed).as("a check that finds nothing new says nothing").hasSize(1);
    }

    @Test
    void aSilenceBeforeAnyPushTakesThePositionFromRestWithoutDeliveringHistory() {
        Ids ids = new Ids(positions, null);
        ids.made(1, 9);
        ids.work(context);
        assertThat(ids.readsFrom).as("no position, no push: nothing to do").isEmpty();
        ids.silent();
        ids.work(context);
        assertThat(context.delivered).isEmpty();
        assertThat(positions.get(KEY)).isEqualTo("9");
        ids.made(10, 11);
        ids.silent();
        ids.work(context);
        assertThat(context.delivered).isEqualTo(ids(10, 11));
        assertThat(context.missed).hasSize(1);
    }

    @Test
    void whileTheChannelIsSilentItIsReadAtThePollingPaceUntilItPushesAgain() {
        positions.put(KEY, "0");
        Ids ids = new Ids(positions, null);
        ids.made(1, 2);
        context.silent = true;
        subscribedAndSettled(ids);
        ids.work(context);
        assertThat(context.holds).containsExactly(PACE);
        assertThat(context.wakes).isEqualTo(1);
        ids.made(3, 3);
        ids.work(context);
        assertThat(ids.readsFrom).as("read again at the pace, though nothing pushed").containsExactly(0L, 2L);
        assertThat(context.delivered).isEqualTo(ids(1, 3));

        context.silent = false;
        ids.made(4, 4);
        ids.push(4);
        ids.work(context);
        assertThat(ids.readsFrom).as("the pushes serve it again").hasSize(2);
        assertThat(context.delivered).isEqualTo(ids(1, 4));
    }

    @Test
    void pushesBeyondTheBufferAreDroppedAndCaughtUp() {
        positions.put(KEY, "0");
        Ids ids = new Ids(positions, null);
        ids.buffer = 3;
        ids.made(1, 5);
        ids.push(2, 3, 4, 5);
        ids.work(context);
        assertThat(ids.readsFrom).containsExactly(0L);
        assertThat(context.delivered).isEqualTo(ids(1, 5));
    }

    @Test
    void healthDetailsTellThePositionAndTheLag() {
        positions.put(KEY, "4");
        Ids ids = new Ids(positions, null);
        ids.made(1, 4);
        ids.work(context);
        ids.push(9);
        Map<String, Object> details = new HashMap<>();
        ids.details(details);
        assertThat(details).containsEntry("position", 4L).containsEntry("lag", 5L).containsEntry("catchingUp", false);
    }
}
