package com.camelexchange.cluster;

import com.camelexchange.component.api.ExchangeRateLimitException;
import com.camelexchange.component.api.Held;
import com.camelexchange.component.api.RateBudget;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;

/** One budget in one znode, shared by every instance that asks for the same path (see {@link ZooKeeperRateBudgets}). */
final class ZooKeeperRateBudget implements RateBudget {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperRateBudget.class);
    /** How often a request blocked by calls in flight looks again. */
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

    @Override
    public Held acquire(Duration maxWait, Duration maxHold) {
        long waitUntil = System.currentTimeMillis() + maxWait.toMillis();
        while (true) {
            Read read = read();
            long now = System.currentTimeMillis();
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
            if (!write(window.reserve(read.state(), deadline, now), read.version())) {
                continue;
            }
            Permit permit = new Permit(deadline);
            try {
                sleep(sendAt - System.currentTimeMillis(), maxWait);
            } catch (ExchangeRateLimitException interrupted) {
                permit.close();
                throw interrupted;
            }
            return permit;
        }
    }

    @Override
    public void pause(Duration duration, String reason) {
        long until = System.currentTimeMillis() + duration.toMillis();
        try {
            update(state -> window.pause(state, until, reason, System.currentTimeMillis()));
        } catch (ExchangeRateLimitException unreachable) {
            // Nothing is lost: every instance keeps refusing to send while it cannot reach the budget.
            LOG.warn("Could not share the pause of {} ({}): the budget cannot be reached", label, reason);
        }
    }

    @Override
    public String label() {
        return label;
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
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            long ended = System.currentTimeMillis();
            try {
                releases.execute(() -> release(ended));
            } catch (RejectedExecutionException closing) {
                release(ended);
            }
        }

        private void release(long ended) {
            try {
                update(state -> window.release(state, deadline, ended, System.currentTimeMillis()));
            } catch (RuntimeException unreachable) {
                // The permit stays recorded at its deadline: it counts a little longer, never too little.
                LOG.debug("Could not record the reply of a {} request; it counts until its deadline", label);
            }
        }
    }

    private void update(UnaryOperator<BudgetState> change) {
        while (true) {
            Read read = read();
            if (write(change.apply(read.state()), read.version())) {
                return;
            }
        }
    }

    private Read read() {
        try {
            Stat stat = new Stat();
            byte[] data = client.getData().storingStatIn(stat).forPath(path);
            BudgetState state = data == null || data.length == 0 ? BudgetState.EMPTY
                    : json.readValue(data, BudgetState.class);
            return new Read(state, stat.getVersion());
        } catch (KeeperException.NoNodeException absent) {
            create();
            return read();
        } catch (IOException unreadable) {
            throw new IllegalStateException("The rate budget at " + path + " holds what this version cannot read",
                    unreadable);
        } catch (Exception unreachable) {
            throw unreachable(unreachable);
        }
    }

    private void create() {
        try {
            client.create().creatingParentsIfNeeded().forPath(path, new byte[0]);
        } catch (KeeperException.NodeExistsException another) {
            // Another instance created it first: the same thing.
        } catch (Exception unreachable) {
            throw unreachable(unreachable);
        }
    }

    /** Compare-and-set: false when another instance changed the budget since it was read. */
    private boolean write(BudgetState state, int version) {
        try {
            client.setData().withVersion(version).forPath(path, json.writeValueAsBytes(state));
            return true;
        } catch (KeeperException.BadVersionException another) {
            return false;
        } catch (Exception unreachable) {
            throw unreachable(unreachable);
        }
    }

    private ExchangeRateLimitException unreachable(Exception cause) {
        if (cause instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        LOG.debug("Rate budget {} unreachable: {}", path, cause.toString());
        return new ExchangeRateLimitException(label + " (the shared budget in ZooKeeper cannot be reached: "
                                              + cause.getClass().getSimpleName() + ")", Duration.ZERO);
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
