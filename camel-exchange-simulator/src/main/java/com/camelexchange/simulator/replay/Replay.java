package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.MarketFeed;
import com.camelexchange.simulator.market.MarketSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Plays a recording into a simulator's {@link MarketFeed}, each line when the {@link ReplayClock} reaches
 * the time it was received. It plays at a speed (1 is real time; {@code Double.POSITIVE_INFINITY} as fast
 * as it reads) on a thread of its own, or moves only when told: {@link #step()} applies the next line,
 * {@link #runUntil(Instant)} every line up to a time. A test that places orders at exact replay times
 * steps, or plays with {@link #pauseAt(Instant)} and waits with {@link #awaitPaused(Duration)}; what the
 * orders get is then the same at any speed, run after run.
 * <p>
 * A line of a market the simulator does not have is skipped (counted, and logged once per market). A
 * line that cannot be read or fed ends the replay: {@link #failure()} tells why. Times that go backwards
 * are applied at the time of the line before. Thread-safe.
 */
public final class Replay {
    private static final Logger LOG = LoggerFactory.getLogger(Replay.class);

    private final Path file;
    private final RecordingReader reader;
    private final ReplayClock clock;
    private final List<MarketSpec> recordedMarkets;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Set<String> unknownMarkets = new HashSet<>();
    private double speed;
    private MarketFeed feed;
    private Set<String> markets = Set.of();
    private MarketEvent next;
    private boolean closed;
    private RuntimeException failure;
    private Instant pauseAt;
    /** Changes whenever playing starts or stops, so a player thread knows it is no longer the one. */
    private long generation;
    private boolean playing;
    private long applied;
    private long skipped;

    private Replay(Path file, RecordingReader reader, double speed) throws IOException {
        this.file = file;
        this.reader = reader;
        this.speed = checkSpeed(speed);
        List<MarketSpec> named = new ArrayList<>();
        MarketEvent first = reader.next();
        while (first instanceof MarketEvent.Markets m) {
            named.addAll(m.markets());
            first = reader.next();
        }
        this.recordedMarkets = List.copyOf(named);
        this.next = first;
        this.clock = new ReplayClock(first == null ? Instant.now() : first.at());
    }

    /**
     * Opens a recording and reads up to its first line of market data: the markets named before it, and the
     * time the replay starts at.
     *
     * @throws RecordingFormatException when those first lines cannot be read
     */
    public static Replay open(Path file, double speed) throws IOException {
        RecordingReader reader = RecordingReader.open(file);
        try {
            return new Replay(file, reader, speed);
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private static double checkSpeed(double speed) {
        if (!(speed > 0)) {
            throw new IllegalArgumentException("A replay speed must be positive: " + speed);
        }
        return speed;
    }

    /** The markets the recording names in its leading {@code markets} lines; empty when it names none. */
    public List<MarketSpec> recordedMarkets() {
        return recordedMarkets;
    }

    /** The clock the replayed simulator runs on. */
    public ReplayClock clock() {
        return clock;
    }

    /** Connects the simulator this replay feeds; lines of other markets are skipped. */
    public void attach(MarketFeed target, Set<String> marketNames) {
        lock.lock();
        try {
            this.feed = Objects.requireNonNull(target, "target");
            this.markets = Set.copyOf(marketNames);
        } finally {
            lock.unlock();
        }
    }

    public Path file() {
        return file;
    }

    /** The replay time. */
    public Instant now() {
        return clock.instant();
    }

    public double speed() {
        lock.lock();
        try {
            return speed;
        } finally {
            lock.unlock();
        }
    }

    /** Changes the speed; a playing replay goes on at the new one from where it is. */
    public Replay speed(double newSpeed) {
        lock.lock();
        try {
            speed = checkSpeed(newSpeed);
            if (playing) {
                startPlayer();
            }
            return this;
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- stepping

    /**
     * Applies the next line, moving the clock to its time.
     *
     * @return false at the end of the recording
     * @throws IllegalStateException while the replay plays
     * @throws RecordingFormatException when the replay ended on a line it could not apply
     */
    public boolean step() {
        lock.lock();
        try {
            requireStepping();
            if (next == null) {
                return false;
            }
            clock.hold(next.at().toEpochMilli());
            applyNext();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Applies every line received at or before {@code time} and leaves the clock at {@code time} (or where it
     * is, if that is later: it never goes back).
     *
     * @return how many lines were applied
     */
    public int runUntil(Instant time) {
        long until = time.toEpochMilli();
        lock.lock();
        try {
            requireStepping();
            int n = 0;
            while (next != null && next.at().toEpochMilli() <= until) {
                clock.hold(next.at().toEpochMilli());
                applyNext();
                n++;
            }
            clock.hold(until);
            return n;
        } finally {
            lock.unlock();
        }
    }

    /** Applies every line left; the clock stays at the last one's time. */
    public int runToEnd() {
        lock.lock();
        try {
            requireStepping();
            int n = 0;
            while (next != null) {
                clock.hold(next.at().toEpochMilli());
                applyNext();
                n++;
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    private void requireStepping() {
        if (playing) {
            throw new IllegalStateException("The replay is playing: pause it before stepping");
        }
        if (failure != null) {
            throw failure;
        }
        if (feed == null) {
            throw new IllegalStateException("The replay feeds no simulator yet");
        }
    }

    // ---------------------------------------------------------------- playing

    /** Plays from where the replay stands, at its speed, until the end or the time given to {@link #pauseAt}. */
    public Replay play() {
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("The replay is closed");
            }
            if (feed == null) {
                throw new IllegalStateException("The replay feeds no simulator yet");
            }
            if (!playing && next != null) {
                playing = true;
                startPlayer();
            }
            return this;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Makes a playing replay stop once it has applied every line received at or before {@code time}, with its
     * clock at {@code time}; null plays on to the end. Takes effect on the replay playing now or the next play.
     */
    public Replay pauseAt(Instant time) {
        lock.lock();
        try {
            pauseAt = time;
            changed.signalAll();
            return this;
        } finally {
            lock.unlock();
        }
    }

    /** Stops playing now; the clock stands where it is. */
    public void pause() {
        lock.lock();
        try {
            stopPlaying();
        } finally {
            lock.unlock();
        }
    }

    /** Waits until the replay does not play (it paused, or reached the end); false when time ran out first. */
    public boolean awaitPaused(Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (playing) {
                if (left <= 0) {
                    return false;
                }
                left = changed.awaitNanos(left);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    public boolean playing() {
        lock.lock();
        try {
            return playing;
        } finally {
            lock.unlock();
        }
    }

    /** Whether every line has been applied (or the replay ended on one it could not apply). */
    public boolean finished() {
        lock.lock();
        try {
            return next == null;
        } finally {
            lock.unlock();
        }
    }

    /** Lines applied so far. */
    public long eventsApplied() {
        lock.lock();
        try {
            return applied;
        } finally {
            lock.unlock();
        }
    }

    /** Lines skipped: of a market the simulator does not have, or of a kind this version does not know. */
    public long eventsSkipped() {
        lock.lock();
        try {
            return skipped + reader.unknownKinds();
        } finally {
            lock.unlock();
        }
    }

    /** Why the replay ended before the end of the recording, or null. */
    public RuntimeException failure() {
        lock.lock();
        try {
            return failure;
        } finally {
            lock.unlock();
        }
    }

    /** Stops playing for good and closes the file; the market stays as it was. */
    public void close() {
        lock.lock();
        try {
            stopPlaying();
            closed = true;
            next = null;
            closeReader();
        } finally {
            lock.unlock();
        }
    }

    private void stopPlaying() {
        if (playing) {
            playing = false;
            generation++;
            clock.hold(clock.millis());
            changed.signalAll();
        }
    }

    private void startPlayer() {
        long mine = ++generation;
        if (Double.isInfinite(speed)) {
            clock.hold(clock.millis());
        } else {
            clock.run(speed, next == null ? Long.MAX_VALUE : clock.millis());
        }
        Thread player = new Thread(() -> play(mine), "exchange-simulator-replay");
        player.setDaemon(true);
        player.start();
    }

    /** The player: applies lines as the clock reaches them, until paused, stopped or at the end. */
    private void play(long mine) {
        lock.lock();
        try {
            while (playing && generation == mine) {
                if (next == null) {
                    // The market goes quiet; a running clock runs on, as time does.
                    clock.runTowards(Long.MAX_VALUE);
                    playing = false;
                    break;
                }
                long due = Math.max(next.at().toEpochMilli(), clock.millis());
                if (pauseAt != null && due > pauseAt.toEpochMilli()) {
                    long pause = pauseAt.toEpochMilli();
                    if (reached(pause, mine)) {
                        clock.hold(pause);
                        pauseAt = null;
                        playing = false;
                        generation++;
                    }
                    continue;
                }
                if (reached(due, mine)) {
                    applyNext();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            changed.signalAll();
            lock.unlock();
        }
    }

    /**
     * Lets the clock run up to {@code at} and waits for it; false when something changed meanwhile (a pause,
     * a new pause time, a new speed) and the player must look again.
     */
    private boolean reached(long at, long mine) throws InterruptedException {
        if (Double.isInfinite(speed)) {
            clock.hold(at);
            return true;
        }
        clock.runTowards(at);
        long wait = clock.nanosUntil(at);
        Instant pausing = pauseAt;
        while (wait > 0) {
            changed.awaitNanos(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(100)));
            if (!playing || generation != mine || pauseAt != pausing) {
                return false;
            }
            wait = clock.nanosUntil(at);
        }
        return true;
    }

    /** Feeds the next line (the clock is at its time) and reads the one after. */
    private void applyNext() {
        MarketEvent event = next;
        try {
            if (markets.contains(event.market())) {
                event.applyTo(feed);
                applied++;
            } else {
                skipped++;
                if (unknownMarkets.add(String.valueOf(event.market())) && unknownMarkets.size() <= 100) {
                    LOG.warn("Replay of {} skips market {}: the simulator does not have it", file,
                            event.market());
                }
            }
            next = readNext();
        } catch (IllegalArgumentException e) {
            fail(e instanceof RecordingFormatException r ? r
                    : new RecordingFormatException(reader.lineNumber(), e.getMessage()));
        }
        if (next == null) {
            changed.signalAll();
        }
    }

    private MarketEvent readNext() {
        try {
            MarketEvent event = reader.next();
            while (event instanceof MarketEvent.Markets) {
                // Markets are fixed when the simulator is built.
                skipped++;
                event = reader.next();
            }
            if (event == null) {
                closeReader();
            }
            return event;
        } catch (IOException e) {
            fail(new RecordingFormatException(reader.lineNumber(), "cannot be read: " + e.getMessage()));
            return null;
        }
    }

    private void fail(RecordingFormatException e) {
        failure = e;
        next = null;
        closeReader();
        LOG.warn("Replay of {} stopped: {}", file, e.getMessage());
    }

    private void closeReader() {
        try {
            reader.close();
        } catch (IOException e) {
            LOG.debug("Closing {}", file, e);
        }
    }
}
