package com.camelexchange.component.metrics;

import com.camelexchange.client.budget.Held;
import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.metrics.Metrics;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The component's {@link RateBudgets}, as configured (in this JVM or shared), remembering each budget it made
 * for the dev console and reporting each to the {@link Metrics}: the permits in use, and how long each permit
 * was waited for.
 */
public final class ObservedRateBudgets implements RateBudgets {

    /**
     * One budget the component uses.
     *
     * @param id    free of secrets: a key's budget is named by a hash of the key
     * @param label what the limit is
     */
    public record Budget(String id, String label, int permits, Duration window, RateBudget budget) {
        /** Permits held now; -1 when the budget cannot tell. */
        public int inUse() {
            return budget.inUse();
        }
    }

    private final RateBudgets delegate;
    private final Metrics metrics;
    private final List<Budget> made = new CopyOnWriteArrayList<>();

    public ObservedRateBudgets(RateBudgets delegate, Metrics metrics) {
        this.delegate = delegate;
        this.metrics = metrics;
    }

    @Override
    public RateBudget budget(String id, String label, int permits, Duration window) {
        RateBudget budget = delegate.budget(id, label, permits, window);
        made.add(new Budget(id, label, permits, window, budget));
        metrics.budget(id, label, budget);
        return metrics.enabled() ? new Timed(budget, id, metrics) : budget;
    }

    /** The budgets made so far, in the order they were made. */
    public List<Budget> budgets() {
        return List.copyOf(made);
    }

    /** Times each wait for a permit; one not granted (no permit in time, a shared store unreachable) is refused. */
    private record Timed(RateBudget budget, String id, Metrics metrics) implements RateBudget {
        @Override
        public Held acquire(Duration maxWait, Duration maxHold) {
            long start = System.nanoTime();
            try {
                Held permit = budget.acquire(maxWait, maxHold);
                metrics.permitWait(id, budget.label(), true, System.nanoTime() - start);
                return permit;
            } catch (RuntimeException e) {
                metrics.permitWait(id, budget.label(), false, System.nanoTime() - start);
                throw e;
            }
        }

        @Override
        public void pause(Duration duration, String reason) {
            budget.pause(duration, reason);
        }

        @Override
        public String label() {
            return budget.label();
        }

        @Override
        public int inUse() {
            return budget.inUse();
        }
    }
}
