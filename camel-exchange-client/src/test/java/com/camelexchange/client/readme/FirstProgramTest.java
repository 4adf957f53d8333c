package com.camelexchange.client.readme;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's program is whole and runs: its text is {@link FirstProgram} (less the package line, so that it
 * pastes into a project's default package), and run as it is, it prints what the README shows.
 */
class FirstProgramTest {
    private static final Path SOURCE = Path.of("src/test/java/com/camelexchange/client/readme/FirstProgram.java");

    @Test
    void theReadmeShowsThisProgramWithItsImportsAndDependencies() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        String section = readme.substring(readme.indexOf("## A program"));
        String source = Files.readString(SOURCE);
        String pasted = source.substring(source.indexOf("\n\n") + 2);

        assertThat(block(section, "```java\n")).isEqualTo(pasted);
        assertThat(block(section, "```xml\n")).contains("<artifactId>camel-exchange-client</artifactId>",
                "<artifactId>camel-exchange-simulator</artifactId>", "<artifactId>slf4j-simple</artifactId>",
                "<mainClass>FirstProgram</mainClass>");
    }

    @Test
    void itRunsOnTheEmbeddedSimulatorAndPrintsPlainDecimals() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            FirstProgram.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.get(0)).matches("exchange simulator at http://127\\.0\\.0\\.1:\\d+");
        assertThat(lines.get(1)).matches("ticker btc_usdt: last [0-9.]+, ask [0-9.]+");
        assertThat(lines.get(2)).isEqualTo("btc: available 10.00000000, frozen 0.00000000");
        assertThat(lines).anySatisfy(l -> assertThat(l).matches("order \\d+: (FILLED|PARTIALLY_FILLED|PENDING)"));
        assertThat(lines.stream().filter(l -> l.matches("trade \\d+ [0-9.]+ at [0-9.]+"))).hasSizeGreaterThanOrEqualTo(5);
    }

    private static String block(String text, String opening) {
        int start = text.indexOf(opening) + opening.length();
        return text.substring(start, text.indexOf("```\n", start));
    }
}
