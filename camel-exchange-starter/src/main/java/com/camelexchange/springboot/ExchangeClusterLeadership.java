package com.camelexchange.springboot;

import com.camelexchange.cluster.MasterElectionWatch;
import com.camelexchange.cluster.MasterRouteFence;
import org.apache.camel.CamelContext;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.component.zookeeper.ZooKeeperCuratorConfiguration;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.curator.framework.CuratorFramework;

import java.util.Objects;

/**
 * Adds camel-zookeeper's {@link ZooKeeperClusterService} to the CamelContext, and starts it, before the
 * context starts, so that the cluster service runs before any route: camel-master's {@code master:} consumer looks it up among the
 * context's services when its route starts. The service uses the shared Curator client (which it leaves open)
 * and elects under {@code <base-path>/cluster}; it stops with the context, giving leadership up at once. A
 * {@link MasterRouteFence} goes with it (the master: routes stop while the ZooKeeper connection is suspended), and
 * a {@link MasterElectionWatch} (a master: route started again at once rejoins its election).
 *
 * <p>The service is deliberately not a Spring bean: Camel adds every {@code CamelClusterService} bean of the
 * registry to the context by itself, and an application with a cluster service bean of its own keeps that one
 * instead of this ({@link ExchangeClusterAutoConfiguration} backs off).
 */
public class ExchangeClusterLeadership implements CamelContextConfiguration {
    private final ZooKeeperClusterService clusterService;
    private final MasterRouteFence fence;
    private final MasterElectionWatch electionWatch;

    public ExchangeClusterLeadership(CuratorFramework client, String basePath, String nodeId) {
        ZooKeeperCuratorConfiguration configuration = new ZooKeeperCuratorConfiguration();
        configuration.setCuratorFramework(Objects.requireNonNull(client, "client"));
        configuration.setBasePath(basePath);
        clusterService = new ZooKeeperClusterService(configuration);
        clusterService.setId(nodeId);
        // Without it, a leader cut off from ZooKeeper goes on consuming while another is elected (Camel 4.18.0).
        fence = new MasterRouteFence(client);
        // Without it, a master: route stopped and started at once can stay out of its election (Camel 4.18.0).
        electionWatch = new MasterElectionWatch(clusterService);
    }

    /** The cluster service this adds to the CamelContext (not started before the context is). */
    public ZooKeeperClusterService getClusterService() {
        return clusterService;
    }

    @Override
    public void beforeApplicationStart(CamelContext camelContext) {
        try {
            if (!camelContext.hasService(clusterService)) {
                camelContext.addService(clusterService);
            }
            if (!camelContext.hasService(fence)) {
                camelContext.addService(fence);
            }
            if (!camelContext.hasService(electionWatch)) {
                camelContext.addService(electionWatch);
            }
            // Started here, explicitly: Spring Boot calls this once the context is initialized, and Camel defers
            // the start of a service added to an initialized context; on some start paths (camel-test-spring-junit5
            // starting the context) that start never came before the master: routes needed it.
            ServiceHelper.startService(clusterService, fence, electionWatch);
        } catch (Exception e) {
            throw RuntimeCamelException.wrapRuntimeCamelException(e);
        }
    }

    @Override
    public void afterApplicationStart(CamelContext camelContext) {
        // Nothing: the service was started in beforeApplicationStart, before the routes.
    }
}
