package com.camelexchange.examples.javadsl;

import com.camelexchange.examples.support.ExchangeTarget;
import com.camelexchange.examples.support.PrintedLines;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static com.camelexchange.examples.support.OrderLifecycleAssertions.assertMarketDataAndOneOrderLifecycle;

/** Runs the example as its README does (embedded simulator) and reads back what it printed. */
class JavaDslMainTest {

    @Test
    void printsMarketDataAndTakesOneOrderThroughItsLife() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ExchangeTarget target = ExchangeTarget.embedded()) {
            JavaDslMain.run(target, new PrintStream(bytes, true, StandardCharsets.UTF_8), 4);
            assertMarketDataAndOneOrderLifecycle(target, PrintedLines.of(bytes.toString(StandardCharsets.UTF_8)), 4);
        }
    }
}
