package com.camelexchange.paper;

import com.camelexchange.client.spi.MarketDataSource;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.paper.Backtest;
import com.camelexchange.client.paper.LiveMarket;
import com.camelexchange.client.paper.PaperExchange;
import com.camelexchange.client.paper.PaperSettings;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.MarketEventSource;
import com.camelexchange.simulator.replay.RecordingReader;
import com.camelexchange.simulator.replay.TardisMarkets;
import com.camelexchange.simulator.replay.TardisReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A backtest on one recording, read line by line as it is applied (never loaded): for each event, the timers due
 * before it run (polls), the replay's clock moves to its time, the market takes it (the paper exchange's book and
 * tape, the clients' reads: {@link RecordedMarket}), and the consumers of its market and kind are told it, one after
 * the other, on this one thread; the next event is taken when they returned. The lines are read and parsed a few
 * hundred ahead on a thread of their own ({@link ReadAhead}), which decides nothing: everything that decides an
 * outcome runs on the backtest's thread, in file order and on the replay's clock, so two runs of the same routes on
 * the same recording end alike.
 */
final class BacktestRun implements Backtest {
    private static final Logger LOG = LoggerFactory.getLogger(BacktestRun.class);
    /** How long a stop waits for the replay's thread, which may be in a route's exchange. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);
    /** The longest problem shown in {@link #failure()}: a reader's message may quote the line. */
    private static final int FAILURE_SHOWN = 200;

    private final Path file;
    private final MarketEventSource reader;
    private final MutableClock clock;
    private final RecordedMarket market = new RecordedMarket();
    private final ReplayTimers timers;
    private final Map<Key, List<Consumer<Object>>> consumers = new ConcurrentHashMap<>();
    /** The first line of market data, read at the open; then null. */
    private MarketEvent first;
    private volatile SimulatorPaperExchange exchange;
    private volatile boolean closing;
    private volatile boolean finished;
    /** Lines skipped for a market the recording does not name; on the replay's thread. */
    private long skipped;
    /** The summary line, once the run ended; null before. */
    private volatile String summary;
    /** Why the recording stopped at a line; null while it did not. */
    private volatile String failure;
    private Thread thread;

    private record Key(String market, Data kind) {
    }

    private BacktestRun(Path file, MarketEventSource reader) throws IOException {
        this.file = file;
        this.reader = reader;
        MarketEvent event = reader.next();
        Instant start = Instant.EPOCH;
        while (event instanceof MarketEvent.Markets markets) {
            market.markets(markets.markets());
            start = markets.at();
            event = reader.next();
        }
        this.first = event;
        this.clock = new MutableClock(event != null ? event.at() : start);
        this.timers = new ReplayTimers(clock);
    }

    /**
     * Opens a recording and reads its markets, up to the first line of market data.
     *
     * @throws IOException when it cannot be read (a {@code RecordingFormatException} names the line)
     */
    static BacktestRun open(Path file) throws IOException {
        return open(file, null);
    }

    /**
     * Opens a recording of this project, or Tardis.dev CSV history (a directory, a glob or a {@code .csv}/
     * {@code .csv.gz} file: {@link TardisReader#isTardis}) with the markets of its symbols, and reads its markets.
     *
     * @param markets the symbols' markets of Tardis history ({@link TardisMarkets}); null for a recording
     * @throws IOException              when it cannot be read (a {@code RecordingFormatException} or a
     *                                  {@code TardisFormatException} names the line)
     * @throws IllegalArgumentException when the markets are missing for Tardis history, or given for a recording
     */
    static BacktestRun open(Path file, String markets) throws IOException {
        MarketEventSource reader;
        if (TardisReader.isTardis(file)) {
            reader = TardisReader.open(file, TardisMarkets.parse(markets));
        } else if (markets != null) {
            throw new IllegalArgumentException("replayMarkets maps the symbols of Tardis CSV history (a directory, a"
                    + " glob or a .csv/.csv.gz file); " + file + " is a recording, whose markets are in it");
        } else {
            reader = RecordingReader.open(file);
        }
        try {
            return new BacktestRun(file, reader);
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    @Override
    public LiveMarket market() {
        return market;
    }

    @Override
    public MarketDataSource marketData() {
        return market;
    }

    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public PaperExchange startExchange(PaperSettings settings) {
        SimulatorPaperExchange started = SimulatorPaperExchange.start(settings, market, clock);
        exchange = started;
        return started;
    }

    @Override
    public AutoCloseable deliver(String marketName, Data kind, Consumer<Object> to) {
        List<Consumer<Object>> told = consumers.computeIfAbsent(new Key(marketName, kind),
                k -> new CopyOnWriteArrayList<>());
        told.add(to);
        return () -> told.remove(to);
    }

    @Override
    public AutoCloseable every(Duration initialDelay, Duration delay, Runnable task) {
        return timers.every(initialDelay, delay, task);
    }

    @Override
    public synchronized void start(String reportTo, BooleanSupplier running, Runnable atEnd) {
        if (thread != null || closing) {
            return;
        }
        thread = new Thread(() -> run(reportTo, running, atEnd), "backtest");
        thread.start();
    }

    @Override
    public boolean finished() {
        return finished;
    }

    @Override
    public synchronized State state() {
        if (finished) {
            return State.FINISHED;
        }
        if (failure != null) {
            return State.FAILED;
        }
        if (thread == null) {
            return closing ? State.STOPPED : State.NOT_STARTED;
        }
        // Its thread ends at the end, at a broken line, or when stopped: alive, it applies the recording.
        return thread.isAlive() && !closing ? State.RUNNING : State.STOPPED;
    }

    @Override
    public String summary() {
        return summary;
    }

    @Override
    public String failure() {
        return failure;
    }

    private void run(String reportTo, BooleanSupplier running, Runnable atEnd) {
        long started = System.nanoTime();
        long events = 0;
        boolean failed = false;
        // The lines after the first are read and parsed on a thread of their own; applied here, in file order.
        ReadAhead lines = new ReadAhead(reader);
        try {
            MarketEvent event = first;
            first = null;
            while (event != null && !closing && running.getAsBoolean()) {
                long at = event.at().toEpochMilli();
                // A poll due at the time of an event sees it: those due before it run before it is applied.
                timers.runUntil(at - 1);
                // A line dated before the one before it is applied at that one's time: the clock never goes back.
                if (at > clock.millis()) {
                    clock.set(event.at());
                }
                if (market.named(event)) {
                    Object model = market.apply(event);
                    events++;
                    if (model != null) {
                        tell(event.market(), model);
                    }
                } else {
                    unnamed(event, lines.lineNumber());
                }
                event = lines.next();
            }
            if (event == null) {
                timers.runUntil(clock.millis());
                finished = true;
            }
        } catch (IOException | RuntimeException | Error e) {
            // An error too ends the run as a failure, so that health says why and the context still stops.
            failed = true;
            failure = "The backtest stopped at " + reader.where(lines.lineNumber()) + ": "
                      + Echo.cut(String.valueOf(e.getMessage()), FAILURE_SHOWN);
            LOG.error("The backtest stopped at {}: {}", reader.where(lines.lineNumber()), e.getMessage());
        } catch (InterruptedException e) {
            // Nothing of the project interrupts this thread; whoever did wants it to end, as a stop does.
            Thread.currentThread().interrupt();
        } finally {
            lines.close();
        }
        if (skipped > 0) {
            LOG.warn("The backtest skipped {} line(s) of {} whose market the recording's markets lines do not name",
                    skipped, file);
        }
        long took = System.nanoTime() - started;
        BacktestSummary summary = BacktestSummary.of(events, took, exchange, finished);
        if (finished && BacktestEnds.listened()) {
            BacktestEnds.tell(file, events, took, summary.report());
        }
        if (finished && reportTo != null && exchange != null) {
            summary.write(Path.of(reportTo));
        }
        this.summary = summary.line();
        summary.log();
        if (finished || failed) {
            atEnd.run();
        }
    }

    /**
     * A line of a market the recording's markets lines do not name: skipped and counted, as a replay does. Nothing of it
     * is kept, so memory stays bounded by the markets named; the routes of the named markets go on. The first is told
     * with its line, the count at the end.
     */
    private void unnamed(MarketEvent event, long line) {
        if (skipped++ == 0) {
            LOG.warn("The backtest skips {}, and every line after it of a market the recording's markets"
                     + " lines do not name: {}", reader.where(line), "'" + Echo.of(event.market()) + "'");
        }
    }

    private void tell(String marketName, Object model) {
        Data kind = model instanceof Trade ? Data.TRADES : model instanceof Depth ? Data.DEPTH
                : model instanceof Kline ? Data.KLINE : Data.TICKER;
        List<Consumer<Object>> told = consumers.get(new Key(marketName, kind));
        if (told == null) {
            return;
        }
        for (Consumer<Object> consumer : told) {
            consumer.accept(model);
        }
    }

    @Override
    public void close() {
        Thread running;
        synchronized (this) {
            closing = true;
            running = thread;
        }
        if (running == null) {
            try {
                reader.close();
            } catch (IOException e) {
                LOG.debug("The recording did not close cleanly", e);
            }
            return;
        }
        if (running != Thread.currentThread()) {
            try {
                running.join(STOP_WAIT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (running.isAlive()) {
                LOG.warn("The backtest's thread did not end within {} s of the stop", STOP_WAIT.toSeconds());
            }
        }
    }
}
