package com.camelexchange.client.internal.stream;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Turns at catching up: a few at a time, the others in the order they asked, none waiting on a thread. */
class CatchUpTurnsTest {

    @Test
    void aFewAtATimeTheOthersFirstComeFirstServed() {
        CatchUpTurns turns = new CatchUpTurns(2);
        List<String> granted = new ArrayList<>();
        CatchUpTurns.Turn a = turns.ask(() -> granted.add("a"));
        CatchUpTurns.Turn b = turns.ask(() -> granted.add("b"));
        CatchUpTurns.Turn c = turns.ask(() -> granted.add("c"));
        CatchUpTurns.Turn d = turns.ask(() -> granted.add("d"));
        CatchUpTurns.Turn e = turns.ask(() -> granted.add("e"));
        assertThat(a.granted()).isTrue();
        assertThat(b.granted()).isTrue();
        assertThat(c.granted()).isFalse();
        assertThat(turns.waiting()).isEqualTo(3);
        assertThat(e.ahead()).isEqualTo(2);

        d.close();
        assertThat(turns.waiting()).as("one that no longer wants its turn leaves the queue").isEqualTo(2);
        b.close();
        assertThat(c.granted()).isTrue();
        a.close();
        assertThat(e.granted()).isTrue();
        assertThat(granted).as("told in the order they asked").containsExactly("c", "e");
        c.close();
        e.close();
        c.close();
        assertThat(turns.inUse()).as("a turn given back twice counts once").isZero();
        assertThat(turns.ask(() -> { }).granted()).isTrue();
    }
}
