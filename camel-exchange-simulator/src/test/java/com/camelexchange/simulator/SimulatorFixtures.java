package com.camelexchange.simulator;

import java.time.Instant;
import java.util.function.Consumer;

/** Shared set-up of the simulator tests. */
final class SimulatorFixtures {
    /** A fixed instant in the middle of a minute, so trades of one test share their candles. */
    static final Instant T0 = Instant.parse("2026-11-22T08:00:30Z");

    private SimulatorFixtures() {
    }

    /** An exact simulator: empty books, no history, no activity, a clock that only tests move. */
    static Consumer<ExchangeSimulator.Builder> quiet(Variant variant, MutableClock clock) {
        return b -> b.variant(variant).seed(42).clock(clock).quiet().eventLoops(1);
    }
}
