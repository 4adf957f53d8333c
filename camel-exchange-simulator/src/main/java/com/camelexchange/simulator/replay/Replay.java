package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.MarketFeed;
import com.camelexchange.simulator.market.MarketSpec;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

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
    private final Path file;
    private final ReplayCursor cursor;
    private final ReplayClock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private double speed;
    private boolean closed;
    private Instant pauseAt;
    /** Changes whenever playing starts or stops, so a player thread knows it is no longer the one. */
    private long generation;
    private boolean playing;

    private Replay(Path file, ReplayCursor cursor, double speed) {
        this.file = file;
        this.cursor = cursor;
        this.speed = checkSpeed(speed);
        MarketEvent first = cursor.next();
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
            return new Replay(file, new ReplayCursor(file, reader), speed);
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

    private <T> T locked(Supplier<T> action) {
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    /** The markets the recording names in its leading {@code markets} lines; empty when it names none. */
    public List<MarketSpec> recordedMarkets() {
        return cursor.recordedMarkets();
    }

    /** The clock the replayed simulator runs on. */
    public ReplayClock clock() {
        return clock;
    }

    /** Connects the simulator this replay feeds; lines of other markets are skipped. */
    public void attach(MarketFeed target, Set<String> marketNames) {
        Objects.requireNonNull(target, "target");
        locked(() -> {
            cursor.attach(target, marketNames);
            return null;
        });
    }

    public Path file() {
        return file;
    }

    /** The replay time. */
    public Instant now() {
        return clock.instant();
    }

    public double speed() {
        return locked(() -> speed);
    }

    /** Changes the speed; a playing replay goes on at the new one from where it is. */
    public Replay speed(double newSpeed) {
        checkSpeed(newSpeed);
        return locked(() -> {
            speed = newSpeed;
            if (playing) {
                startPlayer();
            }
            return this;
        });
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
        return locked(() -> {
            requireStepping();
            if (cursor.next() == null) {
                return false;
            }
            applyNextAtItsTime();
            return true;
        });
    }

    /**
     * Applies every line received at or before {@code time} and leaves the clock at {@code time} (or where it
     * is, if that is later: it never goes back).
     *
     * @return how many lines were applied
     */
    public int runUntil(Instant time) {
        long until = time.toEpochMilli();
        return locked(() -> {
            requireStepping();
            int n = 0;
            while (cursor.next() != null && cursor.next().at().toEpochMilli() <= until) {
                applyNextAtItsTime();
                n++;
            }
            clock.hold(until);
            return n;
        });
    }

    /** Applies every line left; the clock stays at the last one's time. */
    public int runToEnd() {
        return locked(() -> {
            requireStepping();
            int n = 0;
            while (cursor.next() != null) {
                applyNextAtItsTime();
                n++;
            }
            return n;
        });
    }

    /** Stops the clock at the next line's time (or where it is, if later) and applies the line. */
    private void applyNextAtItsTime() {
        clock.hold(cursor.next().at().toEpochMilli());
        cursor.applyNext();
    }

    private void requireStepping() {
        if (playing) {
            throw new IllegalStateException("The replay is playing: pause it before stepping");
        }
        if (cursor.failure() != null) {
            throw cursor.failure();
        }
        if (!cursor.attached()) {
            throw new IllegalStateException("The replay feeds no simulator yet");
        }
    }

    // ---------------------------------------------------------------- playing

    /** Plays from where the replay stands, at its speed, until the end or the time given to {@link #pauseAt}. */
    public Replay play() {
        return locked(() -> {
            if (closed) {
                throw new IllegalStateException("The replay is closed");
            }
            if (!cursor.attached()) {
                throw new IllegalStateException("The replay feeds no simulator yet");
            }
            if (!playing && cursor.next() != null) {
                playing = true;
                startPlayer();
            }
            return this;
        });
    }

    /**
     * Makes a playing replay stop once it has applied every line received at or before {@code time}, with its
     * clock at {@code time}; null plays on to the end. Takes effect on the replay playing now or the next play.
     */
    public Replay pauseAt(Instant time) {
        return locked(() -> {
            pauseAt = time;
            changed.signalAll();
            return this;
        });
    }

    /** Stops playing now; the clock stands where it is. */
    public void pause() {
        locked(() -> {
            stopPlaying();
            return null;
        });
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
        return locked(() -> playing);
    }

    /** Whether every line has been applied (or the replay ended on one it could not apply). */
    public boolean finished() {
        return locked(() -> cursor.next() == null);
    }

    /** Lines applied so far. */
    public long eventsApplied() {
        return locked(cursor::applied);
    }

    /** Lines skipped: of a market the simulator does not have, or of a kind this version does not know. */
    public long eventsSkipped() {
        return locked(cursor::skipped);
    }

    /** Why the replay ended before the end of the recording, or null. */
    public RecordingFormatException failure() {
        return locked(cursor::failure);
    }

    /** Stops playing for good and closes the file; the market stays as it was. */
    public void close() {
        locked(() -> {
            stopPlaying();
            closed = true;
            cursor.close();
            return null;
        });
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
            clock.run(speed, clock.millis());
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
                MarketEvent next = cursor.next();
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
                    // The clock stands at the line's time and may run no further until the line is applied;
                    // it is not stopped there, which would end the pace.
                    cursor.applyNext();
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
}
