package com.camelexchange.client.model;

import java.util.List;

/**
 * A K-line reply: candles oldest first.
 *
 * @param symbol    the trade coin as the reply names it ({@code symbol})
 * @param moneyType the pricing coin as the reply names it ({@code moneyType})
 */
public record Kline(String market, KlineType type, String symbol, String moneyType, List<Candle> candles) {

    public Kline {
        candles = List.copyOf(candles);
    }
}
