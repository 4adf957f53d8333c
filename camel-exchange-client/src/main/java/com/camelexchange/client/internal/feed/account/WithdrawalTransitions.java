package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.model.WithdrawRecord;
import com.camelexchange.client.model.WithdrawStatus;
import com.camelexchange.client.model.WithdrawalEvent;
import com.camelexchange.client.model.WithdrawalEventType;
import com.camelexchange.client.internal.feed.account.WithdrawalWatchState.Followed;

import java.util.Set;

/**
 * The event, if any, between what was last reported of a withdrawal and how the exchange lists it now.
 * Pure: no I/O, no state of its own. Any change of status is reported as it is ("from X to Y"), whatever the
 * two values; a record is followed until its status is final.
 */
final class WithdrawalTransitions {
    /**
     * Failed, success, cancelled and confirmed end a withdrawal: the exchange documents no transition out of
     * them. Submitted (0) and any value it does not document are followed on.
     */
    static final Set<WithdrawStatus> FINAL = Set.of(WithdrawStatus.FAILED, WithdrawStatus.SUCCESS,
            WithdrawStatus.CANCELLED, WithdrawStatus.CONFIRMED);

    /**
     * One event and what is followed once it was delivered.
     *
     * @param after null once the record is final: it is no longer followed
     */
    record Step(WithdrawalEvent event, Followed after) {
    }

    private WithdrawalTransitions() {
    }

    /**
     * @param last null for a record never seen
     * @return null when nothing changed
     */
    static Step between(Followed last, WithdrawRecord now) {
        Followed after = FINAL.contains(now.status()) ? null
                : new Followed(now.submitTime().toEpochMilli(), now.rawStatus(), true);
        if (last == null || !last.announced()) {
            return new Step(new WithdrawalEvent(WithdrawalEventType.NEW, now, null, null), after);
        }
        if (last.status() == now.rawStatus()) {
            return null;
        }
        return new Step(new WithdrawalEvent(WithdrawalEventType.STATUS_CHANGED, now, WithdrawStatus.of(last.status()),
                last.status()), after);
    }

    static boolean isFinal(WithdrawRecord record) {
        return FINAL.contains(record.status());
    }
}
