package com.camelexchange.client.paper;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;

/**
 * How the paper exchange fills paper orders, as the component's options chose it (checked by {@link PaperOptions}).
 *
 * @param model   the fill model's name, one of {@link PaperOptions#FILL_MODELS}; null for the paper exchange's
 *                default
 * @param atTouch with the touch model, the share (0 to 1) of a live trade at exactly a resting order's price that
 *                fills it; null for the model's own default
 * @param latency how long, by the live market's clock, an order takes to reach the paper book and a cancel to take
 *                effect
 */
public record PaperFills(String model, BigDecimal atTouch, Duration latency) {
    public PaperFills {
        Objects.requireNonNull(latency, "latency");
    }
}
