package com.camelexchange.component.request;

import com.camelexchange.client.Decimals;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import org.apache.camel.Message;

import java.math.BigDecimal;

/**
 * Reads parameter headers strictly: numbers may be given as numbers or as text, and a value that is
 * neither is refused with the header's name rather than silently ignored. Without a message (options
 * only) every header is absent.
 */
final class MessageValues {
    private final Message message;

    MessageValues(Message message) {
        this.message = message;
    }

    Message message() {
        return message;
    }

    String text(String header) {
        Object value = message == null ? null : message.getHeader(header);
        return value == null ? null : value.toString();
    }

    Integer integer(String header) {
        Long value = whole(header);
        if (value != null && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
            throw new ExchangeValidationException("header " + header, value + " is out of range");
        }
        return value == null ? null : value.intValue();
    }

    Long whole(String header) {
        BigDecimal value = decimal(header);
        if (value == null) {
            return null;
        }
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw new ExchangeValidationException("header " + header, "'" + Echo.of(value)
                    + "' is not a whole number in range");
        }
    }

    BigDecimal decimal(String header) {
        return Decimals.of("header " + header, message == null ? null : message.getHeader(header));
    }
}
