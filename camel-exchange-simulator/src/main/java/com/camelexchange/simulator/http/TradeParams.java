package com.camelexchange.simulator.http;

import com.camelexchange.simulator.engine.BoundedDecimal;
import com.camelexchange.simulator.engine.ExchangeError;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code tradeParams} of orderMoreV2: {@code [[price, amount],[price, amount]]}, 1..20 pairs of
 * numbers or numeric strings. Read token by token, so that each number reaches {@link BoundedDecimal}
 * as the text the client sent (a JSON tree would already have made a double or an unbounded
 * BigDecimal of it) and reading stops at the first pair too many.
 */
final class TradeParams {
    static final int MAX_PAIRS = 20;
    private static final JsonFactory JSON = new JsonFactory();

    private TradeParams() {
    }

    /** The pairs, or 3005 for a malformed text, 3002 for a bad price, 3003 for a bad amount. */
    static List<BigDecimal[]> parse(String text) {
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw notPairs();
            }
            List<BigDecimal[]> pairs = new ArrayList<>();
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                if (t != JsonToken.START_ARRAY) {
                    throw notPairs();
                }
                if (pairs.size() == MAX_PAIRS) {
                    throw count();
                }
                BigDecimal price = number(p, "price", ExchangeError.INVALID_PRICE);
                BigDecimal amount = number(p, "amount", ExchangeError.INVALID_AMOUNT);
                if (p.nextToken() != JsonToken.END_ARRAY) {
                    throw notPairs();
                }
                pairs.add(new BigDecimal[] {price, amount});
            }
            if (pairs.isEmpty()) {
                throw count();
            }
            if (p.nextToken() != null) {
                throw notPairs();
            }
            return pairs;
        } catch (IOException e) {
            throw notPairs();
        }
    }

    private static BigDecimal number(JsonParser p, String name, int errorCode) throws IOException {
        String text;
        try {
            JsonToken t = p.nextToken();
            if (t == JsonToken.END_ARRAY) {
                throw notPairs(); // a pair of one
            }
            if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_STRING) {
                throw new ExchangeError(errorCode, "Invalid " + name + " in tradeParams: not a number");
            }
            text = p.getText();
        } catch (StreamConstraintsException e) {
            // A number token beyond the parser's own length limit: too long, like any beyond ours.
            throw new ExchangeError(errorCode, "Invalid " + name + " in tradeParams: longer than "
                    + BoundedDecimal.MAX_TEXT_LENGTH + " characters");
        }
        return BoundedDecimal.parse(text, name + " in tradeParams", errorCode);
    }

    private static ExchangeError notPairs() {
        return ExchangeError.invalidArguments("tradeParams must be a JSON array of [price, amount] pairs");
    }

    private static ExchangeError count() {
        return ExchangeError.invalidArguments("tradeParams must hold 1.." + MAX_PAIRS + " [price, amount] pairs");
    }
}
