package com.camelexchange.client.internal.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;

import java.io.IOException;
import java.time.Instant;

/**
 * Times as the exchange sends them: a whole number (JSON number or string) of epoch seconds in some
 * fields and of epoch milliseconds in others. Each field names its unit with
 * {@code @JsonDeserialize(using = EpochTime.Seconds.class)} or {@code EpochTime.Millis}. A time that cannot be true
 * (before 2000, or more than a day ahead of this machine's clock: milliseconds sent where seconds are due land
 * thousands of years ahead) is refused like any value out of bounds ({@link ReplyFields#dateProblem}).
 */
abstract class EpochTime extends StdScalarDeserializer<Instant> {
    /** Seconds and milliseconds both fit in a long without overflow once bounded to this many digits. */
    private static final long MAX_SECONDS = Long.MAX_VALUE / 1000;

    EpochTime() {
        super(Instant.class);
    }

    /** The value in epoch milliseconds; {@code Long.MIN_VALUE} when it lies beyond what a long holds. */
    abstract long millis(long value);

    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        long value = WholeNumber.read(p, ctxt, Long.class);
        long millis = millis(value);
        String problem = millis == Long.MIN_VALUE ? "too far ahead" : ReplyFields.dateProblem(millis);
        if (problem != null) {
            return (Instant) ctxt.reportInputMismatch(Instant.class, "%d is not a time the exchange can mean (%s)",
                    value, problem);
        }
        return Instant.ofEpochMilli(millis);
    }

    /** Epoch seconds: depth {@code timestamp}, trade {@code date}. */
    static final class Seconds extends EpochTime {
        @Override
        long millis(long value) {
            return Math.abs(value) > MAX_SECONDS ? Long.MIN_VALUE : value * 1000;
        }
    }

    /** Epoch milliseconds: ticker {@code date}, K-line times, order and withdrawal times. */
    static final class Millis extends EpochTime {
        @Override
        long millis(long value) {
            return value;
        }
    }
}
