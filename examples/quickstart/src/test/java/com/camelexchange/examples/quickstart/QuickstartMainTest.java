package com.camelexchange.examples.quickstart;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class QuickstartMainTest {

    @Test
    void printsTickersFetchedFromTheEmbeddedSimulator() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        QuickstartMain.run(new PrintStream(bytes, true, StandardCharsets.UTF_8), 2, Duration.ofMillis(10));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("embedded simulator");
        assertThat(out.lines().filter(l -> l.startsWith("btc_usdt ticker: {\"ticker\":{")).count()).isEqualTo(2);
    }
}
