package com.camelexchange.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * The merged table as CSV: a header, then one row per point, best first by the chosen figure, equal figures in the
 * grid's order. Columns: rank, point, the grid's properties, then the figures (see {@link PointResult}). Decimals
 * at their fixed scales, plain (never an exponent), lines ending in {@code \n}: the bytes depend on the results
 * alone.
 */
final class SweepTable {
    static final List<String> FIGURES = List.of("events", "orders", "fills", "fees", "pnl", "maxDrawdown", "sharpe",
            "roundTrips", "winRate", "exposure");

    private SweepTable() {
    }

    static List<PointResult> sorted(List<PointResult> results, Figure by) {
        List<PointResult> sorted = new ArrayList<>(results);
        sorted.sort(by.bestFirst());
        return sorted;
    }

    static String csv(SweepGrid grid, List<PointResult> sorted) {
        StringBuilder out = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("rank", "point"));
        header.addAll(grid.names());
        header.addAll(FIGURES);
        out.append(String.join(",", header.stream().map(SweepTable::field).toList())).append('\n');
        int rank = 1;
        for (PointResult r : sorted) {
            List<String> row = new ArrayList<>();
            row.add(Integer.toString(rank++));
            row.add(Integer.toString(r.index()));
            grid.names().forEach(name -> row.add(field(r.point().values().get(name))));
            row.add(Long.toString(r.events()));
            row.add(Long.toString(r.orders()));
            row.add(Long.toString(r.fills()));
            row.add(r.fees().toPlainString());
            row.add(r.pnl().toPlainString());
            row.add(r.maxDrawdown().toPlainString());
            row.add(r.sharpe().toPlainString());
            row.add(Long.toString(r.roundTrips()));
            row.add(r.winRate().toPlainString());
            row.add(r.exposure().toPlainString());
            out.append(String.join(",", row)).append('\n');
        }
        return out.toString();
    }

    /** RFC 4180: a value with a comma, a quote or a line break is quoted, its quotes doubled. */
    private static String field(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
