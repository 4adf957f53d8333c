package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsCoverage;
import net.jqwik.api.statistics.StatisticsReport;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The recording reader on generated recordings: good lines of every kind mixed with hostile ones (nesting to any
 * depth, a value of every JSON type in every field, a byte that is not UTF-8 anywhere, a key given twice, a line cut
 * at any offset, strings far beyond any bound) and lines the format skips (blank ones, kinds this version does not
 * know). The rule the guide states: a line that cannot be read stops the reading at that line, naming it, after every
 * line before it was given, in order and as written; a skipped line changes nothing. Each property runs the default
 * tries of {@code junit-platform.properties} from a fixed seed; {@code -Djqwik.tries.default=N} runs more.
 */
class RecordingReaderPropertiesTest {
    private static final String BTC = "btc_usdt";
    private static final Instant T0 = Instant.parse("2026-11-25T08:00:00Z");

    /** What the reader must do with a line. */
    enum Expect { READ, SKIPPED, REFUSED }

    /** One line's bytes, what the reader must do with it, and for a good line the event it holds. */
    record Line(byte[] bytes, Expect expect, MarketEvent event, String what) {
        static Line good(MarketEvent event) {
            return new Line(RecordingFormat.line(event).getBytes(StandardCharsets.UTF_8), Expect.READ, event, "good");
        }

        static Line refused(String text, String what) {
            return new Line(text.getBytes(StandardCharsets.UTF_8), Expect.REFUSED, null, what);
        }

        @Override
        public String toString() {
            String text = new String(bytes, 0, Math.min(bytes.length, 160), StandardCharsets.ISO_8859_1);
            return expect + " " + what + " (" + bytes.length + " bytes): " + text;
        }
    }

    // The coverage below is checked in every build; its table is not printed, to keep a green build's output quiet.
    @Property(seed = "20261129")
    @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
    void aBadLineStopsTheReadingAtItsLineAfterEveryGoodLineBeforeIt(@ForAll("recordings") List<Line> lines)
            throws IOException {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.write(RecordingFormat.line(new MarketEvent.Markets(T0, List.of(new MarketSpec(BTC, 2, 4,
                new BigDecimal("0.0001"), BigDecimal.ONE, BigDecimal.ZERO)))).getBytes(StandardCharsets.UTF_8));
        for (Line line : lines) {
            file.write('\n');
            file.write(line.bytes());
        }
        List<String> expected = new ArrayList<>();
        long stopsAt = 0;
        String stop = "end";
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            if (line.expect() == Expect.REFUSED) {
                stopsAt = i + 2;
                stop = kind(line.what());
                break;
            }
            if (line.expect() == Expect.READ) {
                expected.add(RecordingFormat.line(line.event()));
            }
        }

        List<String> read = new ArrayList<>();
        try (RecordingReader reader = new RecordingReader(new ByteArrayInputStream(file.toByteArray()))) {
            assertThat(reader.next()).isInstanceOf(MarketEvent.Markets.class);
            try {
                for (MarketEvent event = reader.next(); event != null; event = reader.next()) {
                    read.add(RecordingFormat.line(event));
                }
                assertThat(stopsAt).as("no line refused, where line %d should have been", stopsAt).isZero();
            } catch (RecordingFormatException refused) {
                assertThat(refused.line()).as(refused.getMessage()).isEqualTo(stopsAt);
                assertThat(reader.lineNumber()).isEqualTo(stopsAt);
                assertThat(refused.getMessage()).startsWith("Recording line " + stopsAt + ": ").hasSizeLessThan(1000);
            } catch (RuntimeException other) {
                fail("line " + stopsAt + " refused with something else than its line's error", other);
            }
        }
        assertThat(read).as("every good line before it, in order, as written").isEqualTo(expected);
        Statistics.label("stopped by").collect(stop);
        Statistics.label("stopped by").coverage(this::everyKindOfBadLineStopsSome);
    }

    /** So that the property proves something of each: every kind of hostile line stops some recordings. */
    private void everyKindOfBadLineStopsSome(StatisticsCoverage coverage) {
        coverage.check("end").count(n -> n >= 20);
        for (String kind : List.of("nested", "wrong type", "not UTF-8", "duplicate key", "cut", "huge")) {
            coverage.check(kind).count(n -> n >= 3);
        }
    }

    /** The kind of a hostile line, from what it says it is. */
    private static String kind(String what) {
        if (what.endsWith(" twice")) {
            return "duplicate key";
        }
        if (what.contains(" = ")) {
            return "wrong type";
        }
        return List.of("nested", "not UTF-8", "cut", "huge").stream().filter(what::startsWith).findFirst()
                .orElse(what);
    }

    @Provide
    Arbitrary<List<Line>> recordings() {
        Arbitrary<Line> good = Arbitraries.oneOf(trades(), depths(), tickers()).map(Line::good);
        Arbitrary<Line> hostile = Arbitraries.oneOf(nested(), wrongTypes(), notUtf8(), duplicateKeys(), cut(),
                huge());
        Arbitrary<Line> skipped = Arbitraries.oneOf(
                Arbitraries.of("", " ", "\t", "\r").map(t -> new Line(t.getBytes(StandardCharsets.UTF_8),
                        Expect.SKIPPED, null, "blank")),
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(3).ofMaxLength(20)
                        .filter(k -> MarketEvent.Kind.fromWire(k) == null)
                        .map(k -> new Line(("{\"at\":\"" + T0 + "\",\"kind\":\"" + k + "\",\"data\":{}}")
                                .getBytes(StandardCharsets.UTF_8), Expect.SKIPPED, null, "unknown kind")));
        Arbitrary<Line> any = Arbitraries.frequencyOf(Tuple.of(12, good), Tuple.of(2, skipped), Tuple.of(2, hostile));
        return any.list().ofMinSize(0).ofMaxSize(40);
    }

    // ---------------------------------------------------------------- good lines

    private static Arbitrary<Instant> times() {
        return Arbitraries.longs().between(0, 86_400_000L).map(T0::plusMillis);
    }

    private static Arbitrary<BigDecimal> decimals() {
        return Combinators.combine(Arbitraries.longs().between(1, 10_000_000_000L), Arbitraries.integers().between(0, 8))
                .as(BigDecimal::valueOf);
    }

    private static Arbitrary<MarketEvent> trades() {
        return Combinators.combine(times(), Arbitraries.longs().between(1, 1L << 53), times(), decimals(), decimals(),
                        Arbitraries.of(Side.BUY, Side.SELL).injectNull(0.2))
                .as((at, tid, date, price, amount, side) -> new MarketEvent.Trade(at, BTC, tid, date, price, amount,
                        side));
    }

    private static Arbitrary<MarketEvent> depths() {
        Arbitrary<List<PriceLevel>> side = Combinators.combine(decimals(), decimals()).as(PriceLevel::new)
                .list().ofMaxSize(5);
        return Combinators.combine(times(), side, side, times())
                .as((at, asks, bids, stamp) -> new MarketEvent.Depth(at, BTC, asks, bids, stamp));
    }

    private static Arbitrary<MarketEvent> tickers() {
        return Combinators.combine(times(), decimals(), decimals(), decimals(), decimals(), decimals(),
                        times().injectNull(0.2))
                .as((at, a, b, c, d, e, date) -> new MarketEvent.Ticker(at, BTC, a, b, c, d, e, a, date));
    }

    // ---------------------------------------------------------------- hostile lines

    /** A trade line's fields as raw JSON, in the writer's order: the data's fields under "data.". */
    private static Map<String, String> tradeFields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("at", "\"" + T0 + "\"");
        fields.put("kind", "\"trade\"");
        fields.put("market", "\"" + BTC + "\"");
        fields.put("data.market", "\"" + BTC + "\"");
        fields.put("data.tid", "7001");
        fields.put("data.date", "\"" + T0 + "\"");
        fields.put("data.price", "\"60000.10\"");
        fields.put("data.amount", "\"0.0100\"");
        fields.put("data.takerSide", "\"BUY\"");
        return fields;
    }

    /** The line of {@code fields}, the one named {@code twice} written twice. */
    private static String tradeLine(Map<String, String> fields, String twice) {
        StringBuilder top = new StringBuilder("{");
        StringBuilder data = new StringBuilder("{");
        fields.forEach((name, value) -> {
            boolean inData = name.startsWith("data.");
            StringBuilder into = inData ? data : top;
            String key = inData ? name.substring(5) : name;
            int times = name.equals(twice) ? 2 : 1;
            for (int i = 0; i < times; i++) {
                into.append(into.length() > 1 ? "," : "").append('"').append(key).append("\":").append(value);
            }
        });
        String dataValue = fields.getOrDefault("data", data.append('}').toString());
        top.append(",\"data\":").append(dataValue);
        if ("data".equals(twice)) {
            top.append(",\"data\":").append(dataValue);
        }
        return top.append('}').toString();
    }

    private static Arbitrary<String> fieldNames() {
        return Arbitraries.of("at", "kind", "market", "data", "data.market", "data.tid", "data.date", "data.price",
                "data.amount", "data.takerSide");
    }

    /** A value nested {@code depth} deep, of arrays or objects: a type no field takes, however deep. */
    private static Arbitrary<Line> nested() {
        return Combinators.combine(fieldNames(), Arbitraries.integers().between(1, 5000), Arbitraries.of(true, false))
                .as((field, depth, arrays) -> {
                    String value = arrays ? "[".repeat(depth) + "]".repeat(depth)
                            : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
                    Map<String, String> fields = tradeFields();
                    fields.put(field, value);
                    return Line.refused(tradeLine(fields, null), "nested " + depth + " deep in " + field);
                });
    }

    /** Per field, values of JSON types it never takes (a number where text goes, text where a whole number goes...). */
    private static Arbitrary<Line> wrongTypes() {
        Map<String, List<String>> wrong = new LinkedHashMap<>();
        List<String> notText = List.of("5", "-1.5e3", "true", "false", "null", "{}", "[]", "[\"x\"]", "{\"a\":\"b\"}");
        wrong.put("at", notText);
        wrong.put("kind", notText);
        wrong.put("market", notText);
        wrong.put("data", List.of("5", "\"text\"", "true", "null", "[]", "[{}]"));
        wrong.put("data.market", List.of("5", "true", "{}", "[]", "\"eth_usdt\""));
        wrong.put("data.tid", List.of("\"7001\"", "1.5", "true", "null", "{}", "[]", "1e400"));
        wrong.put("data.date", notText);
        wrong.put("data.price", List.of("\"abc\"", "true", "null", "{}", "[]", "\"\""));
        wrong.put("data.amount", List.of("\"1,5\"", "false", "null", "{\"v\":1}", "[1]"));
        wrong.put("data.takerSide", List.of("5", "\"SIDEWAYS\"", "true", "{}", "[]"));
        return Arbitraries.of(new ArrayList<>(wrong.keySet())).flatMap(field -> Arbitraries.of(wrong.get(field))
                .map(value -> {
                    Map<String, String> fields = tradeFields();
                    fields.put(field, value);
                    return Line.refused(tradeLine(fields, null), field + " = " + value);
                }));
    }

    /** A good line with a byte that is never part of UTF-8 text, or a sequence cut short, at any offset. */
    private static Arbitrary<Line> notUtf8() {
        Arbitrary<byte[]> bad = Arbitraries.of(new byte[] {(byte) 0x80}, new byte[] {(byte) 0xbf},
                new byte[] {(byte) 0xc0}, new byte[] {(byte) 0xc1}, new byte[] {(byte) 0xf5}, new byte[] {(byte) 0xff},
                new byte[] {(byte) 0xe2, (byte) 0x82}, new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80});
        return Combinators.combine(trades(), bad, Arbitraries.doubles().between(0, 1)).as((event, bytes, where) -> {
            byte[] line = RecordingFormat.line(event).getBytes(StandardCharsets.UTF_8);
            int at = (int) Math.round(where * line.length);
            byte[] out = new byte[line.length + bytes.length];
            System.arraycopy(line, 0, out, 0, at);
            System.arraycopy(bytes, 0, out, at, bytes.length);
            System.arraycopy(line, at, out, at + bytes.length, line.length - at);
            return new Line(out, Expect.REFUSED, null, "not UTF-8 at byte " + (at + 1));
        });
    }

    private static Arbitrary<Line> duplicateKeys() {
        return fieldNames().map(field -> Line.refused(tradeLine(tradeFields(), field), field + " twice"));
    }

    /** A good line cut at any offset but its end (cut at 0 it is blank, and skipped). */
    private static Arbitrary<Line> cut() {
        return Combinators.combine(Arbitraries.oneOf(trades(), depths(), tickers()), Arbitraries.doubles().between(0, 1))
                .as((event, where) -> {
                    String line = RecordingFormat.line(event);
                    int at = 1 + (int) (where * (line.length() - 2));
                    return Line.refused(line.substring(0, at), "cut at " + at + " of " + line.length());
                });
    }

    /** A text field far beyond its bound, up to a line beyond the longest one read. */
    private static Arbitrary<Line> huge() {
        return Combinators.combine(Arbitraries.of("at", "kind", "market", "data.market", "data.date", "data.price",
                        "data.amount", "data.takerSide"),
                Arbitraries.integers().between(65, RecordingReader.MAX_LINE + 1000).withDistribution(
                        net.jqwik.api.RandomDistribution.biased()))
                .as((field, length) -> {
                    Map<String, String> fields = tradeFields();
                    fields.put(field, "\"" + "9".repeat(length) + "\"");
                    return Line.refused(tradeLine(fields, null), "huge " + length + " characters in " + field);
                });
    }
}
