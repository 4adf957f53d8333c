package com.camelexchange.examples.quickstart;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class QuickstartMainTest {

    @Test
    void theRoutesPrintTickersAndTradesOfTheEmbeddedSimulator() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        QuickstartMain.run(new PrintStream(bytes, true, StandardCharsets.UTF_8), Duration.ofSeconds(4));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.get(0)).contains("embedded simulator");
        assertThat(lines).anySatisfy(l -> assertThat(l).matches("ticker btc_usdt  bid \\d+\\.\\d{2}  ask .*"));
        List<Long> tids = lines.stream().filter(l -> l.startsWith("trade  btc_usdt  #"))
                .map(l -> Long.parseLong(l.split("#")[1].split(" ")[0])).toList();
        assertThat(tids).as("trades printed").isNotEmpty();
        for (int i = 1; i < tids.size(); i++) {
            assertThat(tids.get(i)).isEqualTo(tids.get(i - 1) + 1);
        }
    }
}
