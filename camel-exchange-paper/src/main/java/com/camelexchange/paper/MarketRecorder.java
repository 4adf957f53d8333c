package com.camelexchange.paper;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.paper.LiveMarket;
import com.camelexchange.client.paper.PaperProvider;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Records the market data the clients receive to a file in the simulator's recording format, each piece once
 * though much of it is received twice (see {@link RecordedOnce}). The threads that
 * received the data only stamp it with the time and queue it; one thread of the recorder writes it, so a slow disk
 * never holds up a route or a WebSocket connection. A file starts with the markets line a replay needs at its top,
 * read over REST when the first data comes before a client read the markets itself. When the queue is full
 * (the disk cannot keep up) data is dropped, counted and logged rather than held without bound.
 *
 * <p>The bound: at most {@value #CAPACITY} pieces of market data wait to be written, each piece being one trade,
 * one candle, one price level of a book (asks and bids together), one market of the markets reply or one ticker.
 * A reply or push counts what it holds (a K-line reply of 1,000 candles counts 1,000, a book of 50 levels a side
 * 100), and one that does not fit in what is left is dropped whole.
 */
final class MarketRecorder implements PaperProvider.Recorder {
    static final int CAPACITY = 100_000;
    private static final Logger LOG = LoggerFactory.getLogger(MarketRecorder.class);
    private static final Pending STOP = new Pending(Instant.EPOCH, 0, at -> List.of());

    /** Data received at a time, made into recording lines on the writer's thread; {@code size} pieces of it. */
    private record Pending(Instant at, int size, Function<Instant, List<MarketEvent>> lines) {
    }

    private final Path file;
    private final RecordingWriter writer;
    private final LiveMarket live;
    private final Clock clock;
    /** Bounded by {@link #room}, not by its count of entries, which differ in size a thousandfold. */
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    /** Pieces of data that may still be queued; taken when queued, given back once written. */
    private final Semaphore room;
    private final int capacity;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final Thread thread;
    /** The writer's: what the file holds already, so that data received twice is written once. */
    private final RecordedOnce recorded = new RecordedOnce();
    private boolean marketsWritten;
    private volatile boolean closed;

    private MarketRecorder(Path file, RecordingWriter writer, LiveMarket live, Clock clock, boolean marketsWritten,
                           int capacity) {
        this.file = file;
        this.capacity = capacity;
        this.room = new Semaphore(capacity);
        this.writer = writer;
        this.live = live;
        this.clock = clock;
        this.marketsWritten = marketsWritten;
        this.thread = new Thread(this::run, "ExchangeRecorder");
        this.thread.setDaemon(true);
    }

    /** Appends to {@code file} (a file with data already has its markets line). */
    static MarketRecorder open(Path file, LiveMarket live) throws IOException {
        return open(file, live, CAPACITY);
    }

    /** {@link #open(Path, LiveMarket)} with room for {@code capacity} pieces of data waiting to be written. */
    static MarketRecorder open(Path file, LiveMarket live, int capacity) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        boolean hasData = Files.exists(file) && Files.size(file) > 0;
        MarketRecorder recorder = new MarketRecorder(file, RecordingWriter.append(file), live, Clock.systemUTC(),
                hasData, capacity);
        recorder.thread.start();
        return recorder;
    }

    @Override
    public void markets(Map<String, Market> markets) {
        offer(markets.size(), at -> List.of(MarketEvents.markets(at, markets)));
    }

    @Override
    public void trades(List<Trade> trades) {
        offer(trades.size(), at -> trades.stream().map(t -> MarketEvents.trade(at, t)).toList());
    }

    @Override
    public void depth(Depth depth) {
        offer(depth.asks().size() + depth.bids().size(), at -> List.of(MarketEvents.depth(at, depth)));
    }

    @Override
    public void ticker(Ticker ticker) {
        offer(1, at -> List.of(MarketEvents.ticker(at, ticker)));
    }

    @Override
    public void kline(Kline kline) {
        offer(kline.candles().size(), at -> kline.candles().stream().map((Candle c) -> MarketEvents.candle(at, kline, c)).toList());
    }

    private void offer(int pieces, Function<Instant, List<MarketEvent>> lines) {
        if (closed) {
            return;
        }
        // An empty reply still takes a place; nothing may take more room than there is.
        int size = Math.min(Math.max(1, pieces), capacity);
        if (room.tryAcquire(size)) {
            queue.add(new Pending(clock.instant(), size, lines));
            return;
        }
        long before = dropped.getAndAdd(size);
        if (before / 10_000 != (before + size) / 10_000 || before == 0) {
            LOG.warn("Recording to {}: the writer cannot keep up, {} pieces of market data dropped so far", file,
                    before + size);
        }
    }

    /** Lines written so far. */
    long written() {
        return written.get();
    }

    /** Lines left out as already written (data received twice); read once the recorder is closed. */
    long repeats() {
        return recorded.repeats();
    }

    /** Pieces of data dropped because the queue was full (counted as the bound counts them). */
    long dropped() {
        return dropped.get();
    }

    private void run() {
        try {
            while (true) {
                Pending next = queue.take();
                if (next == STOP) {
                    return;
                }
                try {
                    write(next);
                } finally {
                    room.release(next.size());
                }
                if (queue.isEmpty()) {
                    writer.flush();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            LOG.warn("Recording to {} stopped: {}", file, e.getMessage());
        }
    }

    private void write(Pending pending) throws IOException, InterruptedException {
        List<MarketEvent> lines;
        try {
            lines = pending.lines().apply(pending.at());
        } catch (RuntimeException e) {
            LOG.debug("Market data a replay could not read is not recorded", e);
            return;
        }
        for (MarketEvent line : lines) {
            boolean isMarkets = line.kind() == MarketEvent.Kind.MARKETS;
            if (isMarkets && marketsWritten || !isMarkets && !recorded.firstTime(line)) {
                continue;
            }
            if (!marketsWritten && !isMarkets) {
                writeMarketsFirst(pending.at());
            }
            writer.write(line);
            written.incrementAndGet();
            marketsWritten |= isMarkets;
        }
    }

    /** The markets line a replay needs at the top, read over REST until it can be. */
    private void writeMarketsFirst(Instant at) throws IOException, InterruptedException {
        while (!closed) {
            try {
                writer.write(MarketEvents.markets(at, live.markets()));
                written.incrementAndGet();
                marketsWritten = true;
                return;
            } catch (RuntimeException e) {
                LOG.warn("Recording to {}: the markets could not be read ({}); tried again in a second", file,
                        e.getMessage());
                TimeUnit.SECONDS.sleep(1);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            queue.put(STOP);
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            writer.close();
        } catch (IOException e) {
            LOG.warn("Recording to {} did not close cleanly: {}", file, e.getMessage());
        }
    }
}
