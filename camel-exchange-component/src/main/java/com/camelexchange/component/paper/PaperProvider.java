package com.camelexchange.component.paper;

import com.camelexchange.client.MarketDataListener;

import java.io.IOException;
import java.nio.file.Path;

/**
 * camel-exchange-paper's entry point, listed in its {@code META-INF/services}. The component looks for it only when
 * its {@code paper} option is on, {@code recordTo} or
 * {@code replayFrom} is set, and fails to start, naming the module, when it is
 * missing.
 */
public interface PaperProvider {

    /** The artifact that provides it, for the component's error when it is missing. */
    String ARTIFACT = "com.camelexchange:camel-exchange-paper";

    /** Starts a paper exchange that follows {@code live}. */
    PaperExchange start(PaperSettings settings, LiveMarket live);

    /**
     * Opens a recording: the returned listener writes what it is told to {@code file} (appending to what is there)
     * in the recording format, one line per piece of market data, until closed.
     */
    Recorder record(Path file, LiveMarket live) throws IOException;

    /**
     * Opens a recording for a backtest ({@code replayFrom}): read as it is applied, never loaded whole.
     *
     * @throws IOException when the file cannot be opened or its first lines read
     */
    default Backtest backtest(Path recording) throws IOException {
        throw new UnsupportedOperationException("This " + ARTIFACT + " does not run backtests");
    }

    /** A listener that writes to a file until closed. */
    interface Recorder extends MarketDataListener, AutoCloseable {
        /** Writes what is pending and closes the file. */
        @Override
        void close();
    }
}
