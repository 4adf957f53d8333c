package com.camelexchange.examples.javaclient;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.feed.Feed;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.examples.support.ExchangeTarget;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A plain Java program on the exchange's client, with no Camel: it reads the {@code btc_usdt} ticker, streams the
 * market's trades to a listener (each once, in order) and places a limit buy at the best ask, which fills and so
 * shows among the trades; it stops after a few trades. It talks to the embedded simulator unless the
 * {@code EXCHANGE_*} environment variables name a real service.
 *
 * <p>Argument: how many trades to print before stopping (default 10).
 */
public final class JavaClientMain {

    private JavaClientMain() {
    }

    public static void main(String[] args) throws Exception {
        int trades = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        try (ExchangeTarget target = ExchangeTarget.fromEnvironment()) {
            run(target, System.out, trades);
        }
    }

    static void run(ExchangeTarget target, PrintStream out, int trades) throws Exception {
        out.println("Talking to the " + target.describe());
        CountDownLatch printed = new CountDownLatch(trades);
        // tag::program[]
        try (ExchangeClient client = ExchangeClient.builder().baseUrl(target.baseUrl()).tradeUrl(target.tradeUrl())
                .keys(target.accessKey(), target.secretKey()).build()) {
            Ticker ticker = client.ticker("btc_usdt");
            out.println("ticker btc_usdt: last " + ticker.last() + ", bid " + ticker.buy() + ", ask " + ticker.sell());
            try (Feed feed = Feed.trades(client, "btc_usdt").streaming(true).start(trade -> {
                out.println("trade " + trade.tid() + ": " + trade.takerSide() + " " + trade.amount() + " at "
                            + trade.price());
                printed.countDown();
            })) {
                PlacedOrder order = client.placeOrder(OrderRequest.limit("btc_usdt", OrderSide.BUY,
                        ticker.sell().toPlainString(), "0.01"));
                out.println("order " + order.id() + " placed: buy 0.01 at " + ticker.sell() + ", now "
                            + client.order("btc_usdt", order.id()).status());
                printed.await(60, TimeUnit.SECONDS);
            }
        }
        // end::program[]
        out.println("done");
    }
}
