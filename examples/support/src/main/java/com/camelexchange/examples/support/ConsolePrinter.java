package com.camelexchange.examples.support;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.CoinBalance;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * Prints what the examples' routes receive, one line each, in a form a test can read back. Routes in any DSL
 * call it as a bean ({@code bean:printer?method=ticker}); {@link #finished()} ends the example early.
 */
public class ConsolePrinter {
    private static final List<String> SHOWN_COINS = List.of("btc", "usdt");

    private final PrintStream out;
    private final Runnable onFinished;

    public ConsolePrinter(PrintStream out, Runnable onFinished) {
        this.out = out;
        this.onFinished = onFinished;
    }

    public void ticker(Ticker ticker) {
        out.printf("ticker %s  bid %s  ask %s  last %s  24h vol %s%n", ticker.market(), plain(ticker.buy()),
                plain(ticker.sell()), plain(ticker.last()), plain(ticker.volume()));
    }

    public void trade(Trade trade) {
        out.printf("trade  %s  #%d  %-4s %s @ %s%n", trade.market(), trade.tid(),
                trade.takerSide() == null ? "" : trade.takerSide().name().toLowerCase(Locale.ROOT),
                plain(trade.amount()), plain(trade.price()));
    }

    /** The btc and usdt balances, labelled "before" or "after". */
    public void balances(AccountInfo account, String label) {
        StringBuilder line = new StringBuilder("balances ").append(label).append(':');
        for (String coin : SHOWN_COINS) {
            CoinBalance balance = account.coin(coin);
            if (balance != null) {
                line.append("  ").append(coin).append(' ').append(plain(balance.available()))
                        .append(" available ").append(plain(balance.frozen())).append(" frozen");
            }
        }
        out.println(line);
    }

    public void placed(PlacedOrder order) {
        out.printf("order  placed #%s (customerOrderId %s)%n", order.id(), order.customerOrderId());
    }

    public void order(Order order) {
        out.printf("order  #%s %s %s %s @ %s  traded %s  status %s%n", order.id(), order.currency(),
                order.side().name().toLowerCase(Locale.ROOT), plain(order.totalAmount()), plain(order.price()),
                plain(order.tradeAmount()), order.status());
    }

    /** The example's work is done: stop it without waiting for its time limit. */
    public void finished() {
        out.println("done");
        onFinished.run();
    }

    private static String plain(BigDecimal value) {
        return value == null ? "-" : value.toPlainString();
    }
}
