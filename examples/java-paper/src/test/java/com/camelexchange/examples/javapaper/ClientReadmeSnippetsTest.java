package com.camelexchange.examples.javapaper;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client README's paper trading and backtest snippets are this example's code as it compiles and runs
 * ({@link JavaPaperMainTest}): each tagged block of {@link JavaPaperMain}, its indentation taken off, is in the
 * README word for word.
 */
class ClientReadmeSnippetsTest {
    private static final Path SOURCE = Path.of("src/main/java/com/camelexchange/examples/javapaper/JavaPaperMain.java");
    private static final Path README = Path.of("../../camel-exchange-client/README.md");

    @Test
    void theReadmeShowsTheCodeThatRuns() throws Exception {
        String source = Files.readString(SOURCE);
        String readme = Files.readString(README);
        for (String tag : List.of("paper", "backtest")) {
            Matcher block = Pattern.compile("// tag::" + tag + "\\[]\\n(.*?)\\n\\s*// end::" + tag + "\\[]",
                    Pattern.DOTALL).matcher(source);
            assertThat(block.find()).as("the %s block in the source", tag).isTrue();
            assertThat(readme).as("the %s block in the client README", tag).contains(dedented(block.group(1)));
        }
    }

    private static String dedented(String text) {
        List<String> lines = text.lines().toList();
        int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        return String.join("\n", lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).toList());
    }
}
