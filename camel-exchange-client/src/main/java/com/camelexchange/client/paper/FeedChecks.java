package com.camelexchange.client.paper;

import com.camelexchange.client.feed.ConsumerHealth;

import java.util.function.Supplier;

/** Where the paper exchange's feeds of the live market show their health: beside the consumers' checks. */
@FunctionalInterface
public interface FeedChecks {
    /** Shows nothing. */
    FeedChecks NONE = (name, health) -> () -> { };

    /**
     * Shows a feed's health under a check named after it ({@code paper-btc_usdt-trades}).
     *
     * @return what takes the check away again, when the feed stops
     */
    Runnable register(String name, Supplier<ConsumerHealth.Report> health);
}
