package com.camelexchange.client.readme;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.Positions;
import com.camelexchange.client.feed.Feed;
import com.camelexchange.client.model.CoinBalance;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Reads a ticker and a balance, streams trades to a listener and places an order, on an embedded exchange. */
public class FirstProgram {

    public static void main(String[] args) throws Exception {
        // The embedded exchange simulator, with a funded account of these keys (any text will do).
        String accessKey = "demo-access-key";
        String secretKey = "demo-secret-key";
        try (ExchangeSimulator simulator = ExchangeSimulator.builder().key(accessKey, secretKey).build().start()) {
            System.out.println("exchange simulator at " + simulator.baseUrl());
            run(simulator.baseUrl(), accessKey, secretKey);
        }
    }

    /** The program proper: against a real service, its base URL and your keys (and no simulator). */
    static void run(String baseUrl, String accessKey, String secretKey) throws Exception {
        Positions positions = Positions.inMemory(); // in a file or a database, a restart resumes after the last trade
        CountDownLatch fiveTrades = new CountDownLatch(5);
        try (ExchangeClient client = ExchangeClient.builder().baseUrl(baseUrl).keys(accessKey, secretKey).build()) {
            Ticker ticker = client.ticker("btc_usdt");
            System.out.println("ticker btc_usdt: last " + ticker.last() + ", ask " + ticker.sell());
            CoinBalance btc = client.accountInfo().coin("btc");
            System.out.println("btc: available " + btc.available().toPlainString() + ", frozen "
                               + btc.frozen().toPlainString());
            try (Feed trades = Feed.trades(client, "btc_usdt").streaming(true).positions(positions)
                    .start(trade -> {
                        System.out.println("trade " + trade.tid() + " " + trade.amount() + " at " + trade.price());
                        fiveTrades.countDown();
                    })) {
                PlacedOrder order = client.placeOrder(OrderRequest.limit("btc_usdt", OrderSide.BUY,
                        ticker.sell().toPlainString(), "0.01"));
                System.out.println("order " + order.id() + ": " + client.order("btc_usdt", order.id()).status());
                fiveTrades.await(30, TimeUnit.SECONDS);
            }
        }
    }
}
