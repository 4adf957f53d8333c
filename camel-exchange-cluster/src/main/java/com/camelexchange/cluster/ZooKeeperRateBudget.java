package com.camelexchange.cluster;

import com.camelexchange.client.budget.Held;
import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;

/** One budget in one znode, shared by every instance that asks for the same path (see {@link ZooKeeperRateBudgets}). */
final class ZooKeeperRateBudget implements RateBudget {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperRateBudget.class);
    /**
     * How soon a request blocked by calls in flight looks again. At full use the budget is blocked most of the
     * time until a reply is recorded, and the first caller to see it takes the slot: looking again every 5 ms
     * used all of a shared 60 a second in tests, where backing off to 20 ms used 0.96-0.99 of it and to 100 ms
     * 0.89-0.98. A read is cheap for ZooKeeper (served from memory by the server the client is connected to).
     */
    private static final long BLOCKED_POLL_MILLIS = 5;
    /**
     * Added to a call's deadline before its permit is taken as ended without a reply: the time an aborted
     * call may still take to reach the exchange, and what a killed instance's clock may have missed.
     */
    private static final long DEADLINE_MARGIN_MILLIS = 1_000;

    private final CuratorFramework client;
    private final String path;
    private final String label;
    private final BudgetWindow window;
    private final ObjectMapper json;
    private final ExecutorService releases;
    private final Queue<Release> pendingReleases = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean releasing = new AtomicBoolean();
    /** The turns of this JVM's callers, in the order they asked. */
    private final Semaphore turn = new Semaphore(1, true);
    /** The state as last read, for {@link #inUse()}. */
    private volatile BudgetState lastSeen = BudgetState.EMPTY;

    ZooKeeperRateBudget(CuratorFramework client, String path, String label, BudgetWindow window, ObjectMapper json,
                        ExecutorService releases) {
        this.client = client;
        this.path = path;
        this.label = label;
        this.window = window;
        this.json = json;
        this.releases = releases;
    }

    private record Read(BudgetState state, int version) {
    }

    /** A permit written into the budget, and when its request may go out. */
    private record Reservation(Permit permit, long sendAt) {
    }

    /**
     * The callers of this JVM take turns, first come first served: only the one whose turn it is reads the
     * budget (and looks again every few milliseconds while calls in flight block it); the others wait in order
     * without asking ZooKeeper anything. The turn ends once its permit is written, before the wait for its
     * send time, so that the next caller can reserve the slot after it meanwhile.
     */
    @Override
    public Held acquire(Duration maxWait, Duration maxHold) {
        long askedAt = System.currentTimeMillis();
        long waitUntil = askedAt + maxWait.toMillis();
        takeTurn(maxWait);
        Reservation reservation;
        try {
            reservation = reserve(askedAt, waitUntil, maxWait, maxHold);
        } finally {
            turn.release();
        }
        try {
            sleep(reservation.sendAt() - System.currentTimeMillis(), maxWait);
        } catch (ExchangeRateLimitException interrupted) {
            reservation.permit().close();
            throw interrupted;
        }
        return reservation.permit();
    }

    private void takeTurn(Duration maxWait) {
        try {
            if (!turn.tryAcquire(maxWait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new ExchangeRateLimitException(label, maxWait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExchangeRateLimitException(label + " (interrupted)", maxWait);
        }
    }

    /** How many callers of this JVM are asking: the one whose turn it is, and those waiting for theirs. */
    int asking() {
        return (turn.availablePermits() == 0 ? 1 : 0) + turn.getQueueLength();
    }

    private Reservation reserve(long askedAt, long waitUntil, Duration maxWait, Duration maxHold) {
        while (true) {
            Read read = read(askedAt);
            long now = System.currentTimeMillis();
            if (read.state().pausedUntil() > waitUntil) {
                // Paused beyond the wait (a 4001 locks the IP for an hour): fail at once, saying why.
                throw new ExchangeRateLimitException(label + " (" + read.state().pauseReason() + ")", maxWait);
            }
            long sendAt = window.earliestSend(read.state(), now);
            if (sendAt == BudgetWindow.BLOCKED) {
                if (now >= waitUntil) {
                    throw new ExchangeRateLimitException(label, maxWait);
                }
                sleep(Math.min(BLOCKED_POLL_MILLIS, waitUntil - now), maxWait);
                continue;
            }
            if (sendAt > waitUntil) {
                throw new ExchangeRateLimitException(read.state().pausedUntil() > now
                        ? label + " (" + read.state().pauseReason() + ")" : label, maxWait);
            }
            long deadline = sendAt + maxHold.toMillis() + DEADLINE_MARGIN_MILLIS;
            if (!write(window.reserve(read.state(), deadline, now), read.version(), askedAt)) {
                continue;
            }
            Permit permit = new Permit(deadline);
            if (System.currentTimeMillis() > sendAt + DEADLINE_MARGIN_MILLIS / 2) {
                // The write took long (retries after a lost connection, a pause of this JVM): the request would
                // go out so late that its recorded deadline might not cover it. Give the permit back, ask again.
                permit.close();
                continue;
            }
            return new Reservation(permit, sendAt);
        }
    }

    @Override
    public void pause(Duration duration, String reason) {
        long until = System.currentTimeMillis() + duration.toMillis();
        try {
            update(state -> window.pause(state, until, reason, System.currentTimeMillis()));
        } catch (RuntimeException unreachable) {
            // Nothing is lost: every instance keeps refusing to send while it cannot reach the budget.
            LOG.warn("Could not share the pause of {} ({}): the budget cannot be reached or read", label, reason);
        }
    }

    @Override
    public String label() {
        return label;
    }

    /**
     * {@inheritDoc} Across all instances, as this one last read the budget (no read of its own: the gauge and the
     * console ask often).
     */
    @Override
    public int inUse() {
        return window.inFlight(lastSeen, System.currentTimeMillis());
    }

    /** A permit recorded at its deadline until its reply moves it to the real end. */
    private final class Permit implements Held {
        private final long deadline;
        private final AtomicBoolean closed = new AtomicBoolean();

        Permit(long deadline) {
            this.deadline = deadline;
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                pendingReleases.add(new Release(deadline, System.currentTimeMillis()));
                scheduleReleases();
            }
        }
    }

    /** A reply to record: the request recorded at {@code deadline} ended at {@code ended}. */
    private record Release(long deadline, long ended) {
    }

    /**
     * Records the replies that arrived since the last time in one write, on the releases thread: one
     * compare-and-set for many replies keeps up with any rate, where one per reply fell behind once ZooKeeper
     * took a few milliseconds a write (and a reply not yet recorded counts until its deadline).
     */
    private void scheduleReleases() {
        if (releasing.compareAndSet(false, true)) {
            try {
                releases.execute(this::recordReleases);
            } catch (RejectedExecutionException closing) {
                recordReleases();
            }
        }
    }

    private void recordReleases() {
        releasing.set(false);
        List<Release> batch = new ArrayList<>();
        for (Release next = pendingReleases.poll(); next != null; next = pendingReleases.poll()) {
            batch.add(next);
        }
        if (batch.isEmpty()) {
            return;
        }
        try {
            update(state -> {
                long now = System.currentTimeMillis();
                BudgetState released = state;
                for (Release release : batch) {
                    released = window.release(released, release.deadline(), release.ended(), now);
                }
                return released;
            });
        } catch (RuntimeException unreachable) {
            // The permits stay recorded at their deadlines: they count a little longer, never too little.
            LOG.debug("Could not record {} replies of {} requests; they count until their deadlines", batch.size(),
                    label);
        }
    }

    private void update(UnaryOperator<BudgetState> change) {
        long askedAt = System.currentTimeMillis();
        while (true) {
            Read read = read(askedAt);
            if (write(change.apply(read.state()), read.version(), askedAt)) {
                return;
            }
        }
    }

    /** The budget as it is now; {@code askedAt} is when the caller began, for the wait a refusal reports. */
    private Read read(long askedAt) {
        ensureConnected(askedAt);
        try {
            Stat stat = new Stat();
            byte[] data = client.getData().storingStatIn(stat).forPath(path);
            BudgetState state = data == null || data.length == 0 ? BudgetState.EMPTY
                    : json.readValue(data, BudgetState.class);
            lastSeen = state;
            return new Read(state, stat.getVersion());
        } catch (KeeperException.NoNodeException absent) {
            create(askedAt);
            return read(askedAt);
        } catch (IOException unreadable) {
            LOG.debug("Rate budget {} unreadable: {}", path, unreadable.toString());
            throw new ExchangeRateLimitException(label + " (the shared budget in ZooKeeper holds what this version"
                                                 + " cannot read)", waitedSince(askedAt));
        } catch (Exception unreachable) {
            throw unreachable(unreachable, askedAt);
        }
    }

    /**
     * Refuses at once while the client is not connected. Curator would otherwise wait for the connection and
     * retry under its retry policy (the starter's: five times, up to 5 s each, and the connection timeout every
     * time): the route's thread would block half a minute and more, only to be refused anyway.
     */
    private void ensureConnected(long askedAt) {
        if (!client.getZookeeperClient().isConnected()) {
            throw new ExchangeRateLimitException(label + " (the shared budget in ZooKeeper cannot be reached: not"
                                                 + " connected)", waitedSince(askedAt));
        }
    }

    private void create(long askedAt) {
        try {
            client.create().creatingParentsIfNeeded().forPath(path, new byte[0]);
        } catch (KeeperException.NodeExistsException another) {
            // Another instance created it first: the same thing.
        } catch (Exception unreachable) {
            throw unreachable(unreachable, askedAt);
        }
    }

    /** Compare-and-set: false when another instance changed the budget since it was read. */
    private boolean write(BudgetState state, int version, long askedAt) {
        ensureConnected(askedAt);
        try {
            // Idempotent: a write Curator retries after a lost connection, that had landed the first time, is taken
            // as done (by its content) instead of as another instance's change, which would apply it twice. The
            // random write number keeps another instance's write of an equal state from passing for this one.
            byte[] data = json.writeValueAsBytes(state.asWrite(ThreadLocalRandom.current().nextLong()));
            client.setData().idempotent().withVersion(version).forPath(path, data);
            return true;
        } catch (KeeperException.BadVersionException another) {
            return false;
        } catch (Exception unreachable) {
            throw unreachable(unreachable, askedAt);
        }
    }

    private ExchangeRateLimitException unreachable(Exception cause, long askedAt) {
        if (cause instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        LOG.debug("Rate budget {} unreachable: {}", path, cause.toString());
        return new ExchangeRateLimitException(cause instanceof InterruptedException ? label + " (interrupted)"
                : label + " (the shared budget in ZooKeeper cannot be reached: " + cause.getClass().getSimpleName()
                  + ")", waitedSince(askedAt));
    }

    /** How long a caller that began at {@code askedAt} has waited: what its refusal says. */
    private static Duration waitedSince(long askedAt) {
        return Duration.ofMillis(Math.max(0, System.currentTimeMillis() - askedAt));
    }

    private void sleep(long millis, Duration maxWait) {
        if (millis <= 0) {
            return;
        }
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExchangeRateLimitException(label + " (interrupted)", maxWait);
        }
    }
}
