package com.camelexchange.examples.quickstart;

import com.camelexchange.component.model.Ticker;
import com.camelexchange.component.model.Trade;

import java.io.PrintStream;

/** Prints tickers and trades one line each. */
public class MarketPrinter {
    private final PrintStream out;

    public MarketPrinter(PrintStream out) {
        this.out = out;
    }

    public void ticker(Ticker ticker) {
        out.printf("ticker %s  bid %s  ask %s  last %s  24h vol %s%n", ticker.market(), ticker.buy().toPlainString(),
                ticker.sell().toPlainString(), ticker.last().toPlainString(), ticker.volume().toPlainString());
    }

    public void trade(Trade trade) {
        out.printf("trade  %s  #%d  %-4s %s @ %s%n", trade.market(), trade.tid(),
                trade.takerSide() == null ? "" : trade.takerSide().name().toLowerCase(java.util.Locale.ROOT),
                trade.amount().toPlainString(), trade.price().toPlainString());
    }
}
