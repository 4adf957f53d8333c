package com.camelexchange.examples.paper;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * A very small market maker, for the example only: one buy a little under the best bid and one sell a little over
 * the best ask; an order the market has moved away from is stale and cancelled, and quoted again next round.
 * Nothing here knows whether the exchange is live, paper or a replay.
 */
final class QuoteStrategy {
    static final String MARKET = "btc_usdt";
    /** How far under the best bid (over the best ask) an order is placed. */
    private static final BigDecimal OFFSET = new BigDecimal("0.0002");
    /** How far from the middle of the book an order may be before it is stale. */
    private static final BigDecimal STALE = new BigDecimal("0.0015");
    private static final BigDecimal AMOUNT = new BigDecimal("0.0100");
    private static final int PRICE_SCALE = 2;

    private QuoteStrategy() {
    }

    /** The open orders the market has moved away from. */
    static List<Order> stale(List<Order> open, Depth book) {
        BigDecimal mid = mid(book);
        if (mid == null) {
            return List.of();
        }
        BigDecimal most = mid.multiply(STALE);
        return open.stream().filter(o -> o.price().subtract(mid).abs().compareTo(most) > 0).toList();
    }

    /** A buy and a sell for the sides without an order that stays open. */
    static List<OrderRequest> quotes(List<Order> open, List<Order> cancelled, Depth book) {
        if (book.bestBid() == null || book.bestAsk() == null) {
            return List.of();
        }
        List<Order> staying = open.stream().filter(o -> !cancelled.contains(o)).toList();
        List<OrderRequest> quotes = new ArrayList<>(2);
        if (staying.stream().noneMatch(o -> o.side() == OrderSide.BUY)) {
            BigDecimal bid = book.bestBid().price().multiply(BigDecimal.ONE.subtract(OFFSET))
                    .setScale(PRICE_SCALE, RoundingMode.DOWN);
            quotes.add(OrderRequest.limit(MARKET, OrderSide.BUY, bid.toPlainString(), AMOUNT.toPlainString()));
        }
        if (staying.stream().noneMatch(o -> o.side() == OrderSide.SELL)) {
            BigDecimal ask = book.bestAsk().price().multiply(BigDecimal.ONE.add(OFFSET))
                    .setScale(PRICE_SCALE, RoundingMode.UP);
            quotes.add(OrderRequest.limit(MARKET, OrderSide.SELL, ask.toPlainString(), AMOUNT.toPlainString()));
        }
        return quotes;
    }

    private static BigDecimal mid(Depth book) {
        if (book.bestBid() == null || book.bestAsk() == null) {
            return null;
        }
        return book.bestBid().price().add(book.bestAsk().price()).divide(BigDecimal.valueOf(2), 8,
                RoundingMode.HALF_EVEN);
    }
}
