package com.camelexchange.sweep;

import java.util.Map;

/**
 * One point of a grid: its number and the value of each of the grid's properties, in the grid's order.
 *
 * @param index  from 0, in the grid's fixed order
 * @param values property name to value
 */
public record SweepPoint(int index, Map<String, String> values) {

    /** The worker of {@code workers} that runs this point: points are dealt in turn, point k to worker k mod N. */
    public int worker(int workers) {
        return index % workers;
    }

    /** {@code strategy.every=50 strategy.size=0.001}. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        values.forEach((k, v) -> out.append(out.isEmpty() ? "" : " ").append(k).append('=').append(v));
        return out.toString();
    }
}
