package com.camelexchange.client.internal.feed;

import com.camelexchange.client.internal.stream.CatchUpTurns;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The consumer around a kind of pushed data, as a test drives it: it records what the kind asks for (a wake, a
 * hold, a report) instead of scheduling anything, and the test runs the next {@code work} itself. Deliveries go to
 * a list; an item named in {@link #refuseOnce} fails its first delivery, as a listener that throws.
 */
final class FakePushContext implements PushContext {
    final CatchUpTurns turns;
    final List<Object> delivered = new ArrayList<>();
    final Set<Object> refuseOnce = new HashSet<>();
    final List<Duration> holds = new ArrayList<>();
    final List<String> reports = new ArrayList<>();
    final List<String> missed = new ArrayList<>();
    int wakes;
    int failures;
    int successes;
    boolean running = true;
    boolean silent;

    FakePushContext(CatchUpTurns turns) {
        this.turns = turns;
    }

    FakePushContext() {
        this(new CatchUpTurns(2));
    }

    @Override
    public boolean running() {
        return running;
    }

    @Override
    public boolean more() {
        return running;
    }

    @Override
    public boolean emit(Object item, Runnable onCompleted) {
        if (refuseOnce.remove(item)) {
            return false;
        }
        delivered.add(item);
        onCompleted.run();
        return true;
    }

    @Override
    public void wake() {
        wakes++;
    }

    @Override
    public void holdFor(Duration delay) {
        holds.add(delay);
    }

    @Override
    public void failed() {
        failures++;
    }

    @Override
    public void succeeded() {
        successes++;
    }

    @Override
    public void report(String message, Throwable cause) {
        reports.add(message + ": " + cause.getMessage());
    }

    @Override
    public void missedPushes(String evidence) {
        missed.add(evidence);
    }

    @Override
    public boolean channelSilent() {
        return silent;
    }

    @Override
    public CatchUpTurns.Turn askTurn() {
        return turns.ask(this::wake);
    }
}
