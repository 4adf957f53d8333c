package com.camelexchange.simulator.engine;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Collects the markets an engine operation changed (under the exchange lock) and tells listeners once
 * the lock is released, so that a listener that pushes frames or reads the engine never runs while
 * holding the lock.
 */
final class ChangeNotifier {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeNotifier.class);

    private final Set<String> changed = new LinkedHashSet<>();
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

    /** Called under the exchange lock. */
    void mark(String market) {
        changed.add(market);
    }

    /** Called under the exchange lock: the markets changed since the last drain. */
    Set<String> drain() {
        if (changed.isEmpty()) {
            return Set.of();
        }
        Set<String> out = Set.copyOf(changed);
        changed.clear();
        return out;
    }

    /** Called without the exchange lock. */
    void tell(Set<String> markets) {
        for (String market : markets) {
            for (Consumer<String> listener : listeners) {
                try {
                    listener.accept(market);
                } catch (RuntimeException e) {
                    // A broken listener must not fail the order that triggered it.
                    LOG.warn("Change listener failed for {}", market, e);
                }
            }
        }
    }

    Runnable add(Consumer<String> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}
