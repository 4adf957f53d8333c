package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.Positions;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where a feed stands, over the positions a program or the component gives it. */
class StateSlotTest {

    /** Durable positions over a map another instance may write too; refuses a value when told to. */
    private static final class Shared implements Positions {
        final Map<String, String> values = new HashMap<>();
        int reads;
        boolean refuse;

        @Override
        public String get(String key) {
            reads++;
            return values.get(key);
        }

        @Override
        public void put(String key, String value) {
            if (refuse) {
                throw new IllegalStateException("disk full");
            }
            values.put(key, value);
        }
    }

    @Test
    void durablePositionsAreReadOncePerStartAndAgainAfterARestart() {
        Shared shared = new Shared();
        shared.values.put("trades:btc_usdt", " 41 ");
        PositionStore position = PositionStore.of(shared, "trades:btc_usdt");
        assertThat(position.peek().value()).as("nothing read before the first look").isNull();
        assertThat(position.current()).isEqualTo(41L);
        assertThat(position.current()).isEqualTo(41L);
        assertThat(shared.reads).as("read once, not per look").isEqualTo(1);

        position.commit(42);
        shared.values.put("trades:btc_usdt", "57");
        assertThat(position.current()).as("the committed value, until a restart").isEqualTo(42L);
        position.start();
        assertThat(position.current()).as("another instance moved it while stopped").isEqualTo(57L);
        assertThat(position.peek()).isEqualTo(new FeedPosition("trades:btc_usdt", "57", true));
    }

    @Test
    void aValueThePositionsRefuseIsNotTheCommittedOne() {
        Shared shared = new Shared();
        StateSlot slot = new StateSlot(shared, "orders:btc_usdt");
        slot.commit("{\"watermark\":\"1\"}");
        shared.refuse = true;
        assertThatThrownBy(() -> slot.commit("{\"watermark\":\"2\"}")).hasMessage("disk full");
        assertThat(slot.current()).isEqualTo("{\"watermark\":\"1\"}");
    }

    @Test
    void positionsInMemoryHoldTheCommittedValueAcrossStartsAndBlankIsNone() {
        Positions memory = Positions.inMemory();
        memory.put("kline:btc_usdt:1min", " ");
        StateSlot blank = new StateSlot(memory, "kline:btc_usdt:1min");
        assertThat(blank.current()).isNull();
        blank.commit("1700000000000");
        StateSlot next = new StateSlot(memory, "kline:btc_usdt:1min");
        assertThat(next.peek()).as("known at once: memory is the committed value")
                .isEqualTo(new FeedPosition("kline:btc_usdt:1min", "1700000000000", false));
    }
}
