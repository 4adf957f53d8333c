package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.TradingFees;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimulatorCommandLineTest {

    @Test
    void flagsBuildTheSimulatorTheyDescribe() {
        ExchangeSimulator sim = SimulatorCommandLine.parse("--port", "0", "--variant", "B", "--seed", "42",
                "--key", "AK:SK", "--key", "RO:ROS:assetPerm", "--no-activity").build();
        assertThat(sim.variant()).isEqualTo(Variant.B);
        assertThat(sim.account("AK")).isNotNull();
        assertThat(sim.account("RO").toString()).doesNotContain("ROS");
        assertThat(sim.exchange().fees()).isEqualTo(TradingFees.DEFAULT);
        assertThat(SimulatorCommandLine.parse("--maker-fee", "0.001", "--taker-fee", "0.003").build().exchange()
                .fees()).isEqualTo(new TradingFees(new BigDecimal("0.001"), new BigDecimal("0.003")));
        assertThat(SimulatorCommandLine.parse("--no-fees").build().exchange().fees().taker()).isZero();
    }

    @Test
    void helpListsEveryFlag() {
        assertThat(SimulatorCommandLine.parse("--help")).isNull();
        for (String flag : new String[] {"--port", "--host", "--variant", "--seed", "--key", "--no-activity",
                                         "--no-limits", "--per-key-limit", "--per-ip-limit", "--reqtime-window-s",
                                         "--maker-fee", "--taker-fee", "--no-fees", "--replay", "--speed",
                                         "--fill-at-touch", "--stale-book-s"}) {
            assertThat(SimulatorCommandLine.USAGE).contains(flag);
        }
    }

    @Test
    void badFlagsSayWhatIsWrong() {
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--variant", "C")).hasMessageContaining("A or B");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--port", "x")).hasMessageContaining("--port");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--key", "AK")).hasMessageContaining("ACCESS:SECRET");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--key", "AK:SK:tradePerm"))
                .hasMessageContaining("entrustPerm");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--maker-fee", "1.5")).hasMessageContaining("[0, 1)");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--colour")).hasMessageContaining("Unknown option");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--speed", "0")).hasMessageContaining("or max");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--fill-at-touch", "2")).hasMessageContaining("0 to 1");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--replay", "/no/such/file.jsonl").build())
                .hasMessageContaining("/no/such/file.jsonl");
    }
}
