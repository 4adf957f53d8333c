package com.camelexchange.client.paper;

import com.camelexchange.client.MarketDataListener;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * camel-exchange-paper's entry point, listed in its {@code META-INF/services}. A {@link PaperRun} looks for it only
 * when it has a paper account, records or replays, and fails to open, naming the module, when it is missing.
 */
public interface PaperProvider {

    /** The artifact that provides it, for the component's error when it is missing. */
    String ARTIFACT = "com.camelexchange:camel-exchange-paper";

    /**
     * camel-exchange-paper's provider.
     *
     * @param loader where to look for it
     * @param need   the setting that needs it, for the error
     * @throws IllegalStateException naming the artifact to add when it is not on the class path
     */
    static PaperProvider find(ClassLoader loader, String need) {
        return ServiceLoader.load(PaperProvider.class, loader).findFirst().orElseThrow(() ->
                new IllegalStateException("The option " + need + " needs " + ARTIFACT + " on the classpath (the paper"
                        + " exchange, the recorder and the report live there): add that dependency, of the same"
                        + " version as camel-exchange-client"));
    }

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

    /**
     * Opens a backtest's market history ({@code replayFrom}): a recording, or Tardis.dev CSV files (a directory, a glob
     * or a {@code .csv}/{@code .csv.gz} file) whose symbols {@code markets} maps to markets
     * ({@code BTCUSDT=btc_usdt:2:6:0.0001:5}, see {@link PaperRun.Builder#replayMarkets}).
     *
     * @param markets null for a recording of this project
     * @throws IOException when the history cannot be opened or its first rows read
     */
    default Backtest backtest(Path history, String markets) throws IOException {
        if (markets == null) {
            return backtest(history);
        }
        throw new UnsupportedOperationException("This " + ARTIFACT + " does not replay Tardis CSV history");
    }

    /** A listener that writes to a file until closed. */
    interface Recorder extends MarketDataListener, AutoCloseable {
        /** Writes what is pending and closes the file. */
        @Override
        void close();
    }
}
