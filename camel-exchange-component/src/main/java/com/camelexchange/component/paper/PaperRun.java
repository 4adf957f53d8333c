package com.camelexchange.component.paper;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.budget.TradeRateLimits;
import org.apache.camel.CamelContext;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * What paper trading and recording add to one run of a component, from its start to its stop: the paper mode its
 * clients are given, the live market read and followed with a keyless client of the component's (its feeds'
 * health shown beside the consumers'), and the recorder tapping the market data. Made from the component's options
 * at its start, so that a missing camel-exchange-paper or a bad paper option fails the start, not a later call.
 */
public final class PaperRun {
    /**
     * The component's paper and recording options.
     *
     * @param account   the paper account's settings; null when paper mode is off
     * @param limits    the paper account's own trade-API limits: its calls never spend the live service's budget
     * @param streaming follow the live market over the WebSocket (true) or poll it every {@code pollDelay}
     * @param reportTo  where the run's report is written at the stop; null for none
     * @param recordTo  the file the market data is recorded to; null for none
     */
    public record Options(PaperSettings account, TradeRateLimits limits, boolean streaming, Duration pollDelay,
                          String reportTo, String recordTo) {
    }

    private final Options options;
    private final MarketDataTaps taps;
    private final LiveMarketAccess live;
    private final PaperMode mode;
    private final PaperProvider.Recorder recorder;

    /**
     * @param keyless makes the client the live market is read with: the component's settings without keys
     * @param checks  where the live market's feeds show their health
     * @throws IllegalStateException when paper mode or recording is on without camel-exchange-paper
     * @throws IOException           when the recording file cannot be opened
     */
    public PaperRun(CamelContext context, Options options, Supplier<ExchangeClient> keyless, FeedChecks checks,
                    MarketDataTaps taps) throws IOException {
        this.options = options;
        this.taps = taps;
        this.live = new LiveMarketAccess(new Once<>(keyless), options.streaming(), options.pollDelay(), checks);
        this.mode = options.account() == null ? null
                : new PaperMode(PaperMode.provider(context, "paper"), options.account(), live, options.limits());
        this.recorder = options.recordTo() == null ? null
                : PaperMode.provider(context, "recordTo").record(Path.of(options.recordTo()), live);
        if (recorder != null) {
            taps.add(recorder);
        }
    }

    /** Where signed calls go in paper mode; null when it is off. */
    public PaperMode mode() {
        return mode;
    }

    /** Stops the paper exchange (writing the report) and the recorder; a call after it gets an error, never keys. */
    public void stop() {
        try {
            if (mode != null) {
                mode.stop(options.reportTo());
            }
        } finally {
            if (recorder != null) {
                taps.remove(recorder);
                recorder.close();
            }
        }
    }

    /** The keyless client, made at the first read of the live market and kept for the run. */
    private static final class Once<T> implements Supplier<T> {
        private final Supplier<T> make;
        private T made;

        Once(Supplier<T> make) {
            this.make = make;
        }

        @Override
        public synchronized T get() {
            if (made == null) {
                made = make.get();
            }
            return made;
        }
    }
}
