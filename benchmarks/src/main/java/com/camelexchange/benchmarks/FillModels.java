package com.camelexchange.benchmarks;

import com.camelexchange.component.ExchangeComponent;

import java.util.List;
import java.util.function.Consumer;

/**
 * The paper fill models the fill-realism section measures, each a paper component's options; one line here adds
 * one to the run (each gets its own paper exchange and account, following the same market).
 */
final class FillModels {
    /** A fill model by its name in the section's lines, and the paper options that select it. */
    record Model(String name, Consumer<ExchangeComponent> options) {
    }

    private FillModels() {
    }

    static List<Model> all() {
        return List.of(
                // The default: a resting order fills only on a trade strictly through its price.
                new Model("tradeThrough", component -> { }),
                // A trade at exactly the order's price fills this share of its amount.
                new Model("touch(0.5)", component -> component.setPaperFillAtTouch("0.5")),
                new Model("touch(1)", component -> component.setPaperFillAtTouch("1")));
    }
}
