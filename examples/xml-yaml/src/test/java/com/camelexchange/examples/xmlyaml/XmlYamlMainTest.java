package com.camelexchange.examples.xmlyaml;

import com.camelexchange.examples.support.ExchangeTarget;
import com.camelexchange.examples.support.PrintedLines;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static com.camelexchange.examples.support.OrderLifecycleAssertions.assertMarketDataAndOneOrderLifecycle;
import static org.assertj.core.api.Assertions.assertThat;

/** Runs the example with the XML routes and with the YAML routes; both must do what the Java routes do. */
class XmlYamlMainTest {

    @ParameterizedTest
    @ValueSource(strings = { "xml", "yaml" })
    void theRoutesFilesPrintMarketDataAndTakeOneOrderThroughItsLife(String dsl) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ExchangeTarget target = ExchangeTarget.embedded()) {
            XmlYamlMain.run(target, dsl, new PrintStream(bytes, true, StandardCharsets.UTF_8), 4);
            PrintedLines printed = PrintedLines.of(bytes.toString(StandardCharsets.UTF_8));
            assertThat(printed.get(0)).endsWith("routes/" + dsl + "/*." + dsl);
            assertMarketDataAndOneOrderLifecycle(target, printed, 4);
        }
    }
}
