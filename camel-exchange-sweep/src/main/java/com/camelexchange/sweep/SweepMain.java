package com.camelexchange.sweep;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The sweep's one entry point, for the command, the local workers and the pods alike (see {@link SweepSettings} for
 * the options):
 * <ul>
 *     <li>{@code run}: N worker processes on this machine ({@code --workers N}), then the merge;</li>
 *     <li>{@code worker}: the points of one index out of N ({@code --index K --workers N}, or the variables
 *     {@value SweepSettings#INDEX_VARIABLE} and {@value SweepSettings#WORKERS_VARIABLE} of a Kubernetes Indexed
 *     Job's pod);</li>
 *     <li>{@code merge}: the table ({@value SweepMerge#CSV}) and the heat map ({@value SweepMerge#PNG}) from every
 *     point's result.</li>
 * </ul>
 * Ends with 0 when done, 1 with the reason on standard error when refused or failed.
 */
public final class SweepMain {
    /** Rows of the table printed after a merge. */
    static final int TOP_ROWS = 5;

    private SweepMain() {
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        int exit = execute(Arrays.asList(args), System.getenv(), System.out, System.err);
        if (exit != 0) {
            System.exit(exit);
        }
    }

    /** Runs a command line; 0 when done. */
    public static int execute(List<String> args, Map<String, String> environment, PrintStream out, PrintStream err) {
        try {
            SweepSettings settings = SweepSettings.parse(args, environment);
            switch (settings.mode()) {
                case WORKER -> new SweepWorker(settings).run();
                case RUN -> {
                    out.printf("Sweeping %d points (%s) with %d worker(s); results in %s%n", settings.grid().size(),
                            settings.grid().canonical(), settings.workers(), settings.results().toAbsolutePath());
                    LocalWorkers.run(settings);
                    print(SweepMerge.merge(settings), out);
                }
                case MERGE -> print(SweepMerge.merge(settings), out);
            }
            return 0;
        } catch (SweepException e) {
            err.println("sweep: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("sweep: interrupted");
            return 1;
        } catch (Exception e) {
            err.println("sweep: " + e);
            return 1;
        }
    }

    private static void print(SweepMerge.Merged merged, PrintStream out) throws java.io.IOException {
        List<String> lines = Files.readAllLines(merged.csv(), StandardCharsets.UTF_8);
        out.println("Table (" + merged.sorted().size() + " points, best first): " + merged.csv().toAbsolutePath());
        lines.stream().limit(TOP_ROWS + 1L).forEach(out::println);
        out.println("Heat map: " + merged.png().toAbsolutePath());
    }
}
