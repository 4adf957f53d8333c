package com.camelexchange.examples.etl;

import com.camelexchange.client.model.Ticker;
import org.apache.camel.dataformat.bindy.annotation.CsvRecord;
import org.apache.camel.dataformat.bindy.annotation.DataField;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One line of a ticker CSV file: {@code observedAt,market,bid,ask,last,high,low,volume}. The all-markets
 * ticker carries no time of its own, so the line has the time the route saw it (ISO-8601, UTC).
 */
@CsvRecord(separator = ",", crlf = "UNIX")
public class TickerCsvRow {
    @DataField(pos = 1)
    private String observedAt;
    @DataField(pos = 2)
    private String market;
    @DataField(pos = 3)
    private String bid;
    @DataField(pos = 4)
    private String ask;
    @DataField(pos = 5)
    private String last;
    @DataField(pos = 6)
    private String high;
    @DataField(pos = 7)
    private String low;
    @DataField(pos = 8)
    private String volume;

    public static TickerCsvRow of(Ticker ticker, Instant observedAt) {
        TickerCsvRow row = new TickerCsvRow();
        row.observedAt = observedAt.toString();
        row.market = ticker.market();
        row.bid = plain(ticker.buy());
        row.ask = plain(ticker.sell());
        row.last = plain(ticker.last());
        row.high = plain(ticker.high());
        row.low = plain(ticker.low());
        row.volume = plain(ticker.volume());
        return row;
    }

    /** Exact text: bindy's BigDecimal format would round to its precision. */
    private static String plain(BigDecimal value) {
        return value == null ? "" : value.toPlainString();
    }

    public String getMarket() {
        return market;
    }
}
