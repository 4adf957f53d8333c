package com.camelexchange.cluster;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The shared budget's arithmetic, on times given by the test. */
class BudgetWindowTest {
    private static final long T = 1_000_000;
    private final BudgetWindow window = new BudgetWindow(3, 1_000);

    @Test
    void permitsAreGivenAtOnceUntilTheBudgetIsFull() {
        BudgetState state = BudgetState.EMPTY;
        for (int i = 0; i < 3; i++) {
            assertThat(window.earliestSend(state, T)).isEqualTo(T);
            state = window.reserve(state, T + 5_000, T);
        }
        assertThat(window.earliestSend(state, T)).as("three in flight: no time can be given yet")
                .isEqualTo(BudgetWindow.BLOCKED);
    }

    @Test
    void aReplyFreesItsPermitOneWindowAfterItArrived() {
        BudgetState state = BudgetState.EMPTY;
        for (int i = 0; i < 3; i++) {
            state = window.reserve(state, T + 5_000, T);
        }
        state = window.release(state, T + 5_000, T + 20, T + 20);
        // Counted until the end of its 1 ms bucket, plus the window.
        assertThat(window.earliestSend(state, T + 20)).isEqualTo(T + 21 + 1_000);
        assertThat(window.earliestSend(state, T + 2_000)).isEqualTo(T + 2_000);
    }

    @Test
    void aPermitWhoseHolderVanishedCountsUntilItsDeadlineOnly() {
        BudgetState state = BudgetState.EMPTY;
        for (int i = 0; i < 3; i++) {
            state = window.reserve(state, T + 5_000, T);
        }
        assertThat(window.earliestSend(state, T + 5_010)).as("deadlines passed, still within a window")
                .isEqualTo(T + 5_001 + 1_000);
        assertThat(window.earliestSend(state, T + 6_001)).isEqualTo(T + 6_001);
    }

    @Test
    void inFlightCountsWhatIsReservedOrUnansweredOnly() {
        BudgetState state = BudgetState.EMPTY;
        for (int i = 0; i < 3; i++) {
            state = window.reserve(state, T + 5_000, T);
        }
        state = window.release(state, T + 5_000, T + 20, T + 20);
        assertThat(window.inFlight(state, T + 20)).isEqualTo(2);
        assertThat(window.inFlight(state, T + 6_000)).as("past their deadlines").isZero();
    }

    @Test
    void aPauseHoldsEveryPermitUntilItEnds() {
        BudgetState state = window.pause(BudgetState.EMPTY, T + 1_000, "4002", T);
        assertThat(window.earliestSend(state, T)).isEqualTo(T + 1_000);
        assertThat(window.pause(state, T + 500, "shorter", T).pausedUntil()).as("a pause is never shortened")
                .isEqualTo(T + 1_000);
    }

    @Test
    void whatNoLongerCountsIsDroppedSoTheStateStaysSmall() {
        BudgetState state = BudgetState.EMPTY;
        for (int i = 0; i < 100; i++) {
            long now = T + i * 100L;
            state = window.release(window.reserve(state, now + 5_000, now), now + 5_000, now + 1, now + 1);
        }
        assertThat(state.ends().values().stream().mapToInt(Integer::intValue).sum()).isLessThanOrEqualTo(11);
    }
}
