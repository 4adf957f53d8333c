package com.camelexchange.examples.cluster;

/**
 * What a run shows, each number taken from the exchange's own tape and counters or from the shared store,
 * never from what the instances say about themselves.
 *
 * @param nodes        instances running at any time
 * @param failovers    times the instance storing the trades changed, in trade-id order
 * @param trades       trades on the exchange's tape during the run
 * @param gaps         of those, trades the store does not hold
 * @param duplicates   trades the store holds more than once
 * @param mismatched   stored trades whose price or amount is not the tape's (not in the line; always checked)
 * @param orders       orders the exchange holds for the key the instances share
 * @param ordersLost   order ids an instance wrote down as placed that the exchange does not hold
 * @param ordersTwice  order ids written down more than once: one order told to two messages
 * @param rejected4002 requests the exchange refused as too frequent
 * @param rejected4001 requests the exchange refused with the per-IP lock (not in the line; always checked)
 * @param orderRate    orders accepted a second in the measured window, as a share of the key's limit: a figure the
 *                     run reports, never a fault (on a busy machine it measures the machine)
 */
record ClusterSummary(int nodes, int failovers, int trades, int gaps, int duplicates, int mismatched, int orders,
                      int ordersLost, int ordersTwice, long rejected4002, long rejected4001, double orderRate) {

    /**
     * What went wrong, as {@code key=value} pairs (gaps, duplicates, mismatched, ordersLost, ordersTwice,
     * rejected4002, rejected4001 that are not zero); empty when the run shows no such fault. How fast the orders
     * went is no fault: the rate is reported, and the benchmarks measure it.
     */
    String faults() {
        StringBuilder found = new StringBuilder();
        fault(found, "gaps", gaps);
        fault(found, "duplicates", duplicates);
        fault(found, "mismatched", mismatched);
        fault(found, "ordersLost", ordersLost);
        fault(found, "ordersTwice", ordersTwice);
        fault(found, "rejected4002", rejected4002);
        fault(found, "rejected4001", rejected4001);
        return found.toString();
    }

    /** A share as the run prints it: three decimals, a point whatever the locale. */
    static String rate(double share) {
        return String.format(java.util.Locale.ROOT, "%.3f", share);
    }

    private static void fault(StringBuilder found, String key, long value) {
        if (value != 0) {
            found.append(found.isEmpty() ? "" : " ").append(key).append('=').append(value);
        }
    }

    /** The one summary line: these keys, in this order. */
    String line() {
        return "cluster: nodes=" + nodes + " failovers=" + failovers + " trades=" + trades + " gaps=" + gaps
               + " duplicates=" + duplicates + " orders=" + orders + " ordersLost=" + ordersLost + " ordersTwice="
               + ordersTwice + " rejected4002=" + rejected4002;
    }
}
