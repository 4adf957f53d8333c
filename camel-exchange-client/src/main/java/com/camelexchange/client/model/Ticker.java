package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;
import com.camelexchange.client.model.json.JsonTime;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A ticker: 24-hour high, low and volume, best bid and ask, last price.
 *
 * @param market the market name with underscore, also for {@code allTicker} entries
 * @param buy    best bid
 * @param sell   best ask
 * @param volume 24h volume, in the trade coin
 * @param date   when the exchange produced it: the {@code ticker} reply's {@code date} (epoch milliseconds) or the
 *               pushed ticker's; the {@code allTicker} reply carries no time, so its tickers carry the time the
 *               reply arrived, by the component's clock
 */
public record Ticker(String market, @JsonDecimal BigDecimal high, @JsonDecimal BigDecimal low,
                     @JsonDecimal BigDecimal buy, @JsonDecimal BigDecimal sell, @JsonDecimal BigDecimal last,
                     @JsonDecimal BigDecimal volume, @JsonTime Instant date) {

    /** This ticker with another date. */
    public Ticker at(Instant otherDate) {
        return new Ticker(market, high, low, buy, sell, last, volume, otherDate);
    }

    /** Whether the prices and volume equal another ticker's, whatever the dates. */
    public boolean sameValues(Ticker other) {
        return other != null && market.equals(other.market) && high.compareTo(other.high) == 0
                && low.compareTo(other.low) == 0 && buy.compareTo(other.buy) == 0
                && sell.compareTo(other.sell) == 0 && last.compareTo(other.last) == 0
                && volume.compareTo(other.volume) == 0;
    }

    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
