package com.camelexchange.component;

import com.camelexchange.component.api.ExchangeValidationException;
import org.apache.camel.Message;

import java.math.BigDecimal;

/**
 * Reads parameter headers strictly: numbers may be given as numbers or text, and a value that is neither
 * is refused with the header's name rather than silently ignored.
 */
final class HeaderValues {
    private HeaderValues() {
    }

    static String text(Message message, String header) {
        Object value = message == null ? null : message.getHeader(header);
        return value == null ? null : value.toString();
    }

    static Integer integer(Message message, String header) {
        Long value = whole(message, header);
        if (value != null && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
            throw new ExchangeValidationException("header " + header, "'" + value + "' is out of range");
        }
        return value == null ? null : value.intValue();
    }

    static Long whole(Message message, String header) {
        BigDecimal value = decimal(message, header);
        if (value == null) {
            return null;
        }
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw new ExchangeValidationException("header " + header, "'" + value.toPlainString()
                    + "' is not a whole number in range");
        }
    }

    static BigDecimal decimal(Message message, String header) {
        return ParameterRules.decimal("header " + header, message == null ? null : message.getHeader(header));
    }
}
