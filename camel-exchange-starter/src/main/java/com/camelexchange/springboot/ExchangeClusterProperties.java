package com.camelexchange.springboot;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * {@code camel.exchange.cluster.*}: several instances of one integration sharing a ZooKeeper ensemble, with
 * camel-exchange-cluster on the class path. Setting {@code camel.exchange.cluster.zookeeper.connect-string}
 * switches {@link ExchangeClusterAutoConfiguration} on.
 */
@ConfigurationProperties(prefix = "camel.exchange.cluster")
public class ExchangeClusterProperties {
    /**
     * This instance's name in the cluster: its id in the leader election (what camel-master and Camel's
     * cluster view report as the leader). Defaults to spring.application.name (or, without it, the host name)
     * followed by a random suffix, so that instances on one host never share an id.
     */
    private String nodeId;

    private final ZooKeeper zookeeper = new ZooKeeper();
    private final Budgets rateBudgets = new Budgets();
    private final Positions stateRepository = new Positions();
    private final Leadership leadership = new Leadership();

    public String getNodeId() {
        return nodeId;
    }

    public void setNodeId(String nodeId) {
        this.nodeId = nodeId;
    }

    public ZooKeeper getZookeeper() {
        return zookeeper;
    }

    public Budgets getRateBudgets() {
        return rateBudgets;
    }

    public Positions getStateRepository() {
        return stateRepository;
    }

    public Leadership getLeadership() {
        return leadership;
    }

    /** The ZooKeeper ensemble and the client every cluster bean shares. */
    public static class ZooKeeper {
        /**
         * The ZooKeeper servers, host:port[,host:port...] (optionally followed by a chroot path). Setting it
         * switches the cluster auto-configuration on.
         */
        private String connectString;

        /**
         * The ZooKeeper session timeout asked for. It is how long a killed (or frozen, or cut off) leader keeps
         * its leadership: its session, and with it its election node, lives on until ZooKeeper expires it, and
         * only then is another instance elected. This instance itself stops its master routes as soon as its
         * connection is suspended, and starts them again, into a new election, once it is back. Keep it short,
         * but above the longest GC pause to be ridden out; ZooKeeper clamps it between 2 and 20 times its
         * tickTime (4 s to 40 s by default).
         */
        private Duration sessionTimeout = Duration.ofSeconds(10);

        /**
         * How long the client waits for a connection: at start-up (the application fails to start when ZooKeeper
         * cannot be reached in that time) and for each connection attempt afterwards.
         */
        private Duration connectionTimeout = Duration.ofSeconds(5);

        /**
         * The root of every node the cluster beans write: leadership under base-path/cluster, the consumers'
         * positions under base-path/state, the shared rate budgets under base-path/rate. Instances that must
         * cooperate use the same base path; separate integrations on one ensemble use different ones.
         */
        private String basePath = "/camel-exchange";

        public String getConnectString() {
            return connectString;
        }

        public void setConnectString(String connectString) {
            this.connectString = connectString;
        }

        public Duration getSessionTimeout() {
            return sessionTimeout;
        }

        public void setSessionTimeout(Duration sessionTimeout) {
            this.sessionTimeout = sessionTimeout;
        }

        public Duration getConnectionTimeout() {
            return connectionTimeout;
        }

        public void setConnectionTimeout(Duration connectionTimeout) {
            this.connectionTimeout = connectionTimeout;
        }

        public String getBasePath() {
            return basePath;
        }

        public void setBasePath(String basePath) {
            this.basePath = basePath;
        }
    }

    /** The rate budgets all instances share. */
    public static class Budgets {
        /**
         * Whether to register a ZooKeeperRateBudgets bean, which the exchange component picks up by type (its
         * rateBudgets option is autowired): the instances then share one budget per key, user and IP, and
         * together stay within the exchange's limits instead of each spending all of them. Not registered when
         * the application has a RateBudgets bean of its own.
         */
        private boolean enabled = true;

        /**
         * How far the instances' clocks may disagree (keep them in step with NTP); added to every rate-limit
         * window.
         */
        private Duration clockTolerance = Duration.ofMillis(10);

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Duration getClockTolerance() {
            return clockTolerance;
        }

        public void setClockTolerance(Duration clockTolerance) {
            this.clockTolerance = clockTolerance;
        }
    }

    /** The consumers' positions in ZooKeeper. */
    public static class Positions {
        /**
         * Whether to register a ZooKeeperStateRepository bean named exchangePositions, for the consumers'
         * stateRepository option (stateRepository=#exchangePositions): the leader commits its position there and
         * whichever instance leads next resumes from it.
         */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** The leader election behind camel-master's master: endpoints. */
    public static class Leadership {
        /**
         * Whether to add camel-zookeeper's ZooKeeperClusterService to the CamelContext, so that routes from
         * master:name:... run on one instance at a time (the elected leader). Not added when the application has
         * a CamelClusterService bean of its own.
         */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }
}
