package com.camelexchange.benchmarks;

import com.camelexchange.component.ExchangeComponent;

import java.util.List;
import java.util.function.Consumer;

/**
 * The paper fill models the fill-realism section measures, each a paper component's options; one line here adds
 * one to the run (each gets its own paper exchange and account, following the same market).
 */
final class FillModels {
    /**
     * A fill model by its name in the section's lines, and the paper options that select it.
     *
     * @param latencySteps the paper latency in steps of the market (a second each): the real twins of a model with
     *                     latency are placed that many steps after the paper ones were sent, as real orders sent at
     *                     the same moment would arrive
     */
    record Model(String name, Consumer<ExchangeComponent> options, int latencySteps) {
        /** The paper exchange's options: the model's, and its latency in ms of the market's time. */
        void configure(ExchangeComponent component) {
            component.setPaperLatency(latencySteps * SecondsStepClock.STEP_MILLIS);
            options.accept(component);
        }
    }

    private FillModels() {
    }

    static List<Model> all() {
        return List.of(
                // A resting order fills only on a trade strictly through its price.
                new Model("tradeThrough", component -> component.setPaperFillModel("tradeThrough"), 0),
                // A trade at exactly the order's price fills this share of its amount.
                new Model("touch(0.5)", touch("0.5"), 0),
                new Model("touch(1)", touch("1"), 0),
                // Behind the queue the book showed at the price when the order arrived.
                new Model("queue", component -> component.setPaperFillModel("queue"), 0),
                // The same, the order (and its cancel) arriving a second of market time after it was sent.
                new Model("queue+latency1s", component -> component.setPaperFillModel("queue"), 1));
    }

    private static Consumer<ExchangeComponent> touch(String share) {
        return component -> {
            component.setPaperFillModel("touch");
            component.setPaperFillAtTouch(share);
        };
    }
}
