package com.camelexchange.paper;

import com.camelexchange.component.ExchangeComponent;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A backtest starts with its CamelContext, once every route runs. A component added to a context that runs already
 * is refused with a clear error rather than replaying to routes not started yet (their events would be lost).
 */
class BacktestLateRoutesTest {
    @TempDir
    Path dir;

    @Test
    void aBacktestComponentAddedToARunningContextIsRefused() throws Exception {
        Path recording = BacktestFixture.recording(dir, 10);
        DefaultCamelContext context = new DefaultCamelContext();
        try {
            context.start();
            ExchangeComponent component = new ExchangeComponent();
            component.getConfiguration().setBaseUrl("http://127.0.0.1:9");
            component.setReplayFrom(recording.toString());
            component.setPaperBalances("usdt=1000");
            assertThatThrownBy(() -> context.addComponent("exchange", component))
                    .hasStackTraceContaining("A backtest (replayFrom) starts with its CamelContext");
        } finally {
            context.stop();
        }
    }
}
