package com.camelexchange.examples.sweep;

import com.camelexchange.sweep.SweepMerge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the example as its README does, on a few hours of history and a 2 x 2 grid: two worker processes, the table
 * printed best first, the heat map written; run again, the same table and heat map byte for byte.
 */
class SweepExampleMainTest {
    private static final double DAYS = 0.05;
    private static final List<String> GRID = List.of("strategy.every=50,100", "strategy.size=0.001,0.002");

    @TempDir
    Path dir;

    @Test
    void sweepsTheGridWithTwoWorkersAndPrintsTheTableAndTheHeatMap() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int exit = SweepExampleMain.run(dir.resolve("first"), DAYS, GRID, 2,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        String out = printed.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(out).isZero();
        assertThat(out).contains("History: ").contains("Sweeping 4 points").contains("Table (4 points, best first)")
                .contains("rank,point,strategy.every,strategy.size,events,orders,fills,fees,pnl,maxDrawdown,sharpe,"
                          + "roundTrips,winRate,exposure").contains("Heat map: ");
        Path results = dir.resolve("first").resolve("sweep");
        List<String> rows = Files.readAllLines(results.resolve(SweepMerge.CSV));
        assertThat(rows).hasSize(5);
        assertThat(rows.subList(1, 5)).allSatisfy(row -> assertThat(Long.parseLong(row.split(",")[5]))
                .as("orders of %s", row).isPositive());
        assertThat(ImageIO.read(results.resolve(SweepMerge.PNG).toFile())).isNotNull();

        SweepExampleMain.run(dir.resolve("second"), DAYS, GRID, 1, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8));
        Path again = dir.resolve("second").resolve("sweep");
        assertThat(again.resolve(SweepMerge.CSV)).hasSameBinaryContentAs(results.resolve(SweepMerge.CSV));
        assertThat(again.resolve(SweepMerge.PNG)).hasSameBinaryContentAs(results.resolve(SweepMerge.PNG));
    }
}
