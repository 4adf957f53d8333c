package com.camelexchange.paper;

import com.camelexchange.simulator.engine.Fill;

import java.math.BigDecimal;
import java.util.Map;
import java.util.stream.Collectors;

/** The text of a report: the summary, the balances, the fees, the P&L and every fill. */
final class ReportText {
    private ReportText() {
    }

    static String of(PaperReport report) {
        String quote = report.quoteCoin();
        StringBuilder out = new StringBuilder();
        out.append("Paper trading report\n\n");
        out.append(report.summary()).append(" (fees and pnl in ").append(quote).append(")\n\n");
        long makers = report.fills().stream().filter(Fill::maker).count();
        out.append("Orders: ").append(report.orders()).append('\n');
        out.append("Fills:  ").append(report.fills().size()).append(" (").append(makers).append(" maker, ")
                .append(report.fills().size() - makers).append(" taker)\n");
        out.append("Fees:   ").append(report.fees().isEmpty() ? "none" : report.fees().entrySet().stream()
                .map(e -> e.getValue().toPlainString() + " " + e.getKey()).collect(Collectors.joining(", ")))
                .append(" (worth ").append(report.feesValue().toPlainString()).append(' ').append(quote)
                .append(" at the prices of their fills)\n\n");
        out.append(String.format("%-10s %24s %24s %24s%n", "Balance", "starting", "final", "change"));
        for (Map.Entry<String, BigDecimal> start : report.startingBalances().entrySet()) {
            BigDecimal end = report.finalBalances().get(start.getKey());
            out.append(String.format("%-10s %24s %24s %24s%n", start.getKey(), start.getValue().toPlainString(),
                    end.toPlainString(), end.subtract(start.getValue()).toPlainString()));
        }
        out.append("\nP&L: ").append(report.pnl().toPlainString()).append(' ').append(quote)
                .append(": the final balances less the starting ones, each coin valued at its last price");
        if (!report.lastPrices().isEmpty()) {
            out.append(" (").append(report.lastPrices().entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue().toPlainString()).collect(Collectors.joining(", ")))
                    .append(')');
        }
        out.append("\n\nMarket data: ").append(report.tradesRepeated()).append(" trade(s) fed twice and dropped, ")
                .append(report.clockDisagreements()).append(" dated more than a minute off the market's clock and"
                        + " left out of it");
        if (report.dataRefused() >= 0) {
            out.append(", ").append(report.dataRefused()).append(" refused (out of bounds; ")
                    .append(report.datesAhead()).append(" of them dated ahead of this machine's clock by more than"
                            + " paperClockSkew)");
        }
        out.append("\n\nFills (model: how the paper exchange filled the order, see the guide's fill models;"
                + " limit: the order's price)\n");
        out.append(String.format("%-26s %-12s %-20s %-4s %20s %20s %20s %20s %-6s %-5s %s%n", "time", "market",
                "order", "side", "limit", "price", "amount", "fee", "coin", "role", "model"));
        for (Fill fill : report.fills()) {
            out.append(String.format("%-26s %-12s %-20s %-4s %20s %20s %20s %20s %-6s %-5s %s%n", fill.time(),
                    fill.market(), fill.orderId(), fill.side(), fill.limitPrice().toPlainString(),
                    fill.price().toPlainString(), fill.amount().toPlainString(), fill.fee().toPlainString(),
                    fill.feeCoin(), fill.maker() ? "maker" : "taker", fill.model() == null ? "-" : fill.model()));
        }
        return out.toString();
    }
}
