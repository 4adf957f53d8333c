package com.camelexchange.client;

import java.util.List;

/**
 * The answer to placing a batch.
 *
 * @param ids       the order ids, one per pair, in the order of the pairs
 * @param recovered true when the reply was lost and the orders were found by what they are
 */
public record PlacedBatch(List<String> ids, boolean recovered) {
    public PlacedBatch {
        ids = List.copyOf(ids);
    }
}
