package com.camelexchange.examples.etl;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.component.ExchangeConstants;
import org.apache.camel.Message;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the lines of one order file into one {@code orderMoreV2} batch, and the batch's reply into the
 * result lines. A batch has one market and one side, so a file mixing them is refused before anything is
 * sent (the whole file, not a part of it: half-placed files are what this flow exists to avoid).
 */
public class OrderBatch {
    /** Header carrying the file's lines from the request to the result. */
    static final String LINES = "EtlOrderLines";

    public void toBatch(Message message) {
        List<OrderCsvRow> lines = lines(message.getBody());
        if (lines.isEmpty()) {
            throw new ExchangeValidationException("order file", "it has no order lines");
        }
        OrderCsvRow first = lines.get(0);
        List<PriceAmount> pairs = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            OrderCsvRow line = lines.get(i);
            if (!line.getMarket().equals(first.getMarket()) || !line.getSide().equalsIgnoreCase(first.getSide())) {
                throw new ExchangeValidationException("order file line " + (i + 2), "a batch has one market and"
                        + " one side: " + first.getMarket() + " " + first.getSide() + ", not " + line.getMarket()
                        + " " + line.getSide());
            }
            pairs.add(new PriceAmount(decimal(line.getPrice(), "price", i), decimal(line.getAmount(), "amount", i)));
        }
        message.setHeader(ExchangeConstants.MARKET, first.getMarket());
        message.setHeader(ExchangeConstants.TRADE_TYPE, first.getSide());
        message.setHeader(LINES, lines);
        message.setBody(pairs);
    }

    /** The reply's order ids, in the order of the pairs, next to the lines they came from. */
    public List<OrderResultCsvRow> toResult(Message message) {
        List<OrderCsvRow> lines = lines(message.getHeader(LINES));
        List<?> ids = message.getBody(List.class);
        List<OrderResultCsvRow> rows = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            rows.add(OrderResultCsvRow.of(lines.get(i), i < ids.size() ? ids.get(i).toString() : ""));
        }
        message.removeHeader(LINES);
        return rows;
    }

    private static BigDecimal decimal(String text, String column, int index) {
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw new ExchangeValidationException("order file line " + (index + 2) + " " + column,
                    "'" + text + "' is not a decimal number");
        }
    }

    /** Bindy answers one object for a one-line file and a list otherwise. */
    private static List<OrderCsvRow> lines(Object body) {
        if (body instanceof OrderCsvRow single) {
            return List.of(single);
        }
        List<OrderCsvRow> lines = new ArrayList<>();
        if (body instanceof List<?> list) {
            list.forEach(item -> lines.add((OrderCsvRow) item));
        }
        return lines;
    }
}
