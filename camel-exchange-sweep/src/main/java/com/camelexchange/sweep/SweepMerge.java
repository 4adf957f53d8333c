package com.camelexchange.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The merge: every point's result read from the results directory (a missing one refused, naming the point), sorted,
 * and written as {@value #CSV} and {@value #PNG}. It reads only the results, never how they were spread, so one
 * worker or many, here or on a cluster, give the same bytes.
 */
public final class SweepMerge {
    public static final String CSV = "sweep.csv";
    public static final String PNG = "sweep-heatmap.png";

    private SweepMerge() {
    }

    /** What a merge wrote. */
    public record Merged(Path csv, Path png, List<PointResult> sorted) {
    }

    public static Merged merge(SweepSettings settings) throws IOException {
        SweepGrid grid = settings.grid();
        List<PointResult> results = new ResultFiles(settings.results()).readAll(grid);
        List<PointResult> sorted = SweepTable.sorted(results, settings.sortBy());
        Files.createDirectories(settings.out());
        Path csv = settings.out().resolve(CSV);
        Path png = settings.out().resolve(PNG);
        replace(csv, SweepTable.csv(grid, sorted).getBytes(StandardCharsets.UTF_8));
        replace(png, HeatMap.png(grid, results, settings.sortBy(), settings.heatX(), settings.heatY()));
        return new Merged(csv, png, sorted);
    }

    private static void replace(Path target, byte[] bytes) throws IOException {
        Path temporary = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName(), ".tmp");
        try {
            Files.write(temporary, bytes);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
