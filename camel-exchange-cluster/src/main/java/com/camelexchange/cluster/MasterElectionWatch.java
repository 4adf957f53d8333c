package com.camelexchange.cluster;

import org.apache.camel.CamelContext;
import org.apache.camel.CamelContextAware;
import org.apache.camel.Route;
import org.apache.camel.component.master.MasterConsumer;
import org.apache.camel.component.master.MasterEndpoint;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.camel.support.service.ServiceSupport;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Puts this instance back into the election of a started {@code master:} route that has silently dropped out of it.
 *
 * <p>Why it is needed: in Camel 4.18.0, camel-zookeeper's cluster view joins the election again, when a
 * {@code master:} route is stopped and started, by asking Curator's leader selector to requeue; the selector
 * ignores that while its previous turn is still winding down (giving up leadership, releasing its lock node), and
 * nothing asks again. A route stopped and started at once (by a route controller, by an operator, by the
 * {@link MasterRouteFence} after a short blip) can so stay started, consuming nothing and never elected: one
 * instance fewer to take over, and none at all if every instance hit it.
 *
 * <p>Every {@code interval} it looks, for each started {@code master:} route on this context, whether this instance
 * leads the route's namespace or has a lock node in its election (the node's data is the cluster service's id).
 * Seen out of the election at two checks in a row (a turn being queued has no node for a moment) while connected to
 * ZooKeeper, the namespace's view is stopped and started again, which requeues now that the old turn is over.
 *
 * <p>Add it to the context as a service, next to the cluster service it watches:
 * {@code context.addService(new MasterElectionWatch(clusterService))}. The cluster service must have been given
 * its Curator client (camel-zookeeper hands out only a client it was given).
 */
public class MasterElectionWatch extends ServiceSupport implements CamelContextAware {
    /**
     * How often the elections are looked at: for each {@code master:} route not leading, one listing of its
     * election's nodes and one read per node.
     */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);

    private static final Logger LOG = LoggerFactory.getLogger(MasterElectionWatch.class);

    private final ZooKeeperClusterService clusterService;
    private final Duration interval;
    private CamelContext camelContext;
    private ScheduledExecutorService executor;
    /** The namespaces found out of their election at the last check; only touched on the executor's thread. */
    private Set<String> outLastTime = Set.of();
    /** Whether the last check failed: a second failure in a row is worth a warning. */
    private boolean failedLastTime;
    private final AtomicLong checks = new AtomicLong();
    private final AtomicLong rejoins = new AtomicLong();

    public MasterElectionWatch(ZooKeeperClusterService clusterService) {
        this(clusterService, DEFAULT_INTERVAL);
    }

    public MasterElectionWatch(ZooKeeperClusterService clusterService, Duration interval) {
        this.clusterService = Objects.requireNonNull(clusterService, "clusterService");
        this.interval = Objects.requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive, was " + interval);
        }
    }

    @Override
    public void setCamelContext(CamelContext camelContext) {
        this.camelContext = camelContext;
    }

    @Override
    public CamelContext getCamelContext() {
        return camelContext;
    }

    @Override
    protected void doStart() {
        Objects.requireNonNull(camelContext, "camelContext");
        if (clusterService.getCuratorFramework() == null) {
            throw new IllegalStateException("MasterElectionWatch needs a cluster service given its Curator client"
                                            + " (ZooKeeperCuratorConfiguration.setCuratorFramework)");
        }
        executor = camelContext.getExecutorServiceManager()
                .newSingleThreadScheduledExecutor(this, "MasterElectionWatch");
        long millis = interval.toMillis();
        executor.scheduleWithFixedDelay(this::checkQuietly, millis, millis, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void doStop() {
        if (executor != null) {
            camelContext.getExecutorServiceManager().shutdown(executor);
            executor = null;
        }
    }

    /** How many checks have run to their end, failed or not. */
    public long getChecks() {
        return checks.get();
    }

    /** How many times this instance was put back into an election it had dropped out of. */
    public long getRejoins() {
        return rejoins.get();
    }

    /**
     * A failed look (ZooKeeper unreachable, a route being removed) is logged and the next one comes anyway: the
     * scheduled task must not end on an exception. A failure once is routine; twice in a row (missing rights on
     * the election's nodes, say) is a warning, since the watch does nothing while it lasts.
     */
    private void checkQuietly() {
        try {
            check();
            failedLastTime = false;
        } catch (Exception e) {
            if (failedLastTime) {
                LOG.warn("Could not look at the master: routes' elections twice in a row, trying again in {}: {}",
                        interval, e.toString());
            } else {
                LOG.debug("Could not look at the master: routes' elections, trying again in {}: {}", interval,
                        e.toString());
            }
            failedLastTime = true;
        } finally {
            checks.incrementAndGet();
        }
    }

    private void check() throws Exception {
        CuratorFramework client = clusterService.getCuratorFramework();
        if (!isRunAllowed() || !camelContext.getStatus().isStarted() || !client.getZookeeperClient().isConnected()) {
            // Starting, stopping or cut off: nothing to judge; the fence (if any) has stopped the routes meanwhile.
            outLastTime = Set.of();
            return;
        }
        Set<String> outNow = new HashSet<>();
        for (String namespace : startedMasterNamespaces()) {
            if (inElection(client, namespace)) {
                continue;
            }
            if (outLastTime.contains(namespace)) {
                rejoin(client, namespace);
            } else {
                outNow.add(namespace);
            }
        }
        outLastTime = outNow;
    }

    private boolean inElection(CuratorFramework client, String namespace) throws Exception {
        return clusterService.isLeader(namespace) || takesPart(client, namespace);
    }

    /**
     * The namespaces of this context's master: routes whose consumer runs, on the watched cluster service. The
     * consumer, not the route: a stopping route keeps the status Started while it drains its exchanges in
     * flight, after its consumer has already stopped and left the election.
     */
    private Set<String> startedMasterNamespaces() {
        Set<String> namespaces = new HashSet<>();
        for (Route route : camelContext.getRoutes()) {
            if (route.getEndpoint() instanceof MasterEndpoint master && route.getConsumer() instanceof MasterConsumer
                consumer && consumer.isStarted() && clusterService.getNamespaces().contains(master.getNamespace())) {
                namespaces.add(master.getNamespace());
            }
        }
        return namespaces;
    }

    /** Whether one of the election's lock nodes is this instance's: Curator writes the participant id as its data. */
    private boolean takesPart(CuratorFramework client, String namespace) throws Exception {
        // The configuration's base path, as the view builds it: the service's own getBasePath() is only what its
        // setter was given, null when the service was made from a configuration.
        String election = ZKPaths.makePath(clusterService.getConfiguration().getBasePath(), namespace);
        byte[] id = clusterService.getId().getBytes(StandardCharsets.UTF_8);
        List<String> nodes;
        try {
            nodes = client.getChildren().forPath(election);
        } catch (KeeperException.NoNodeException noElectionYet) {
            return false;
        }
        for (String node : nodes) {
            try {
                if (Arrays.equals(id, client.getData().forPath(ZKPaths.makePath(election, node)))) {
                    return true;
                }
            } catch (KeeperException.NoNodeException gone) {
                // Released between the listing and the read: someone else's turn ended, or ours did.
            }
        }
        return false;
    }

    /**
     * Stops and starts the namespace's view: the old turn is over, so the start requeues this time. Looked at once
     * more first, since the route may have been restarted (and elected) since the check. If the route stopped
     * meanwhile (its own release of the view may have come between the two), the view is stopped again, so that
     * this instance never stays in an election for a route that does not consume.
     */
    private void rejoin(CuratorFramework client, String namespace) throws Exception {
        if (inElection(client, namespace)) {
            return;
        }
        LOG.warn("This instance is out of the election for {} although its master: route is started: joining it"
                 + " again", namespace);
        rejoins.incrementAndGet();
        clusterService.stopView(namespace);
        clusterService.startView(namespace);
        if (!startedMasterNamespaces().contains(namespace)) {
            clusterService.stopView(namespace);
        }
    }
}
