package com.camelexchange.client.model;

import com.camelexchange.client.model.json.DecimalBounds;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;

/**
 * The {@code toString} of the models that hold decimals: a record's usual text ({@code Name[a=1, b=2]}) with each
 * decimal in plain notation, so that a zero balance of eight decimals prints {@code 0.00000000}, not {@code 0E-8}.
 * Only the text for people changes; the JSON of the models is written by {@code DecimalJson}.
 */
final class PlainText {
    private PlainText() {
    }

    static String of(Record record) {
        RecordComponent[] components = record.getClass().getRecordComponents();
        StringBuilder text = new StringBuilder(record.getClass().getSimpleName()).append('[');
        for (int i = 0; i < components.length; i++) {
            if (i > 0) {
                text.append(", ");
            }
            text.append(components[i].getName()).append('=').append(plain(value(record, components[i])));
        }
        return text.append(']').toString();
    }

    /** A decimal in plain notation when that is short; one out of bounds (built in Java) as {@code toString}. */
    static String plain(Object value) {
        if (value instanceof BigDecimal decimal) {
            return DecimalBounds.withinBounds(decimal) ? decimal.toPlainString() : decimal.toString();
        }
        return String.valueOf(value);
    }

    private static Object value(Record record, RecordComponent component) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            return "?";
        }
    }
}
