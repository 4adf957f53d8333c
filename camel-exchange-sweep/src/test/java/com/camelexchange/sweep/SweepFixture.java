package com.camelexchange.sweep;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The tests' sweep: the YAML strategy over a 3 x 2 grid on a short recording. */
final class SweepFixture {
    /** An hour and a half of recording: 10,800 events a point. */
    static final int SECONDS = 5400;
    static final List<String> GRID = List.of("--grid", "strategy.every=50,100,200", "--grid",
            "strategy.size=0.001,0.002");

    private SweepFixture() {
    }

    static List<String> args(String mode, Path recording, Path results, String... more) {
        List<String> args = new ArrayList<>(List.of(mode, "--recording", recording.toString(), "--results",
                results.toString(), "--routes", "classpath:routes/strategy.yaml", "--set",
                "camel.component.exchange.paper-balances=usdt=10000,btc=0.5"));
        args.addAll(GRID);
        args.addAll(List.of(more));
        return args;
    }

    /** Runs a command line in this JVM; throws with its error output unless it ended well. */
    static String execute(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SweepMain.execute(args, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        if (exit != 0) {
            throw new AssertionError("sweep ended with " + exit + ": " + err.toString(StandardCharsets.UTF_8));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The same, expecting a refusal: its error output. */
    static String refused(List<String> args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SweepMain.execute(args, Map.of(), new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        if (exit == 0) {
            throw new AssertionError("sweep was not refused: " + args);
        }
        return err.toString(StandardCharsets.UTF_8);
    }

    /** The merged CSV and PNG of a results directory, as bytes. */
    record Merged(byte[] csv, byte[] png) {
        static Merged of(Path results) throws IOException {
            return new Merged(Files.readAllBytes(results.resolve(SweepMerge.CSV)),
                    Files.readAllBytes(results.resolve(SweepMerge.PNG)));
        }

        String table() {
            return new String(csv, StandardCharsets.UTF_8);
        }
    }
}
