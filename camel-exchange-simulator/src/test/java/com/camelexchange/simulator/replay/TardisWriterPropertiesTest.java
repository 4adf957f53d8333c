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
import net.jqwik.api.constraints.Size;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Events written as Tardis CSV and read back are the events written: trades and books of two markets over days,
 * gzipped or not, one file per type, symbol and day, merged back into the order they were written in; and written on
 * as a recording of ours, the same events again.
 */
class TardisWriterPropertiesTest {
    private static final Instant T0 = Instant.parse("2024-01-01T23:59:00Z");
    private static final List<MarketSpec> MARKETS = List.of(
            new MarketSpec("btc_usdt", 2, 4, new BigDecimal("0.0001"), BigDecimal.ONE, BigDecimal.ZERO),
            new MarketSpec("eth_usdt", 2, 3, new BigDecimal("0.001"), BigDecimal.ZERO, BigDecimal.ZERO));

    /** An event's kind and values; its time is given when the list is made. */
    private interface Draft {
        MarketEvent at(Instant at);
    }

    @Property(tries = 60)
    void eventsWrittenAsTardisCsvReadBackAsTheSameEvents(@ForAll("drafts") @Size(max = 40) List<Draft> drafts,
                                                        @ForAll("gaps") @Size(max = 40) List<Long> gaps,
                                                        @ForAll boolean gzip) throws IOException {
        List<MarketEvent> events = new ArrayList<>();
        events.add(new MarketEvent.Markets(T0, MARKETS));
        Instant at = T0;
        for (int i = 0; i < drafts.size(); i++) {
            at = at.plusMillis(i < gaps.size() ? gaps.get(i) : 1);
            events.add(drafts.get(i).at(at));
        }
        Path dir = Files.createTempDirectory("tardis-property");
        try {
            TardisWriter.Written written = TardisWriter.write(new ListSource(events), dir.resolve("out"),
                    new TardisWriter.Options("camel-exchange", 5, false, gzip));

            List<MarketEvent> read = drafts.isEmpty() ? List.of() : TardisReaderTest.readAll(dir.resolve("out"),
                    written.replayMarkets());

            if (!drafts.isEmpty()) {
                assertThat(((MarketEvent.Markets) read.get(0)).markets()).containsExactlyElementsOf(MARKETS);
                List<MarketEvent> rows = read.subList(1, read.size());
                // Two rows of one time in two files: the second is written a microsecond later, so the merge keeps
                // their order. Within the millisecond of the recording's time, whose times are whole milliseconds.
                assertThat(rows.stream().map(TardisWriterPropertiesTest::toMillis).toList())
                        .containsExactlyElementsOf(events.subList(1, events.size()));
                assertThat(rows).isSortedAccordingTo(Comparator.comparing(MarketEvent::at));
                // And on to a recording of ours again: the same events as read from the files.
                Path again = dir.resolve("again.jsonl");
                assertThat(TardisReader.writeRecording(dir.resolve("out"), TardisMarkets.parse(written.replayMarkets()),
                        again)).isEqualTo(drafts.size());
                List<MarketEvent> recorded = new ArrayList<>();
                try (RecordingReader reader = RecordingReader.open(again)) {
                    MarketEvent event;
                    while ((event = reader.next()) != null) {
                        recorded.add(event);
                    }
                }
                assertThat(recorded).containsExactlyElementsOf(read);
            }
            assertThat(written.trades() + written.books()).isEqualTo(drafts.size());
        } finally {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static MarketEvent toMillis(MarketEvent event) {
        Instant at = event.at().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        if (event instanceof MarketEvent.Trade t) {
            return new MarketEvent.Trade(at, t.market(), t.tid(), t.date(), t.price(), t.amount(), t.takerSide());
        }
        MarketEvent.Depth d = (MarketEvent.Depth) event;
        return new MarketEvent.Depth(at, d.market(), d.asks(), d.bids(), d.timestamp());
    }

    @Provide
    Arbitrary<List<Long>> gaps() {
        // 0 puts two rows at one time: the writer moves the second a microsecond, and the order holds.
        return Arbitraries.longs().between(0, 40_000).edgeCases(e -> e.add(0L)).list();
    }

    @Provide
    Arbitrary<List<Draft>> drafts() {
        Arbitrary<String> market = Arbitraries.of("btc_usdt", "eth_usdt");
        Arbitrary<BigDecimal> price = Arbitraries.bigDecimals().between(new BigDecimal("0.01"),
                new BigDecimal("99999.99")).ofScale(2);
        Arbitrary<BigDecimal> amount = Arbitraries.bigDecimals().between(new BigDecimal("0.001"),
                new BigDecimal("50")).ofScale(3);
        Arbitrary<PriceLevel> level = Combinators.combine(price, amount).as(PriceLevel::new);
        Arbitrary<Draft> trade = Combinators.combine(market, Arbitraries.longs().between(0, Long.MAX_VALUE / 10),
                price, amount, Arbitraries.of(Side.BUY, Side.SELL).injectNull(0.2),
                Arbitraries.longs().between(0, 5_000)).as((m, tid, p, a, side, earlier) ->
                at -> new MarketEvent.Trade(at, m, tid, at.minusMillis(earlier), p, a, side));
        Arbitrary<Draft> book = Combinators.combine(market, level.list().ofMaxSize(5), level.list().ofMaxSize(5),
                Arbitraries.longs().between(0, 5_000)).as((m, asks, bids, earlier) ->
                at -> new MarketEvent.Depth(at, m, asks, bids, at.minusMillis(earlier)));
        return Arbitraries.oneOf(trade, book).list();
    }

    /** Events from a list, as a source. */
    private static final class ListSource implements MarketEventSource {
        private final List<MarketEvent> events;
        private int next;

        ListSource(List<MarketEvent> events) {
            this.events = events;
        }

        @Override
        public MarketEvent next() {
            return next < events.size() ? events.get(next++) : null;
        }

        @Override
        public long position() {
            return next;
        }

        @Override
        public String where(long position) {
            return "event " + position;
        }

        @Override
        public void close() {
        }
    }
}
