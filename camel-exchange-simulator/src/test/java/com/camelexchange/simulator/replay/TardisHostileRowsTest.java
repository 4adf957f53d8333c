package com.camelexchange.simulator.replay;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static com.camelexchange.simulator.replay.TardisReaderTest.TRADES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Rows a Tardis file should never hold, each on line 3 after a good row: the row stops the reading with a
 * {@link TardisFormatException} naming the file, the line and the column, once the good row was given.
 */
class TardisHostileRowsTest {
    private static final String GOOD = "x,BTCUSDT,1704067200000000,1704067200000001,1,buy,42000.5,0.25";

    @TempDir
    Path dir;

    static Stream<Arguments> rows() {
        return Stream.of(
                Arguments.of("a column too few", "x,BTCUSDT,1704067200000000,1704067200000002,2,buy,42000.5", null,
                        "7 columns where the header has 8"),
                Arguments.of("a column too many", GOOD.replace("000001", "000002") + ",1", null, "more than the"),
                Arguments.of("a price that is no number", "x,BTCUSDT,1,1704067200000002,2,buy,4200O.5,0.25", "price",
                        "not a decimal"),
                Arguments.of("too many decimals", "x,BTCUSDT,1,1704067200000002,2,buy,42000.5,0."
                                                  + "0".repeat(30) + "1", "amount", "scale beyond 30"),
                Arguments.of("more decimals than the market's scale", "x,BTCUSDT,1,1704067200000002,2,buy,42000.123,1",
                        "price", "more decimals than the market's scale 2"),
                Arguments.of("a negative amount", "x,BTCUSDT,1,1704067200000002,2,sell,42000.5,-0.25", "amount",
                        "must be above 0"),
                Arguments.of("an exponent of a billion", "x,BTCUSDT,1,1704067200000002,2,sell,42000.5,1E-999999999",
                        "amount", "scale beyond 30"),
                Arguments.of("a time going back", "x,BTCUSDT,1,1704067200000000,2,buy,42000.5,0.25",
                        "local_timestamp", "goes back in time"),
                Arguments.of("a time that is no number", "x,BTCUSDT,1,17040672000000O2,2,buy,42000.5,0.25",
                        "local_timestamp", "not microseconds"),
                Arguments.of("a time of too many digits", "x,BTCUSDT,1,99999999999999999999,2,buy,42000.5,0.25",
                        "local_timestamp", "not microseconds"),
                Arguments.of("a side that is none", "x,BTCUSDT,1,1704067200000002,2,bid,42000.5,0.25", "side",
                        "buy, sell or unknown"),
                Arguments.of("a symbol not mapped", "x,ETHUSDT,1,1704067200000002,2,buy,2000.5,0.25", "symbol",
                        "mapped to no market"),
                Arguments.of("a huge line", "x,BTCUSDT,1,1704067200000002,2,buy,42000.5," + "1".repeat(
                        RecordingReader.MAX_LINE), null, "longer than"),
                Arguments.of("an empty symbol", "x,,1,1704067200000002,2,buy,42000.5,0.25", "symbol", "1 to 64"),
                Arguments.of("an empty exchange", ",BTCUSDT,1,1704067200000002,2,buy,42000.5,0.25", "exchange",
                        "1 to 64"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void aHostileRowIsRefusedAtItsFileLineAndColumnAfterTheRowsBeforeIt(String what, String row, String column,
                                                                       String problem) throws Exception {
        Path file = dir.resolve("x_trades_2024-01-01_BTCUSDT.csv");
        TardisReaderTest.write(file, TRADES, GOOD, row, GOOD.replace("000001", "000009"));

        assertRefusedOnLine3(file, column, problem);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void soInAGzippedFile(String what, String row, String column, String problem) throws Exception {
        Path file = dir.resolve("x_trades_2024-01-01_BTCUSDT.csv.gz");
        TardisReaderTest.write(file, TRADES, GOOD, row);

        assertRefusedOnLine3(file, column, problem);
    }

    @org.junit.jupiter.api.Test
    void bytesThatAreNotUtf8AreRefusedAtTheirLine() throws Exception {
        Path file = dir.resolve("x_trades_2024-01-01_BTCUSDT.csv");
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write((TRADES + "\n" + GOOD + "\nx,BTC").getBytes(StandardCharsets.UTF_8));
            out.write(new byte[]{(byte) 0xFF, (byte) 0xFE});
            out.write("USDT,1,1704067200000002,2,buy,42000.5,0.25\n".getBytes(StandardCharsets.UTF_8));
        }

        assertRefusedOnLine3(file, null, "not UTF-8");
    }

    @org.junit.jupiter.api.Test
    void aHeaderOfAnotherTypeIsRefusedAtLineOne() throws Exception {
        Path file = dir.resolve("x_incremental_book_L2_2024-01-01_BTCUSDT.csv");
        TardisReaderTest.write(file, "exchange,symbol,timestamp,local_timestamp,is_snapshot,side,price,amount",
                "x,BTCUSDT,1,1,true,bid,42000.5,0.25");

        assertThatThrownBy(() -> TardisReaderTest.readAll(file, "BTCUSDT=btc_usdt:2:2"))
                .isInstanceOfSatisfying(TardisFormatException.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.file()).isEqualTo(file);
                }).hasMessageContaining("not the header of Tardis trades, book_snapshot_N or quotes");
    }

    @org.junit.jupiter.api.Test
    void aBrokenGzipIsRefusedNamingItsFile() throws Exception {
        Path file = dir.resolve("x_trades_2024-01-01_BTCUSDT.csv.gz");
        TardisReaderTest.write(file, TRADES, GOOD, GOOD.replace("000001", "000002"));
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 12));

        assertThatThrownBy(() -> TardisReaderTest.readAll(file, "BTCUSDT=btc_usdt:2:2"))
                .isInstanceOfSatisfying(TardisFormatException.class, e -> assertThat(e.file()).isEqualTo(file))
                .hasMessageContaining("gzip");
    }

    private static void assertRefusedOnLine3(Path file, String column, String problem) throws Exception {
        List<MarketEvent> given = new ArrayList<>();
        // Scales given, so the rows are read once, in the replay itself.
        try (TardisReader reader = TardisReader.open(file.getParent().resolve(file.getFileName()),
                TardisMarkets.parse("BTCUSDT=btc_usdt:2:2"))) {
            assertThatThrownBy(() -> {
                MarketEvent event;
                while ((event = reader.next()) != null) {
                    given.add(event);
                }
            }).isInstanceOfSatisfying(TardisFormatException.class, e -> {
                assertThat(e.file()).isEqualTo(file);
                assertThat(e.line()).isEqualTo(3);
                assertThat(e.column()).isEqualTo(column);
                assertThat(e.getMessage()).startsWith("Tardis file " + file + " line 3").contains(problem)
                        .hasSizeLessThan(600);
            });
            assertThat(reader.where(reader.position())).isEqualTo("line 3 of " + file);
        }
        assertThat(given).as("the markets and the good row of line 2").hasSize(2);
    }
}
