package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.engine.TradingFees;
import com.camelexchange.simulator.market.Markets;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;

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
    void theFillModelAndLatencyOfAReplayAreFlags() {
        FillModel chosen = SimulatorCommandLine.parse("--fill-model", "queue", "--latency-ms", "250")
                .externalMarket(Markets.defaults()).build().exchange().fillModel();
        assertThat(chosen.kind()).isEqualTo(FillModel.Kind.QUEUE);
        assertThat(chosen.latency()).isEqualTo(Duration.ofMillis(250));
        FillModel byDefault = SimulatorCommandLine.parse().externalMarket(Markets.defaults()).build().exchange()
                .fillModel();
        assertThat(byDefault.kind()).isEqualTo(FillModel.DEFAULT_KIND);
        assertThat(byDefault.latency()).isEqualTo(FillModel.TYPICAL_LATENCY);
        assertThat(SimulatorCommandLine.parse("--fill-at-touch", "0.25").externalMarket(Markets.defaults()).build()
                .exchange().fillModel()).extracting(FillModel::kind, FillModel::atTouch)
                .containsExactly(FillModel.Kind.TOUCH, new BigDecimal("0.25"));
    }

    @Test
    void helpListsEveryFlag() {
        assertThat(SimulatorCommandLine.parse("--help")).isNull();
        for (String flag : new String[] {"--port", "--host", "--variant", "--seed", "--key", "--no-activity",
                                         "--no-limits", "--per-key-limit", "--per-ip-limit", "--reqtime-window-s",
                                         "--maker-fee", "--taker-fee", "--no-fees", "--replay", "--speed",
                                         "--fill-at-touch", "--stale-book-s", "--fill-model", "--latency-ms"}) {
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
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--fill-model", "fifo"))
                .hasMessageContaining("--fill-model takes one of tradeThrough, touch, queue");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--latency-ms", "60001"))
                .hasMessageContaining("--latency-ms must be between 0 and 60000");
        assertThatThrownBy(() -> SimulatorCommandLine.parse("--replay", "/no/such/file.jsonl").build())
                .hasMessageContaining("/no/such/file.jsonl");
    }
}
