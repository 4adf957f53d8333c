package com.camelexchange.sweep;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A figure of a point's result the table can be sorted by and the heat map drawn of, by the name the command and the
 * CSV's header use. Each sorts best first: the larger first, but for fees and max drawdown the smaller first.
 */
public enum Figure {
    ORDERS("orders", true, r -> BigDecimal.valueOf(r.orders())),
    FILLS("fills", true, r -> BigDecimal.valueOf(r.fills())),
    FEES("fees", false, PointResult::fees),
    PNL("pnl", true, PointResult::pnl),
    MAX_DRAWDOWN("maxDrawdown", false, PointResult::maxDrawdown),
    SHARPE("sharpe", true, PointResult::sharpe),
    ROUND_TRIPS("roundTrips", true, r -> BigDecimal.valueOf(r.roundTrips())),
    WIN_RATE("winRate", true, PointResult::winRate),
    EXPOSURE("exposure", true, PointResult::exposure);

    private final String label;
    private final boolean largerIsBetter;
    private final Function<PointResult, BigDecimal> of;

    Figure(String label, boolean largerIsBetter, Function<PointResult, BigDecimal> of) {
        this.label = label;
        this.largerIsBetter = largerIsBetter;
        this.of = of;
    }

    /** Its name in the command and the CSV. */
    public String label() {
        return label;
    }

    public BigDecimal of(PointResult result) {
        return of.apply(result);
    }

    /** Best first; equal figures in the grid's order, so the table never depends on who ran what. */
    public Comparator<PointResult> bestFirst() {
        Comparator<PointResult> byFigure = Comparator.comparing(this::of);
        return (largerIsBetter ? byFigure.reversed() : byFigure).thenComparingInt(PointResult::index);
    }

    /** Whether {@code a} is better than {@code b} by this figure. */
    boolean better(BigDecimal a, BigDecimal b) {
        int c = a.compareTo(b);
        return largerIsBetter ? c > 0 : c < 0;
    }

    /**
     * The figure of this name.
     *
     * @throws SweepException listing the names when none is called so
     */
    public static Figure named(String name) {
        return Arrays.stream(values()).filter(f -> f.label.equals(name)).findFirst().orElseThrow(() ->
                new SweepException("No figure is called '" + (name.length() > 40 ? name.substring(0, 40) + "..." : name)
                                   + "'; sort by one of " + Arrays.stream(values()).map(Figure::label)
                                           .collect(Collectors.joining(", "))));
    }
}
