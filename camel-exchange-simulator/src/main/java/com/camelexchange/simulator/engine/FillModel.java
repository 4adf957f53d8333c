package com.camelexchange.simulator.engine;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * How paper orders fill against an external market (a live feed or a replay).
 *
 * @param kind           which rule fills resting orders at exactly a trade's price (see {@link Kind})
 * @param atTouch        with {@link Kind#TOUCH}: the share of an external trade's amount that may fill resting paper
 *                       orders at exactly the trade's price, 0 to 1; the other kinds leave it aside
 * @param staleBookAfter how long after it was fed a book may still be taken from; an older book counts as
 *                       no book, so a crossing order rests instead of filling against prices long gone
 * @param latency        how long, by the market's clock, an order takes to reach the book and a cancel to take
 *                       effect: a real order sent now would meet the market as it is that much later
 */
public record FillModel(Kind kind, BigDecimal atTouch, Duration staleBookAfter, Duration latency) {
    /**
     * The rule of resting orders at exactly a trade's price. Whatever the kind, a trade through an order's price
     * fills it, and takers walk the fed book.
     */
    public enum Kind {
        /** Only a trade through the price fills a resting order: never earlier than reality, often later. */
        TRADE_THROUGH("tradeThrough"),
        /** A trade at exactly the price fills {@link #atTouch()} of its amount, whatever queue stood there. */
        TOUCH("touch"),
        /**
         * The order waits behind what the fed book showed at its price when it arrived; trades at the price take
         * that queue first, then the order.
         */
        QUEUE("queue");

        private final String optionName;

        Kind(String optionName) {
            this.optionName = optionName;
        }

        /** The name the options give it: {@code tradeThrough}, {@code touch} or {@code queue}. */
        public String optionName() {
            return optionName;
        }

        /**
         * The kind of an option's value.
         *
         * @throws IllegalArgumentException naming the values there are, when the text is none of them
         */
        public static Kind named(String text) {
            for (Kind kind : values()) {
                if (kind.optionName.equals(text)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("The fill model is one of " + names() + ": "
                    + Echo.quoted(text));
        }

        /** The option values, for messages. */
        public static String names() {
            return Arrays.stream(values()).map(Kind::optionName).collect(Collectors.joining(", "));
        }
    }

    /**
     * The kind when none is chosen. The one place the default is decided: the queue model, the one measured closest
     * to a matching engine's fills (the benchmarks' {@code fill-realism} section: paper ÷ real fill count 1.04,
     * amount 1.04, delay to the first fill 0.90, where trade-through gives 0.71, 0.70 and 1.31 and touch 1.11, 1.11
     * and 0.64). Trade-through stays the choice whose error has a known sign (never a fill before reality's).
     */
    public static final Kind DEFAULT_KIND = Kind.QUEUE;
    /** With {@link Kind#TOUCH} and no share given: a trade at the price fills the order as far as its amount goes. */
    public static final BigDecimal DEFAULT_TOUCH_SHARE = BigDecimal.ONE;
    /**
     * The latency the options default to (the component's {@code paperLatency}, the simulator's
     * {@code --latency-ms}): an assumption, not a measurement. An order sent over the public internet reaches an
     * exchange in about half a round trip, some tens of milliseconds within a region and around a hundred between
     * continents, plus the exchange's gateway; a round trip to this simulator on loopback takes a millisecond or
     * two, which says nothing of the live service. Set the option to half the round trip of your own signed calls.
     * The builder of an embedded simulator defaults to none, for exact tests of the engine.
     */
    public static final Duration TYPICAL_LATENCY = Duration.ofMillis(100);
    /** The most latency a model takes: far above any round trip, short of hiding a market's moves for minutes. */
    public static final Duration MAX_LATENCY = Duration.ofMinutes(1);
    public static final FillModel DEFAULT = new FillModel(DEFAULT_KIND, BigDecimal.ZERO, Duration.ofSeconds(30),
            Duration.ZERO);

    public FillModel {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(atTouch, "atTouch");
        Objects.requireNonNull(staleBookAfter, "staleBookAfter");
        Objects.requireNonNull(latency, "latency");
        if (atTouch.signum() < 0 || atTouch.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("The at-touch share must be within 0..1: " + atTouch);
        }
        if (staleBookAfter.isNegative()) {
            throw new IllegalArgumentException("A book cannot turn stale before it is fed: " + staleBookAfter);
        }
        if (latency.isNegative() || latency.compareTo(MAX_LATENCY) > 0) {
            throw new IllegalArgumentException("The latency must be within 0.." + MAX_LATENCY.toMillis() + " ms: "
                    + latency.toMillis() + " ms");
        }
    }

    /** The touch model with this share of a trade at the price. */
    public FillModel withAtTouch(BigDecimal share) {
        return new FillModel(Kind.TOUCH, share, staleBookAfter, latency);
    }

    /** This kind; {@link Kind#TOUCH} chosen without a share fills whole ({@link #DEFAULT_TOUCH_SHARE}). */
    public FillModel withKind(Kind newKind) {
        BigDecimal share = newKind == Kind.TOUCH && kind != Kind.TOUCH ? DEFAULT_TOUCH_SHARE : atTouch;
        return new FillModel(newKind, share, staleBookAfter, latency);
    }

    public FillModel withStaleBookAfter(Duration age) {
        return new FillModel(kind, atTouch, age, latency);
    }

    public FillModel withLatency(Duration delay) {
        return new FillModel(kind, atTouch, staleBookAfter, delay);
    }

    /** The share of a trade at exactly a resting order's price that the touch rule lets fill it; 0 for the others. */
    BigDecimal touchShare() {
        return kind == Kind.TOUCH ? atTouch : BigDecimal.ZERO;
    }

    /** The model's name as the options and the reports give it. */
    public String name() {
        return kind.optionName();
    }
}
