package com.camelexchange.examples.etl;

import com.camelexchange.examples.support.ExchangeTarget;
import com.camelexchange.simulator.SimulatorAccount;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the ETL against the simulator until every flow has produced something, checks the database, the CSV
 * files, the chart and the order results, then runs it again on the same folder: the stored trades continue
 * without a gap or a repeat and no candle is stored twice.
 */
class EtlMainTest {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    Path workDir;

    @Test
    void storesChartsAndPlacesAndContinuesAfterARestart() throws Exception {
        EtlSettings settings = EtlSettings.defaults(workDir).withChartPeriod(Duration.ofSeconds(2))
                .withTickerPeriod(Duration.ofSeconds(1));
        EtlDatabase database = new EtlDatabase(settings.database());
        try (ExchangeTarget target = ExchangeTarget.embedded()) {
            SimulatorAccount account = target.simulator().orElseThrow().account(ExchangeTarget.DEMO_ACCESS_KEY);
            Path chart = settings.charts().resolve("btc_usdt-1min.png");
            Path result = workDir.resolve("orders/done/sample-orders.result.csv");

            runUntil(target, settings, () -> Files.exists(result) && Files.exists(chart)
                    && count(database, "trades") > 0 && count(database, "candles") >= 55
                    && csvFiles(settings).size() == 6);

            // The sample order file became one batch of three orders, ids written next to it.
            assertThat(account.orderCount("btc_usdt")).isEqualTo(3);
            List<String> results = Files.readAllLines(result);
            assertThat(results.get(0)).isEqualTo("market,side,price,amount,orderId");
            assertThat(results).hasSize(4);
            assertThat(results.get(1)).matches("btc_usdt,buy,60000\\.00,0\\.0100,\\d+");
            assertThat(workDir.resolve("orders/done/sample-orders.csv")).exists();
            assertThat(settings.inbox().resolve("sample-orders.csv")).doesNotExist();

            // One CSV file per market, one line per poll: time, market and seven exact decimals.
            for (Path csv : csvFiles(settings)) {
                List<String> lines = Files.readAllLines(csv);
                assertThat(lines).isNotEmpty();
                assertThat(lines.get(0)).matches("\\d{4}-\\d\\d-\\d\\dT[^,]+Z,[a-z]+_[a-z]+(,[0-9.]+){6}");
            }
            assertThat(settings.tickers().resolve("btc_usdt-" + java.time.LocalDate.now(java.time.ZoneOffset.UTC)
                                                  + ".csv")).exists();

            // The chart is a real PNG of the configured size.
            BufferedImage image = ImageIO.read(chart.toFile());
            assertThat(image).isNotNull();
            assertThat(image.getWidth()).isEqualTo(1200);
            assertThat(image.getHeight()).isEqualTo(600);

            assertThat(count(database, "candles")).as("an hour of closed 1-minute candles").isBetween(55L, 62L);
            long tradesAfterFirstRun = count(database, "trades");
            long candlesAfterFirstRun = count(database, "candles");

            // Second run on the same folder: continues from the stored positions.
            runUntil(target, settings, () -> count(database, "trades") > tradesAfterFirstRun + 3);
            assertThat(database.queryForLong("SELECT MAX(tid) - MIN(tid) + 1 FROM trades"))
                    .as("consecutive trade ids across the restart: no gap, no repeat")
                    .isEqualTo(count(database, "trades"));
            // The first run stops as soon as 55 candles are stored, possibly in the middle of the poll that brought
            // the hour (up to five of its candles then come with the second run), and a minute or two may close
            // meanwhile; the key makes a candle delivered again replace itself, so nothing else adds to the count.
            assertThat(count(database, "candles")).as("only what the first run had not stored").isBetween(
                    candlesAfterFirstRun, candlesAfterFirstRun + 8);
            assertThat(account.orderCount("btc_usdt")).as("the placed file is not placed again").isEqualTo(3);
        }
    }

    @Test
    void aFileMixingSidesIsRefusedWholeAndNothingIsSent() throws Exception {
        EtlSettings settings = EtlSettings.defaults(workDir);
        try (ExchangeTarget target = ExchangeTarget.embedded()) {
            Files.createDirectories(workDir.resolve("orders/done")); // not a first run: no sample file
            Files.createDirectories(settings.inbox());
            Files.writeString(settings.inbox().resolve("mixed.csv"),
                    "market,side,price,amount\nbtc_usdt,buy,60000.00,0.01\nbtc_usdt,sell,90000.00,0.01\n");
            Path error = workDir.resolve("orders/failed/mixed.error.txt");

            runUntil(target, settings, () -> Files.exists(error));

            assertThat(Files.readString(error)).contains("order file line 3").contains("one market and one side");
            assertThat(workDir.resolve("orders/failed/mixed.csv")).exists();
            assertThat(target.simulator().orElseThrow().requestCount("orderMoreV2")).isZero();
        }
    }

    /** Runs the application until the condition holds (or fails after PATIENCE), then stops it. */
    private static void runUntil(ExchangeTarget target, EtlSettings settings, BooleanSupplier condition)
            throws Exception {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        EtlMain etl = new EtlMain(target, settings, new PrintStream(output, true, StandardCharsets.UTF_8));
        CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
            try {
                etl.run(PATIENCE.plusSeconds(30));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        boolean met = false;
        while (!met && System.nanoTime() < deadline && !running.isDone()) {
            TimeUnit.MILLISECONDS.sleep(200);
            met = condition.getAsBoolean();
        }
        etl.stop();
        running.get(30, TimeUnit.SECONDS);
        assertThat(met).as("the ETL produced what was awaited; it printed:%n%s", output).isTrue();
        assertThat(output.toString(StandardCharsets.UTF_8)).contains("stored: ");
    }

    private static long count(EtlDatabase database, String table) {
        return database.queryForLong("SELECT COUNT(*) FROM " + table);
    }

    private static List<Path> csvFiles(EtlSettings settings) {
        if (!Files.isDirectory(settings.tickers())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(settings.tickers())) {
            return files.filter(f -> f.toString().endsWith(".csv")).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
