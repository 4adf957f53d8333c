package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Tardis.dev CSV read as a backtest's events: the vendor's documented samples, gzipped or not, several files merged. */
class TardisReaderTest {
    static final String TRADES = "exchange,symbol,timestamp,local_timestamp,id,side,price,amount";
    static final String QUOTES = "exchange,symbol,timestamp,local_timestamp,ask_amount,ask_price,bid_price,bid_amount";

    @TempDir
    Path dir;

    @Test
    void theVendorsTradesSampleIsATradeAtItsArrivalTimeNumberedForItsUuid() throws Exception {
        Path file = sample("bitmex_trades_2020-04-01_XBTUSD.csv");
        List<MarketEvent> events = readAll(file, "XBTUSD=xbt_usd:1:0");

        assertThat(events.get(0)).isEqualTo(new MarketEvent.Markets(micros(1585699203089980L),
                List.of(new MarketSpec("xbt_usd", 1, 0, BigDecimal.ONE, BigDecimal.ZERO, BigDecimal.ZERO))));
        assertThat(events.get(1)).as("local_timestamp is when it arrived, timestamp the exchange's time; a UUID id"
                + " is numbered").isEqualTo(new MarketEvent.Trade(micros(1585699203089980L), "xbt_usd", 1,
                micros(1585699202957000L), new BigDecimal("6425.5"), new BigDecimal("12"), Side.BUY));
        assertThat(events).hasSize(2);
    }

    @Test
    void theVendorsQuotesSampleIsABookOfOneLevelASide() throws Exception {
        List<MarketEvent> events = readAll(sample("huobi-dm-swap_quotes_2020-04-01_BTC-USD.csv"),
                "BTC-USD=btc_usd:1:0");

        assertThat(events.get(1)).isEqualTo(new MarketEvent.Depth(micros(1585699201270777L), "btc_usd",
                List.of(level("6423", "86")), List.of(level("6422.9", "112")), micros(1585699201147000L)));
    }

    @Test
    void aBookSnapshotGivesItsLevelsBestFirstAndLeavesOutTheEmptyOnes() throws Exception {
        List<MarketEvent> events = readAll(sample("binance_book_snapshot_5_2024-01-01_BTCUSDT.csv"),
                "BTCUSDT=btc_usdt:2:3");

        MarketEvent.Depth first = (MarketEvent.Depth) events.get(1);
        assertThat(first.asks()).hasSize(5).startsWith(level("42283.59", "0.25"), level("42283.60", "0.003"));
        assertThat(first.bids()).hasSize(5).endsWith(level("42282.99", "0.07"));
        MarketEvent.Depth second = (MarketEvent.Depth) events.get(2);
        assertThat(second.asks()).hasSize(5);
        assertThat(second.bids()).as("two bids; the three empty levels are none")
                .containsExactly(level("42283.58", "1.7"), level("42283.57", "0.1"));
        assertThat(second.at()).isEqualTo(micros(1704067200110002L));
    }

    @Test
    void scalesLeftOutAreTheMostDecimalsSeenAndTheMinimumsOneStepAndZero() throws Exception {
        List<MarketEvent> events = readAll(sample("binance_book_snapshot_5_2024-01-01_BTCUSDT.csv"),
                "BTCUSDT=btc_usdt");

        assertThat(((MarketEvent.Markets) events.get(0)).markets()).containsExactly(new MarketSpec("btc_usdt", 2, 3,
                new BigDecimal("0.001"), BigDecimal.ZERO, BigDecimal.ZERO));
    }

    @Test
    void aGzippedFileReadsAsThePlainOne() throws Exception {
        Path plain = sample("binance_book_snapshot_5_2024-01-01_BTCUSDT.csv");
        Path gzipped = dir.resolve("gz").resolve(plain.getFileName() + ".gz");
        Files.createDirectories(gzipped.getParent());
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzipped))) {
            Files.copy(plain, out);
        }

        assertThat(readAll(gzipped, "BTCUSDT=btc_usdt:2:3")).isEqualTo(readAll(plain, "BTCUSDT=btc_usdt:2:3"))
                .hasSize(3);
    }

    @Test
    void theFilesOfSeveralDaysTypesAndSymbolsMergeInArrivalOrderTheFirstByNameFirstOnATie() throws Exception {
        Path history = Files.createDirectories(dir.resolve("history"));
        write(history.resolve("x_trades_2024-01-02_BTCUSDT.csv"), TRADES,
                "x,BTCUSDT,1,1704153600000005,3,sell,100,1", "x,BTCUSDT,1,1704153600000009,4,buy,100,1");
        write(history.resolve("x_trades_2024-01-01_BTCUSDT.csv"), TRADES,
                "x,BTCUSDT,1,1704067200000001,1,buy,100,1", "x,BTCUSDT,1,1704067200000007,2,buy,100,1");
        write(history.resolve("x_quotes_2024-01-01_ETHUSDT.csv.gz"), QUOTES,
                "x,ETHUSDT,1,1704067200000001,1,10,9,1", "x,ETHUSDT,1,1704067200000008,1,10,9,1");
        write(history.resolve("x_quotes_2024-01-02_ETHUSDT.csv.gz"), QUOTES,
                "x,ETHUSDT,1,1704153600000005,1,10,9,1");
        Files.writeString(history.resolve("notes.txt"), "not read");

        List<String> order = new ArrayList<>();
        try (TardisReader reader = TardisReader.open(history, TardisMarkets.parse("BTCUSDT=btc_usdt:0:0,"
                                                                                  + "ETHUSDT=eth_usdt:0:0"))) {
            assertThat(reader.files()).hasSize(4);
            MarketEvent event;
            while ((event = reader.next()) != null) {
                if (!(event instanceof MarketEvent.Markets)) {
                    order.add(event.market() + "@" + event.at().getNano() / 1000 + " " + reader.where(
                            reader.position()).replace(history + "/", ""));
                }
            }
        }
        assertThat(order).containsExactly(
                "eth_usdt@1 line 2 of x_quotes_2024-01-01_ETHUSDT.csv.gz",
                "btc_usdt@1 line 2 of x_trades_2024-01-01_BTCUSDT.csv",
                "btc_usdt@7 line 3 of x_trades_2024-01-01_BTCUSDT.csv",
                "eth_usdt@8 line 3 of x_quotes_2024-01-01_ETHUSDT.csv.gz",
                "eth_usdt@5 line 2 of x_quotes_2024-01-02_ETHUSDT.csv.gz",
                "btc_usdt@5 line 2 of x_trades_2024-01-02_BTCUSDT.csv",
                "btc_usdt@9 line 3 of x_trades_2024-01-02_BTCUSDT.csv");
    }

    /** The vendor serves an empty gzip for a day without data; a file may come with Windows line ends. */
    @Test
    void anEmptyDayIsNoRowsAndWindowsLineEndsReadAsUnixOnes() throws Exception {
        Path history = Files.createDirectories(dir.resolve("empty-day"));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(
                history.resolve("x_trades_2024-01-01_BTCUSDT.csv.gz")))) {
            out.flush();
        }
        Files.writeString(history.resolve("x_trades_2024-01-02_BTCUSDT.csv"), TRADES + "\r\n"
                + "x,BTCUSDT,1,1704153600000005,3,sell,100.5,1\r\n");

        List<MarketEvent> events = readAll(history, "BTCUSDT=btc_usdt");

        assertThat(events).hasSize(2);
        assertThat(((MarketEvent.Trade) events.get(1)).amount()).isEqualByComparingTo("1");
        assertThat(((MarketEvent.Markets) events.get(0)).markets().get(0).priceScale()).isEqualTo(1);
    }

    @Test
    void aGlobPicksItsFilesAndAPathThatNamesNoneIsRefused() throws Exception {
        Path history = Files.createDirectories(dir.resolve("glob"));
        write(history.resolve("x_trades_2024-01-01_BTCUSDT.csv"), TRADES, "x,BTCUSDT,1,1,1,buy,100,1");
        write(history.resolve("x_trades_2024-01-01_ETHUSDT.csv"), TRADES, "x,ETHUSDT,1,1,1,buy,100,1");

        assertThat(TardisReader.isTardis(history.resolve("x_trades_*_BTCUSDT.csv"))).isTrue();
        assertThat(TardisReader.files(history.resolve("x_trades_*_BTCUSDT.csv")))
                .containsExactly(history.resolve("x_trades_2024-01-01_BTCUSDT.csv"));
        assertThatThrownBy(() -> TardisReader.files(history.resolve("y_*.csv"))).isInstanceOf(IOException.class)
                .hasMessageContaining("No Tardis CSV file");
        assertThat(TardisReader.isTardis(dir.resolve("recording.jsonl"))).isFalse();
    }

    @Test
    void aMappingThatIsNotOneIsRefusedSayingHowOneLooks() {
        assertThatThrownBy(() -> TardisMarkets.parse(null)).hasMessageContaining("BTCUSDT=btc_usdt");
        assertThatThrownBy(() -> TardisMarkets.parse("BTCUSDT")).hasMessageContaining("SYMBOL=market");
        assertThatThrownBy(() -> TardisMarkets.parse("BTCUSDT=btcusdt")).hasMessageContaining("btc_usdt");
        assertThatThrownBy(() -> TardisMarkets.parse("BTCUSDT=btc_usdt:2:31")).hasMessageContaining("0..30");
        assertThatThrownBy(() -> TardisMarkets.parse("BTCUSDT=btc_usdt:2:3:-1:0")).hasMessageContaining("at least 0");
        assertThatThrownBy(() -> TardisMarkets.parse("A=a_b,A=c_d")).hasMessageContaining("twice");
        assertThatThrownBy(() -> TardisMarkets.parse("A=a_b,B=a_b")).hasMessageContaining("two symbols");
    }

    static List<MarketEvent> readAll(Path path, String mapping) throws IOException {
        List<MarketEvent> out = new ArrayList<>();
        try (TardisReader reader = TardisReader.open(path, TardisMarkets.parse(mapping))) {
            MarketEvent event;
            while ((event = reader.next()) != null) {
                out.add(event);
            }
        }
        return out;
    }

    /** A copy of a sample of the test resources, alone in a directory of its own. */
    private Path sample(String name) throws IOException {
        Path copy = Files.createDirectories(dir.resolve("samples")).resolve(name);
        try (InputStream in = TardisReaderTest.class.getResourceAsStream("/tardis/" + name)) {
            Files.copy(in, copy);
        }
        return copy;
    }

    /** A CSV file of these lines, gzipped when its name ends in .gz. */
    static void write(Path file, String... lines) throws IOException {
        byte[] text = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = file.toString().endsWith(".gz") ? new GZIPOutputStream(Files.newOutputStream(file))
                : Files.newOutputStream(file)) {
            out.write(text);
        }
    }

    static Instant micros(long micros) {
        return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1_000);
    }

    private static PriceLevel level(String price, String amount) {
        return new PriceLevel(new BigDecimal(price), new BigDecimal(amount));
    }
}
