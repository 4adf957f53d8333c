package com.camelexchange.paper;

import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.MarketEventSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads and parses a recording's next lines on a thread of its own while the backtest's thread applies and delivers
 * the events before them: reading was two thirds of a backtest's time. The events come out in file order, in batches
 * through a queue {@value #DEPTH} batches deep, so memory stays flat whatever the recording's length: a batch holds
 * {@value #BATCH} events, or fewer whose books hold {@value #BATCH_LEVELS} price levels in all (a recording of books
 * 1000 levels a side would otherwise hold some hundred MB ahead). A line that cannot be read ends the events there:
 * {@link #next} gives every event before it, then throws what the reader threw, and {@link #lineNumber} names that
 * line as the reader did.
 */
final class ReadAhead implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReadAhead.class);
    static final String THREAD_NAME = "backtest-read-ahead";
    /** Events a batch holds at most: few hand-overs between the threads, a few hundred KB of small events. */
    static final int BATCH = 256;
    /** Price levels a batch's books hold at most, so that big books do not make big batches. */
    static final int BATCH_LEVELS = 8192;
    /** Batches the queue holds: the reader goes on while the backtest's thread is slow for a moment. */
    private static final int DEPTH = 4;
    /** How long a close waits for the thread: it ends at its next line or batch, a file read never hangs. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final MarketEventSource reader;
    private final BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(DEPTH);
    private final Thread thread;
    private volatile boolean stopping;
    /** The batch being taken from, on the backtest's thread, and the index of its next event. */
    private Batch current;
    private int index;
    private long lineNumber;

    /**
     * The lines read, with the reader's line number after each, and at the end of the recording or of what could be
     * read, {@code last} with what stopped it (null at the end).
     */
    private record Batch(MarketEvent[] events, long[] lines, int size, boolean last, Throwable failure,
                         long failureLine) {
    }

    /** Starts reading {@code reader} from where it stands; this object closes it. */
    ReadAhead(MarketEventSource reader) {
        this.reader = reader;
        // Until an event is taken, the line of the one the reader gave last (the backtest's first).
        this.lineNumber = reader.position();
        this.thread = new Thread(this::read, THREAD_NAME);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * The next event, or null at the end of the recording.
     *
     * @throws IOException as the reader threw it, once the events before the line it refused were given
     */
    MarketEvent next() throws IOException, InterruptedException {
        while (current == null || index == current.size) {
            if (current != null && current.last) {
                if (current.failure != null) {
                    lineNumber = current.failureLine;
                    rethrow(current.failure);
                }
                return null;
            }
            current = take();
            index = 0;
        }
        lineNumber = current.lines[index];
        return current.events[index++];
    }

    /**
     * The next batch. The reading thread ends by putting a last one; should it die before (an error outside its
     * reading, such as a failed allocation), the backtest ends with a failure instead of waiting for ever.
     */
    private Batch take() throws IOException, InterruptedException {
        while (true) {
            Batch batch = queue.poll(1, TimeUnit.SECONDS);
            if (batch != null) {
                return batch;
            }
            if (!thread.isAlive()) {
                batch = queue.poll();
                if (batch != null) {
                    return batch;
                }
                throw new IOException("The recording's reading thread ended before the recording did");
            }
        }
    }

    /**
     * The line of the event {@link #next} gave last (before any, the reader's line at the start), or of the line
     * it refused.
     */
    long lineNumber() {
        return lineNumber;
    }

    private void read() {
        try {
            while (!stopping) {
                MarketEvent[] events = new MarketEvent[BATCH];
                long[] lines = new long[BATCH];
                int size = 0;
                int levels = 0;
                Throwable failure = null;
                boolean last = false;
                try {
                    while (size < BATCH && levels < BATCH_LEVELS) {
                        MarketEvent event = reader.next();
                        if (event == null) {
                            last = true;
                            break;
                        }
                        if (event instanceof MarketEvent.Depth book) {
                            levels += book.asks().size() + book.bids().size();
                        }
                        events[size] = event;
                        lines[size++] = reader.position();
                    }
                } catch (IOException | RuntimeException | Error e) {
                    failure = e;
                    last = true;
                }
                queue.put(new Batch(events, lines, size, last, failure, reader.position()));
                if (last) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            // Closed while the queue was full: the backtest takes no more.
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the thread, waits for it, and closes the recording. */
    @Override
    public void close() {
        stopping = true;
        thread.interrupt();
        // Waits even when this thread was interrupted (the flag is kept): the recording is closed only once the
        // reading thread is out of it.
        boolean interrupted = false;
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        while (thread.isAlive() && System.nanoTime() < deadline) {
            try {
                thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.warn("The backtest's read-ahead thread did not end within {} s of the stop", STOP_WAIT.toSeconds());
            return;
        }
        try {
            reader.close();
        } catch (IOException e) {
            LOG.debug("The recording did not close cleanly", e);
        }
    }

    private static void rethrow(Throwable failure) throws IOException {
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        throw (Error) failure;
    }
}
