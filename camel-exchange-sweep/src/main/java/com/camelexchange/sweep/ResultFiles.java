package com.camelexchange.sweep;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The results directory the workers write into and the merge reads: one file per point, {@code point-00007.result},
 * lines {@code key=value} in a fixed order, beginning with the grid it belongs to. A file appears whole or not at
 * all: it is written to a temporary file beside it and moved into place, so a worker killed mid-write leaves no
 * result, only a temporary file the merge ignores. While a point runs its worker keeps a marker
 * {@code point-00007.running} beside it (what a test waits for to kill a worker mid-point); a result makes it stale.
 */
public final class ResultFiles {
    /** The longest result file read: a few hundred bytes are written. */
    private static final long LARGEST = 64 * 1024;
    private static final List<String> KEYS = List.of("grid", "point", "events", "orders", "fills", "fees", "pnl",
            "maxDrawdown", "sharpe", "roundTrips", "winRate", "exposure");

    private final Path directory;

    public ResultFiles(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    public Path resultOf(int point) {
        return directory.resolve(String.format(Locale.ROOT, "point-%05d.result", point));
    }

    public Path markerOf(int point) {
        return directory.resolve(String.format(Locale.ROOT, "point-%05d.running", point));
    }

    public boolean has(int point) {
        return Files.isRegularFile(resultOf(point));
    }

    /** Marks a point as started: a file whose presence only tells that it ran once, never read for a result. */
    void markRunning(int point) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(markerOf(point), "running\n", StandardCharsets.UTF_8);
    }

    /** Writes a point's result atomically (temporary file, then moved into place) and drops its marker. */
    void write(SweepGrid grid, PointResult result) throws IOException {
        Files.createDirectories(directory);
        Path target = resultOf(result.index());
        Path temporary = Files.createTempFile(directory, "." + target.getFileName() + ".", ".tmp");
        try {
            Files.writeString(temporary, text(grid, result), StandardCharsets.UTF_8);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // A volume without atomic renames: the replacing move is the best it offers.
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
        Files.deleteIfExists(markerOf(result.index()));
    }

    static String text(SweepGrid grid, PointResult r) {
        return "grid=" + grid.canonical() + "\npoint=" + r.index() + "\nevents=" + r.events() + "\norders="
               + r.orders() + "\nfills=" + r.fills() + "\nfees=" + r.fees().toPlainString() + "\npnl="
               + r.pnl().toPlainString() + "\nmaxDrawdown=" + r.maxDrawdown().toPlainString() + "\nsharpe="
               + r.sharpe().toPlainString() + "\nroundTrips=" + r.roundTrips() + "\nwinRate="
               + r.winRate().toPlainString() + "\nexposure=" + r.exposure().toPlainString() + "\n";
    }

    /**
     * Reads every point's result of {@code grid}.
     *
     * @throws SweepException naming the first point without a result (and its properties), or the file that is not
     *                        a result of this grid
     */
    List<PointResult> readAll(SweepGrid grid) throws IOException {
        List<PointResult> results = new java.util.ArrayList<>(grid.size());
        for (SweepPoint point : grid.points()) {
            results.add(read(grid, point));
        }
        return results;
    }

    PointResult read(SweepGrid grid, SweepPoint point) throws IOException {
        Path file = resultOf(point.index());
        Map<String, String> fields = new LinkedHashMap<>();
        try {
            if (Files.size(file) > LARGEST) {
                throw new SweepException(file + " is larger than " + LARGEST + " bytes: not a point's result");
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                int eq = lines.get(i).indexOf('=');
                if (eq < 0) {
                    throw new SweepException(file + " line " + (i + 1) + " has no '='");
                }
                fields.put(lines.get(i).substring(0, eq), lines.get(i).substring(eq + 1));
            }
        } catch (NoSuchFileException e) {
            throw new SweepException("Point " + point.index() + " (" + point.describe() + ") has no result in "
                                     + directory + ": its worker has not run it to the end (run that worker again:"
                                     + " it runs only its points without a result)");
        }
        for (String key : KEYS) {
            if (!fields.containsKey(key)) {
                throw new SweepException(file + " has no " + key + ": not a point's result");
            }
        }
        if (!fields.get("grid").equals(grid.canonical())) {
            throw new SweepException(file + " is a result of the grid " + fields.get("grid") + ", not of "
                                     + grid.canonical() + ": use an empty results directory for a new grid");
        }
        try {
            if (Integer.parseInt(fields.get("point")) != point.index()) {
                throw new SweepException(file + " holds point " + fields.get("point") + ", not " + point.index());
            }
            return new PointResult(point, Long.parseLong(fields.get("events")), Long.parseLong(fields.get("orders")),
                    Long.parseLong(fields.get("fills")), decimal(fields, "fees"), decimal(fields, "pnl"),
                    decimal(fields, "maxDrawdown"), decimal(fields, "sharpe"),
                    Long.parseLong(fields.get("roundTrips")), decimal(fields, "winRate"), decimal(fields, "exposure"));
        } catch (NumberFormatException e) {
            throw new SweepException(file + " has a figure that is not a number: " + e.getMessage());
        }
    }

    private static BigDecimal decimal(Map<String, String> fields, String key) {
        String text = fields.get(key);
        if (text.length() > 60) {
            throw new NumberFormatException(key + " is longer than 60 characters");
        }
        return new BigDecimal(text);
    }
}
