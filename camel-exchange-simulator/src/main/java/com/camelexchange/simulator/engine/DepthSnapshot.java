package com.camelexchange.simulator.engine;

import java.util.List;

/**
 * A depth reply: both sides best first, as the book holds them. The wire order of asks (descending,
 * best ask last) is applied when the reply is written.
 */
public record DepthSnapshot(List<PriceLevel> asks, List<PriceLevel> bids, long epochMillis) {
}
