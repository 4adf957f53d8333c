package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonTime;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * An order book snapshot. Both sides are <b>best first</b>: {@code asks} ascending
 * (lowest ask first) and {@code bids} descending (highest bid first). The exchange sends asks
 * descending; the component turns them round so that {@code asks().get(0)} and {@code bids().get(0)}
 * are always the top of the book.
 *
 * @param timestamp when the snapshot was taken (sent in seconds)
 */
public record Depth(String market, List<PriceLevel> asks, List<PriceLevel> bids, @JsonTime Instant timestamp) {

    public Depth {
        asks = List.copyOf(asks);
        bids = List.copyOf(bids);
    }

    /** The lowest ask, or null on an empty side. */
    public PriceLevel bestAsk() {
        return asks.isEmpty() ? null : asks.get(0);
    }

    /** The highest bid, or null on an empty side. */
    public PriceLevel bestBid() {
        return bids.isEmpty() ? null : bids.get(0);
    }

    /** Best ask minus best bid, or null when a side is empty. */
    public BigDecimal spread() {
        return asks.isEmpty() || bids.isEmpty() ? null : bestAsk().price().subtract(bestBid().price());
    }

    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
