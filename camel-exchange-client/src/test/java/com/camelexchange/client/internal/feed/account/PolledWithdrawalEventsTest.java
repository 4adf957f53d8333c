package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.Positions;
import com.camelexchange.client.internal.feed.account.WithdrawalWatchState.Followed;
import com.camelexchange.client.internal.feed.StateSlot;
import com.camelexchange.client.model.WithdrawRecord;
import com.camelexchange.client.model.WithdrawStatus;
import com.camelexchange.client.model.WithdrawalEvent;
import com.camelexchange.client.model.WithdrawalEventType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The account's withdrawal events with the exchange faked at the consumer's reads: each new record and each change
 * of status once, a record followed until its status is final, history not replayed, a restart without repeats.
 */
class PolledWithdrawalEventsTest {
    private static final String KEY = "withdrawals:usdt";

    private final FakeAccount account = new FakeAccount();
    private final Positions positions = Positions.inMemory();
    private final FakeAccount.Poll poll = new FakeAccount.Poll();

    private static WithdrawRecord record(long id, long submitSecond, int rawStatus) {
        return new WithdrawRecord(id, new BigDecimal("10"), BigDecimal.ONE, Instant.ofEpochSecond(1_700_000_000L
                + submitSecond), null, rawStatus, WithdrawStatus.of(rawStatus), "addr");
    }

    /** The exchange lists the record now so (a new one, or one whose status changed). */
    private void listed(WithdrawRecord record) {
        account.withdrawals.removeIf(r -> r.id() == record.id());
        account.withdrawals.add(record);
    }

    private PolledWithdrawalEvents consumer(int pageSize, int maxEvents) {
        PolledWithdrawalEvents events = new PolledWithdrawalEvents(new WithdrawalEventsOptions("usdt", pageSize, 5,
                maxEvents), new StateSlot(positions, KEY), account);
        events.start(null);
        return events;
    }

    private List<String> pollAndDeliver(PolledWithdrawalEvents events) {
        return FakeAccount.deliver(events.poll(poll), WithdrawalEvent.class).stream().map(e -> e.record().id() + " "
                + e.type() + (e.previousRawStatus() == null ? "" : " " + e.previousRawStatus() + "->"
                + e.record().rawStatus())).toList();
    }

    @Test
    void aRecordIsNewOnceThenEachChangeOfStatusIsReportedAsItIs() {
        WithdrawalTransitions.Step first = WithdrawalTransitions.between(null, record(1, 0, 0));
        assertThat(first.event().type()).isEqualTo(WithdrawalEventType.NEW);
        assertThat(first.after()).isEqualTo(new Followed(1_700_000_000_000L, 0, true));
        assertThat(WithdrawalTransitions.between(first.after(), record(1, 0, 0))).as("unchanged").isNull();

        WithdrawalTransitions.Step undocumented = WithdrawalTransitions.between(first.after(), record(1, 0, 4));
        assertThat(undocumented.event().previousStatus()).isEqualTo(WithdrawStatus.SUBMITTED);
        assertThat(undocumented.after()).as("a status it does not document is followed on").isNotNull();

        WithdrawalTransitions.Step done = WithdrawalTransitions.between(undocumented.after(), record(1, 0, 2));
        assertThat(done.event().type()).isEqualTo(WithdrawalEventType.STATUS_CHANGED);
        assertThat(done.event().previousStatus()).isEqualTo(WithdrawStatus.UNKNOWN);
        assertThat(done.event().previousRawStatus()).isEqualTo(4);
        assertThat(done.after()).as("final: no longer followed").isNull();
    }

    @Test
    void theFirstStartAnnouncesThePendingRecordsAndDoesNotReplayFinalOnes() {
        listed(record(1, 0, 2));
        listed(record(2, 10, 0));
        listed(record(3, 20, 3));
        PolledWithdrawalEvents events = consumer(10, 100);
        assertThat(pollAndDeliver(events)).containsExactly("2 NEW");
        assertThat(pollAndDeliver(events)).isEmpty();

        listed(record(2, 10, 5));
        listed(record(4, 30, 0));
        assertThat(pollAndDeliver(events)).containsExactly("2 STATUS_CHANGED 0->5", "4 NEW");
        listed(record(2, 10, 0));
        assertThat(pollAndDeliver(events)).as("2 is final: no longer followed").isEmpty();
    }

    @Test
    void eventsBeyondThePollsShareComeWithTheNextPollAndARestartResumesWithoutRepeats() {
        PolledWithdrawalEvents events = consumer(2, 2);
        assertThat(pollAndDeliver(events)).isEmpty();
        listed(record(5, 50, 0));
        listed(record(6, 60, 0));
        listed(record(7, 70, 0));
        assertThat(pollAndDeliver(events)).containsExactly("5 NEW", "6 NEW");
        assertThat(poll.left).isEqualTo(1);
        assertThat(events.poll(poll)).as("7 fails to be delivered").hasSize(1);

        listed(record(5, 50, 1));
        PolledWithdrawalEvents restarted = consumer(2, 100);
        assertThat(pollAndDeliver(restarted)).containsExactly("5 STATUS_CHANGED 0->1", "7 NEW");
        assertThat(pollAndDeliver(restarted)).isEmpty();
    }

    @Test
    void aStoredStateThatIsNotAWatchIsRefusedNamingItsKey() {
        positions.put(KEY, "{\"pending\":{\"1\":{\"status\":0}}}");
        PolledWithdrawalEvents events = consumer(10, 100);
        assertThatThrownBy(() -> events.poll(poll)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(KEY);
        assertThat(account.calls).isEmpty();
    }
}
