package com.camelexchange.client.internal.feed;

import com.camelexchange.client.Positions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A position as a number over its text in the positions: resumed as stored, never guessed when unreadable. */
class PositionStoreTest {

    @Test
    void aRestartResumesFromTheCommittedPosition() {
        Positions positions = Positions.inMemory();
        PositionStore first = PositionStore.of(positions, "trades:btc_usdt");
        assertThat(first.current()).isNull();
        first.commit(41);
        first.commit(42);
        PositionStore again = PositionStore.of(positions, "trades:btc_usdt");
        again.start();
        assertThat(again.current()).isEqualTo(42L);
        assertThat(again.currentIfRead()).isEqualTo(42L);
    }

    @Test
    void aStoredValueThatIsNoNumberIsRefusedNotReadAsAGuess() {
        Positions positions = Positions.inMemory();
        positions.put("trades:btc_usdt", "forty-two");
        PositionStore store = PositionStore.of(positions, "trades:btc_usdt");
        assertThatThrownBy(store::current).isInstanceOf(NumberFormatException.class);
        assertThat(store.currentIfRead()).as("a health check does not throw on it").isNull();
    }

    @Test
    void aValueChangedUnderneathIsReadAgainNotTheOneParsedBefore() {
        Positions positions = Positions.inMemory();
        StateSlot slot = new StateSlot(positions, "k");
        PositionStore store = new PositionStore(slot);
        store.commit(7);
        slot.commit("9");
        assertThat(store.current()).isEqualTo(9L);
    }
}
