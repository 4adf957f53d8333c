package com.camelexchange.simulator.replay;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The times of a recording read without the formatter: what {@link Instant#toString()} writes for years 0000-9999 is
 * read to the instant {@link Instant#parse} gives; any other text, valid or not, is left to {@link Instant#parse}.
 */
class IsoInstantsTest {
    @Test
    void theWritersShapeReadsAsInstantParseReadsIt() {
        List<String> texts = List.of(
                "2026-11-25T08:00:00Z", "2026-11-25T08:00:00.123Z", "2026-11-25T08:00:00.123456Z",
                "2026-11-25T08:00:00.123456789Z", "2024-02-29T12:00:00Z", "2000-02-29T00:00:00Z",
                "2400-02-29T23:59:59.999999999Z", "2026-12-31T23:59:59Z", "2026-01-01T00:00:00Z",
                "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "0000-01-01T00:00:00Z", "0001-02-28T01:02:03Z",
                "9999-12-31T23:59:59.999999999Z",
                "2026-04-30T10:20:30Z", "2026-06-30T00:00:00Z", "2026-09-30T00:00:00Z", "2026-11-30T00:00:00Z",
                "2026-01-31T00:00:00Z", "2026-03-31T00:00:00Z", "2026-05-31T00:00:00Z", "2026-07-31T00:00:00Z",
                "2026-08-31T00:00:00Z", "2026-10-31T00:00:00Z", "2026-12-31T00:00:00Z", "2023-02-28T00:00:00Z");
        for (String text : texts) {
            assertThat(IsoInstants.writersShape(text)).as(text).isEqualTo(Instant.parse(text));
        }
        // Fractions of every length, 1 to 9 digits, which Instant.parse also reads though toString() writes 3, 6 or 9.
        for (int digits = 1; digits <= 9; digits++) {
            String text = "2026-11-25T08:00:00." + "987654321".substring(0, digits) + "Z";
            assertThat(IsoInstants.writersShape(text)).as(text).isEqualTo(Instant.parse(text));
            String zeros = "2026-11-25T08:00:00." + "0".repeat(digits - 1) + "1Z";
            assertThat(IsoInstants.writersShape(zeros)).as(zeros).isEqualTo(Instant.parse(zeros));
        }
    }

    @Test
    void everyInstantWrittenReadsBackEqual() {
        SplittableRandom random = new SplittableRandom(20261125);
        long first = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
        long last = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 200_000; i++) {
            long seconds = random.nextLong(first, last + 1);
            // Whole seconds, milliseconds, microseconds and nanoseconds: toString() writes 0, 3, 6 or 9 digits.
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(seconds, nanos);
            assertThat(IsoInstants.writersShape(instant.toString())).as(instant.toString()).isEqualTo(instant);
        }
    }

    @Test
    void anyOtherTextIsLeftToInstantParse() {
        List<String> invalid = List.of(
                "2026-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2100-02-29T00:00:00Z",
                "2026-04-31T00:00:00Z", "2026-06-31T00:00:00Z", "2026-09-31T00:00:00Z", "2026-11-31T00:00:00Z",
                "2026-01-32T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-01-00T00:00:00Z",
                "2026-11-25T24:00:01Z", "2026-11-25T25:00:00Z", "2026-11-25T08:60:00Z", "2026-11-25T08:00:61Z",
                "2026-11-25T08:00:00.1234567890Z", "2026-11-25T08:00:00.12a4Z", "2026-11-25T08:0a:00Z",
                "2026-11-25 08:00:00Z", "2026-11-25T08:00:00", "2026-11-25T08:00Z", "26-11-25T08:00:00Z",
                "2026/11/25T08:00:00Z", "2026-11-25T08-00-00Z", "2026-11-25T08:00:00,123Z",
                "２０２６-11-25T08:00:00Z",
                "2026-11-25T08:00:00.+1Z", "2026-1-25T08:00:00Z", "", "yesterday");
        // Valid for Instant.parse, but not what toString() writes: read by it, not here.
        List<String> validElsewhere = List.of(
                "2026-11-25T24:00:00Z", "2026-12-31T23:59:60Z", "2026-11-25t08:00:00z", "2026-11-25T08:00:00+01:00",
                "+10000-01-01T00:00:00Z", "-0001-01-01T00:00:00Z", "-2026-11-25T08:00:00Z", "2026-11-25T08:00:00.Z");
        for (String text : invalid) {
            assertThat(IsoInstants.writersShape(text)).as(text).isNull();
            assertThatThrownBy(() -> Instant.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
            assertThatThrownBy(() -> IsoInstants.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
        }
        for (String text : validElsewhere) {
            assertThat(IsoInstants.writersShape(text)).as(text).isNull();
            sameAsInstantParse(text);
        }
    }

    /** {@link IsoInstants#parse} gives what {@link Instant#parse} gives, an instant or a refusal. */
    private static void sameAsInstantParse(String text) {
        Instant expected;
        try {
            expected = Instant.parse(text);
        } catch (DateTimeParseException e) {
            assertThatThrownBy(() -> IsoInstants.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
            return;
        }
        assertThat(IsoInstants.parse(text)).as(text).isEqualTo(expected);
    }
}
