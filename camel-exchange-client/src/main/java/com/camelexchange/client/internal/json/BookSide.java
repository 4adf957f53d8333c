package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.PriceLevel;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One side of a book, {@code [[price, amount], ...]}, read best first whatever order the exchange sent it
 * in: the exchange lists asks descending (best last) and bids descending (best first).
 */
abstract class BookSide extends StdDeserializer<List<PriceLevel>> {
    /** A depth has at most 50 levels a side: room for them without growing. */
    private static final int LEVELS = 50;
    private static final PriceLevelDeserializer LEVEL = new PriceLevelDeserializer();

    private final Comparator<PriceLevel> bestFirst;

    BookSide(Comparator<PriceLevel> bestFirst) {
        super(List.class);
        this.bestFirst = bestFirst;
    }

    @Override
    public List<PriceLevel> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartArrayToken()) {
            @SuppressWarnings("unchecked")
            List<PriceLevel> none = (List<PriceLevel>) ctxt.handleUnexpectedToken(List.class, p);
            return none;
        }
        List<PriceLevel> levels = new ArrayList<>(LEVELS);
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            levels.add(LEVEL.deserialize(p, ctxt));
        }
        levels.sort(bestFirst);
        return levels;
    }

    /** Asks: lowest price first. */
    static final class Asks extends BookSide {
        Asks() {
            super(Comparator.comparing(PriceLevel::price));
        }
    }

    /** Bids: highest price first. */
    static final class Bids extends BookSide {
        Bids() {
            super(Comparator.comparing(PriceLevel::price).reversed());
        }
    }
}
