package com.camelexchange.examples.etl;

import org.apache.camel.dataformat.bindy.annotation.CsvRecord;
import org.apache.camel.dataformat.bindy.annotation.DataField;

/** One line of the result file written next to a placed order file: the order line and its order id. */
@CsvRecord(separator = ",", generateHeaderColumns = true, crlf = "UNIX")
public class OrderResultCsvRow {
    @DataField(pos = 1, columnName = "market")
    private String market;
    @DataField(pos = 2, columnName = "side")
    private String side;
    @DataField(pos = 3, columnName = "price")
    private String price;
    @DataField(pos = 4, columnName = "amount")
    private String amount;
    @DataField(pos = 5, columnName = "orderId")
    private String orderId;

    static OrderResultCsvRow of(OrderCsvRow line, String orderId) {
        OrderResultCsvRow row = new OrderResultCsvRow();
        row.market = line.getMarket();
        row.side = line.getSide();
        row.price = line.getPrice();
        row.amount = line.getAmount();
        row.orderId = orderId;
        return row;
    }
}
