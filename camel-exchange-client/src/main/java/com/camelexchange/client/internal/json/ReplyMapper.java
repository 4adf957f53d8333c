package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.PriceLevel;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;

import java.math.BigDecimal;

/**
 * The one Jackson configuration replies and pushes are read with, apart from the readers of each shape: the
 * deserializers that bound every value, and the parser's own limits set to what the exchange can send.
 */
final class ReplyMapper {
    /** Replies are a few levels deep: a record nested deeper than this is refused, and a whole reply so nested. */
    static final int MAX_NESTING = 200;

    private ReplyMapper() {
    }

    static JsonMapper create() {
        JsonMapper mapper = JsonMapper.builder()
                .addModule(new SimpleModule("exchange-replies")
                        .addDeserializer(BigDecimal.class, new DecimalDeserializer())
                        .addDeserializer(Long.class, WholeNumber.longs())
                        .addDeserializer(long.class, WholeNumber.longs())
                        .addDeserializer(Integer.class, WholeNumber.ints())
                        .addDeserializer(int.class, WholeNumber.ints())
                        .addDeserializer(PriceLevel.class, new PriceLevelDeserializer())
                        .addDeserializer(Candle.class, new CandleDeserializer())
                        .addDeserializer(Records.class, new RecordsDeserializer())
                        .addDeserializer(KeyedRecords.class, new KeyedRecordsDeserializer()))
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                // NaN and Infinity are read as the text they are, so that the record holding one is refused by its
                // bounds (no decimal) rather than the whole reply by the tokenizer.
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .build();
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        // A number is kept as text until a field's own reader bounds it, so its length needs no limit here (the
        // reply's is maxReplySize): a record with a number of a million digits is refused, not the reply. Nesting
        // past what any reply has is refused whole.
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNumberLength(Integer.MAX_VALUE).maxNestingDepth(MAX_NESTING).build());
        return mapper;
    }
}
