package com.camelexchange.examples.javadsl;

import com.camelexchange.examples.support.ExchangeTarget;
import com.camelexchange.simulator.SimulatorAccount;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs the example as its README does (embedded simulator) and reads back what it printed. */
class JavaDslMainTest {

    @Test
    void printsMarketDataAndTakesOneOrderThroughItsLife() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<String> lines;
        SimulatorAccount account;
        try (ExchangeTarget target = ExchangeTarget.embedded()) {
            JavaDslMain.run(target, new PrintStream(bytes, true, StandardCharsets.UTF_8), 4);
            lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
            account = target.simulator().orElseThrow().account(ExchangeTarget.DEMO_ACCESS_KEY);
            // Exactly one order, and it is no longer open: filled, or cancelled by the route.
            assertThat(account.orderCount("btc_usdt")).isEqualTo(1);
            assertThat(account.openOrderCount("btc_usdt")).isZero();
            assertThat(account.frozen("usdt")).isZero();
        }

        assertThat(lines.get(0)).contains("embedded exchange simulator");
        assertThat(lines).anySatisfy(l -> assertThat(l).matches("ticker btc_usdt  bid \\d+\\.\\d{2}  ask .*"));
        List<Long> tids = lines.stream().filter(l -> l.startsWith("trade  btc_usdt  #"))
                .map(l -> Long.parseLong(l.split("#")[1].split(" ")[0])).toList();
        assertThat(tids).as("trades printed").isNotEmpty();
        for (int i = 1; i < tids.size(); i++) {
            assertThat(tids.get(i)).as("each trade once, in order").isEqualTo(tids.get(i - 1) + 1);
        }

        int before = indexOf(lines, "balances before:");
        int placed = indexOf(lines, "order  placed #");
        int after = indexOf(lines, "balances after:");
        assertThat(before).isLessThan(placed).isLessThan(after);
        List<String> orderLines = lines.stream().filter(l -> l.startsWith("order  #")).toList();
        assertThat(orderLines.get(orderLines.size() - 1)).containsPattern("buy 0\\.0100 @ \\d+\\.\\d{2} .*status (FILLED|CANCELLED)");
        assertThat(lines.get(after)).contains("usdt").endsWith("0 frozen");
        assertThat(lines).contains("done");
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with " + prefix + " in " + lines);
    }
}
