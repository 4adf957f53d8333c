package com.camelexchange.cluster;

import org.apache.camel.CamelContext;
import org.apache.camel.CamelContextAware;
import org.apache.camel.Route;
import org.apache.camel.ServiceStatus;
import org.apache.camel.component.master.MasterEndpoint;
import org.apache.camel.support.service.ServiceSupport;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Stops a context's {@code master:} routes as soon as its ZooKeeper connection is suspended or lost, and starts
 * them again once it is back, so that an instance cut off from ZooKeeper never goes on consuming as a leader
 * while the others elect a new one.
 *
 * <p>Why it is needed: in Camel 4.18.0, camel-zookeeper's cluster view learns that the connection is suspended
 * but asks ZooKeeper (which it cannot reach) who leads before telling camel-master, so the {@code master:}
 * consumer of a cut-off leader keeps running; once its session expires another instance is elected and both
 * consume. Curator's own rule is to take a suspended connection as leadership lost until it is back. Stopping
 * the route releases camel-master's view and its election; starting it again joins a fresh election, which this
 * instance may or may not win.
 *
 * <p>Add it to the context as a service ({@code context.addService(new MasterRouteFence(client))}) with the
 * Curator client the cluster service uses. Routes are stopped and started on a thread of the context's, never on
 * Curator's event thread (stopping a {@code master:} route talks to ZooKeeper).
 */
public class MasterRouteFence extends ServiceSupport implements CamelContextAware, ConnectionStateListener {
    private static final Logger LOG = LoggerFactory.getLogger(MasterRouteFence.class);

    private final CuratorFramework client;
    private CamelContext camelContext;
    private ScheduledExecutorService executor;
    /** The pending retry of a fence or unfence, if any; only touched on the executor's thread. */
    private ScheduledFuture<?> retry;
    /** Whether the connection is down now: a route that could not be stopped is tried again meanwhile. */
    private volatile boolean suspended;
    /** The routes this fence stopped, to start again; touched on the executor's single thread only. */
    private final List<String> fenced = new ArrayList<>();

    public MasterRouteFence(CuratorFramework client) {
        this.client = Objects.requireNonNull(client, "client");
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
        executor = camelContext.getExecutorServiceManager().newSingleThreadScheduledExecutor(this, "MasterRouteFence");
        client.getConnectionStateListenable().addListener(this);
    }

    @Override
    protected void doStop() {
        client.getConnectionStateListenable().removeListener(this);
        if (executor != null) {
            camelContext.getExecutorServiceManager().shutdown(executor);
            executor = null;
        }
    }

    @Override
    public void stateChanged(CuratorFramework changed, ConnectionState newState) {
        ScheduledExecutorService current = executor;
        if (current == null || !isRunAllowed()) {
            return;
        }
        if (newState == ConnectionState.SUSPENDED || newState == ConnectionState.LOST) {
            suspended = true;
            current.execute(this::fence);
        } else if (newState == ConnectionState.RECONNECTED) {
            suspended = false;
            current.execute(this::unfence);
        }
    }

    /** Stops the started master: routes; runs for every suspension or loss, even one already over (a lost session). */
    private void fence() {
        boolean allStopped = true;
        for (Route route : camelContext.getRoutes()) {
            String id = route.getRouteId();
            if (route.getEndpoint() instanceof MasterEndpoint
                && camelContext.getRouteController().getRouteStatus(id) == ServiceStatus.Started) {
                try {
                    camelContext.getRouteController().stopRoute(id);
                    fenced.add(id);
                    LOG.warn("ZooKeeper connection suspended: route {} stopped until it is back, so that it cannot"
                             + " consume as a leader the others no longer see", id);
                } catch (Exception e) {
                    allStopped = false;
                    LOG.warn("Could not stop route {} while the ZooKeeper connection is suspended, trying again in"
                             + " a second: {}", id, e.toString());
                }
            }
        }
        if (!allStopped) {
            tryAgainInASecond(this::fenceAgain);
        }
    }

    /**
     * One retry at a time: a newer connection event's retry replaces the one pending, so that events coming
     * while a route keeps failing do not each start a retry chain of their own. Runs on the executor's thread.
     */
    private void tryAgainInASecond(Runnable step) {
        ScheduledExecutorService current = executor;
        if (current == null || !isRunAllowed()) {
            return;
        }
        if (retry != null) {
            retry.cancel(false);
        }
        retry = current.schedule(step, 1, TimeUnit.SECONDS);
    }

    /** A route that could not be stopped is tried again, for as long as the connection stays down. */
    private void fenceAgain() {
        if (suspended) {
            fence();
        }
    }

    /** Starts the routes this fence stopped; runs once the connection is back. */
    private void unfence() {
        if (!camelContext.getStatus().isStarted()) {
            return;
        }
        boolean allStarted = true;
        for (String id : List.copyOf(fenced)) {
            try {
                camelContext.getRouteController().startRoute(id);
                fenced.remove(id);
                LOG.info("ZooKeeper connection back: route {} started again, to join the election", id);
            } catch (Exception e) {
                allStarted = false;
                LOG.warn("Could not start route {} again after the ZooKeeper connection came back, trying again"
                         + " in a second: {}", id, e.toString());
            }
        }
        if (!allStarted) {
            // Without this a route left stopped would wait for the next reconnection, which may never come.
            tryAgainInASecond(this::unfenceAgain);
        }
    }

    /** A route that could not be started is tried again, for as long as the connection stays up. */
    private void unfenceAgain() {
        if (!suspended) {
            unfence();
        }
    }
}
