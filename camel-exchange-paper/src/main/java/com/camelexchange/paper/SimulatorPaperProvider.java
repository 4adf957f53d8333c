package com.camelexchange.paper;

import com.camelexchange.client.paper.Backtest;
import com.camelexchange.client.paper.LiveMarket;
import com.camelexchange.client.paper.PaperExchange;
import com.camelexchange.client.paper.PaperProvider;
import com.camelexchange.client.paper.PaperSettings;

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
    public Backtest backtest(Path history, String markets) throws IOException {
        return BacktestRun.open(history, markets);
    }

    @Override
    public Recorder record(Path file, LiveMarket live) throws IOException {
        return MarketRecorder.open(file, live);
    }
}
