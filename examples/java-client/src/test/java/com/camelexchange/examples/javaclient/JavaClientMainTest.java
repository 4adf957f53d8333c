package com.camelexchange.examples.javaclient;

import com.camelexchange.examples.support.ExchangeTarget;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Runs the example as its README does (embedded simulator) and reads back what it printed. */
class JavaClientMainTest {
    private static final Pattern TRADE = Pattern.compile("trade (\\d+): (BUY|SELL) \\S+ at \\S+");

    @Test
    void readsATickerStreamsTradesOnceInOrderAndPlacesAnOrderWithoutCamel() throws Exception {
        assertThatThrownBy(() -> Class.forName("org.apache.camel.CamelContext"))
                .as("nothing of Camel on the example's class path").isInstanceOf(ClassNotFoundException.class);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ExchangeTarget target = ExchangeTarget.embedded()) {
            JavaClientMain.run(target, new PrintStream(bytes, true, StandardCharsets.UTF_8), 8);
            List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
            assertThat(lines.get(0)).startsWith("Talking to the embedded exchange simulator");
            assertThat(lines.get(1)).matches("ticker btc_usdt: last \\S+, bid \\S+, ask \\S+");
            assertThat(lines).anySatisfy(l -> assertThat(l).matches("order \\d+ placed: buy 0\\.01 at \\S+, now"
                                                                       + " (FILLED|PARTIALLY_FILLED|PENDING)"));
            List<Long> tids = lines.stream().map(TRADE::matcher).filter(Matcher::matches)
                    .map(m -> Long.parseLong(m.group(1))).toList();
            assertThat(tids).as("at least the trades asked for").hasSizeGreaterThanOrEqualTo(8);
            for (int i = 1; i < tids.size(); i++) {
                assertThat(tids.get(i)).as("each trade once, in order, none skipped").isEqualTo(tids.get(i - 1) + 1);
            }
            assertThat(lines.get(lines.size() - 1)).isEqualTo("done");
        }
    }
}
