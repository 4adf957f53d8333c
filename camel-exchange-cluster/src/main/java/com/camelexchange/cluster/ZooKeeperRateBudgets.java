package com.camelexchange.cluster;

import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.budget.RateBudgets;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.PathUtils;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Rate budgets that every instance connected to one ZooKeeper ensemble shares: one budget per key (or user)
 * and per IP, whichever instance spends it. Bind one to the exchange component ({@code rateBudgets}, found
 * in the registry by type) on every instance, and together they keep within the exchange's limits instead
 * of each spending the whole of them.
 *
 * <p>Each budget is one znode under {@code basePath}, changed only by compare-and-set on its version, so
 * that concurrent instances never both take the last permit. Requests are recorded at the latest moment the
 * exchange may count them (see {@link BudgetWindow}): an instance killed while holding permits holds them
 * only until their calls' deadlines.
 *
 * <p>When ZooKeeper cannot be reached the call is refused, unsent, with the component's
 * {@code ExchangeRateLimitException}: an instance that cannot see what the others spend cannot know what
 * is left, and a request too many can lock the IP out for an hour, while a refused call is retried or
 * handled by the route like any other rate-limit refusal. While the client is not connected the refusal
 * comes at once, without Curator's retries; so start the client and wait for its connection
 * ({@code blockUntilConnected}) before the routes start.
 *
 * <p>Instances compare wall-clock times, so their clocks must agree (NTP); {@code clockTolerance} (default
 * 10 ms) is added to every window to absorb what remains. It is {@link AutoCloseable}: closing stops the
 * thread that records replies; the Curator client belongs to its owner and stays open.
 */
public class ZooKeeperRateBudgets implements RateBudgets, AutoCloseable {
    /** Where the budgets live unless told otherwise. */
    public static final String DEFAULT_BASE_PATH = "/camel-exchange/rate";

    private final CuratorFramework client;
    private final String basePath;
    private final Duration clockTolerance;
    /** Reads what a later version may add to a budget's state, so instances can be upgraded one at a time. */
    private final ObjectMapper json = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
            false);
    private final ExecutorService releases = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "ExchangeRateBudgetReleases");
        thread.setDaemon(true);
        return thread;
    });

    /** On a client its owner has started, under {@value #DEFAULT_BASE_PATH}, with a 10 ms clock tolerance. */
    public ZooKeeperRateBudgets(CuratorFramework client) {
        this(client, DEFAULT_BASE_PATH, Duration.ofMillis(10));
    }

    /**
     * @param clockTolerance how far the instances' clocks may disagree; added to every window
     */
    public ZooKeeperRateBudgets(CuratorFramework client, String basePath, Duration clockTolerance) {
        this.client = Objects.requireNonNull(client, "client");
        this.basePath = basePath.length() > 1 && basePath.endsWith("/")
                ? basePath.substring(0, basePath.length() - 1) : basePath;
        PathUtils.validatePath(this.basePath);
        if (clockTolerance.isNegative()) {
            throw new IllegalArgumentException("clockTolerance must not be negative: " + clockTolerance);
        }
        this.clockTolerance = clockTolerance;
    }

    @Override
    public RateBudget budget(String id, String label, int permits, Duration window) {
        String path = basePath + "/" + id;
        PathUtils.validatePath(path);
        // One millisecond more, as in one JVM: the exchange's clock counts whole milliseconds.
        BudgetWindow arithmetic = new BudgetWindow(permits, window.plus(clockTolerance).toMillis() + 1);
        return new ZooKeeperRateBudget(client, path, label, arithmetic, json, releases);
    }

    public String getBasePath() {
        return basePath;
    }

    @Override
    public void close() {
        releases.shutdown();
        try {
            // Replies already in let their permits go before the client's owner closes it.
            releases.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
