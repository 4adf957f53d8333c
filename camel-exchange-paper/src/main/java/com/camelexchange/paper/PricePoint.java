package com.camelexchange.paper;

import java.math.BigDecimal;
import java.time.Instant;

/** A price of a market at a time: a trade of the tape, or a fill. */
record PricePoint(Instant time, BigDecimal price) {
}
