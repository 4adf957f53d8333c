package com.camelexchange.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The same strategy written in YAML, XML and Java gives the same sweep, byte for byte. */
class SweepRouteKindsTest {
    private static final List<String> GRID = List.of("--grid", "strategy.every=50,100", "--grid",
            "strategy.size=0.001");

    @TempDir
    Path dir;

    @Test
    void yamlXmlAndJavaRoutesSweepAlike() throws Exception {
        Path recording = SmallRecording.write(dir.resolve("market.jsonl"), 1800);
        byte[] yaml = sweep(recording, "yaml", "--routes", "classpath:routes/strategy.yaml");
        byte[] xml = sweep(recording, "xml", "--routes", "classpath:routes/strategy.xml");
        byte[] javaDsl = sweep(recording, "java", "--set",
                "camel.main.routes-builder-classes=" + JavaStrategyRoutes.class.getName());
        String table = new String(yaml, StandardCharsets.UTF_8);
        assertThat(table.lines().skip(1)).hasSize(2)
                .allSatisfy(row -> assertThat(Long.parseLong(row.split(",")[5])).as(row).isPositive());
        assertThat(xml).isEqualTo(yaml);
        assertThat(javaDsl).isEqualTo(yaml);
    }

    private byte[] sweep(Path recording, String name, String... routes) throws Exception {
        Path results = dir.resolve(name);
        for (String mode : List.of("worker", "merge")) {
            List<String> args = new ArrayList<>(List.of(mode, "--recording", recording.toString(), "--results",
                    results.toString(), "--set", "camel.component.exchange.paper-balances=usdt=10000,btc=0.5"));
            args.addAll(List.of(routes));
            args.addAll(GRID);
            if (mode.equals("worker")) {
                args.addAll(List.of("--index", "0"));
            }
            SweepFixture.execute(args);
        }
        return Files.readAllBytes(results.resolve(SweepMerge.CSV));
    }
}
