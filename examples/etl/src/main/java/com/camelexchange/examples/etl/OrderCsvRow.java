package com.camelexchange.examples.etl;

import org.apache.camel.dataformat.bindy.annotation.CsvRecord;
import org.apache.camel.dataformat.bindy.annotation.DataField;

/** One line of an order file dropped into the inbox: {@code market,side,price,amount}, after a header line. */
@CsvRecord(separator = ",", skipFirstLine = true, crlf = "UNIX")
public class OrderCsvRow {
    @DataField(pos = 1, required = true, trim = true)
    private String market;
    @DataField(pos = 2, required = true, trim = true)
    private String side;
    // Text, parsed by OrderBatch: bindy's BigDecimal format rounds to a fixed precision, and a bad number
    // should be refused with its line, not as a parsing failure.
    @DataField(pos = 3, required = true, trim = true)
    private String price;
    @DataField(pos = 4, required = true, trim = true)
    private String amount;

    public String getMarket() {
        return market;
    }

    public String getSide() {
        return side;
    }

    public String getPrice() {
        return price;
    }

    public String getAmount() {
        return amount;
    }
}
