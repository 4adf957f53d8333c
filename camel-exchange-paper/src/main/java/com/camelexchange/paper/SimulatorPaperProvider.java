package com.camelexchange.paper;

import com.camelexchange.component.paper.Backtest;
import com.camelexchange.component.paper.LiveMarket;
import com.camelexchange.component.paper.PaperExchange;
import com.camelexchange.component.paper.PaperProvider;
import com.camelexchange.component.paper.PaperSettings;

import java.io.IOException;
import java.nio.file.Path;

/** camel-exchange-paper's provider: the simulator as the paper exchange, the recorder in its format, the backtest on a
 * recording. */
public final class SimulatorPaperProvider implements PaperProvider {

    @Override
    public PaperExchange start(PaperSettings settings, LiveMarket live) {
        return SimulatorPaperExchange.start(settings, live);
    }

    @Override
    public Backtest backtest(Path recording) throws IOException {
        return BacktestRun.open(recording);
    }

    @Override
    public Recorder record(Path file, LiveMarket live) throws IOException {
        return MarketRecorder.open(file, live);
    }
}
