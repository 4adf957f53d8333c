package com.camelexchange.springboot;

import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.cluster.ZooKeeperRateBudgets;
import com.camelexchange.cluster.ZooKeeperStateRepository;
import org.apache.camel.cluster.CamelClusterService;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.camel.spring.boot.CamelAutoConfiguration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import java.net.InetAddress;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Several instances of one integration on one ZooKeeper ensemble, with camel-exchange-cluster on the class path
 * and {@code camel.exchange.cluster.zookeeper.connect-string} set:
 * <ul>
 *   <li>a started {@link CuratorFramework} (unless the application has one), shared by the beans below;</li>
 *   <li>{@link ZooKeeperRateBudgets}, which the exchange component picks up by type: one rate budget per key,
 *       user and IP for all instances;</li>
 *   <li>{@link ZooKeeperStateRepository} named {@code exchangePositions}, for the consumers'
 *       {@code stateRepository=#exchangePositions};</li>
 *   <li>{@link ZooKeeperClusterService} added to the CamelContext before it starts, for camel-master's
 *       {@code master:} routes (see {@link ExchangeClusterLeadership}).</li>
 * </ul>
 * On shutdown the CamelContext stops first (giving leadership up), then the repository and the budgets, then the
 * client is closed.
 */
@AutoConfiguration(after = CamelAutoConfiguration.class)
@ConditionalOnClass({ ZooKeeperRateBudgets.class, ZooKeeperClusterService.class, CuratorFramework.class })
@ConditionalOnProperty(ExchangeClusterAutoConfiguration.CONNECT_STRING)
@EnableConfigurationProperties(ExchangeClusterProperties.class)
public class ExchangeClusterAutoConfiguration {
    static final String PREFIX = "camel.exchange.cluster";
    static final String CONNECT_STRING = PREFIX + ".zookeeper.connect-string";
    /** The bean name routes refer to: {@code stateRepository=#exchangePositions}. */
    public static final String POSITIONS_BEAN = "exchangePositions";

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public CuratorFramework exchangeCuratorFramework(ExchangeClusterProperties properties) throws InterruptedException {
        ExchangeClusterProperties.ZooKeeper zookeeper = properties.getZookeeper();
        String connectString = zookeeper.getConnectString();
        if (connectString == null || connectString.isBlank()) {
            throw new IllegalArgumentException(CONNECT_STRING + " must name at least one ZooKeeper server (host:port)");
        }
        int connectionTimeout = millis(zookeeper.getConnectionTimeout(), PREFIX + ".zookeeper.connection-timeout");
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(connectString)
                .sessionTimeoutMs(millis(zookeeper.getSessionTimeout(), PREFIX + ".zookeeper.session-timeout"))
                .connectionTimeoutMs(connectionTimeout)
                .retryPolicy(new ExponentialBackoffRetry(200, 5, 5_000))
                .build();
        client.start();
        if (!client.blockUntilConnected(connectionTimeout, TimeUnit.MILLISECONDS)) {
            client.close();
            throw new IllegalStateException("Could not connect to ZooKeeper at " + connectString + " (" + CONNECT_STRING
                                            + ") within " + connectionTimeout + " ms");
        }
        return client;
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(RateBudgets.class)
    @ConditionalOnProperty(prefix = PREFIX + ".rate-budgets", name = "enabled", matchIfMissing = true)
    public ZooKeeperRateBudgets exchangeRateBudgets(CuratorFramework client, ExchangeClusterProperties properties) {
        return new ZooKeeperRateBudgets(client, child(properties.getZookeeper().getBasePath(), "rate"),
                properties.getRateBudgets().getClockTolerance());
    }

    @Bean(name = POSITIONS_BEAN, destroyMethod = "stop")
    @ConditionalOnMissingBean(name = POSITIONS_BEAN)
    @ConditionalOnProperty(prefix = PREFIX + ".state-repository", name = "enabled", matchIfMissing = true)
    public ZooKeeperStateRepository exchangePositions(CuratorFramework client, ExchangeClusterProperties properties) {
        ZooKeeperStateRepository repository = new ZooKeeperStateRepository(client,
                child(properties.getZookeeper().getBasePath(), "state"));
        repository.start();
        return repository;
    }

    @Bean
    @ConditionalOnMissingBean(CamelClusterService.class)
    @ConditionalOnProperty(prefix = PREFIX + ".leadership", name = "enabled", matchIfMissing = true)
    public ExchangeClusterLeadership exchangeClusterLeadership(CuratorFramework client, ExchangeClusterProperties properties,
                                                               Environment environment) {
        String nodeId = properties.getNodeId();
        if (nodeId == null || nodeId.isBlank()) {
            nodeId = defaultNodeId(environment);
        }
        return new ExchangeClusterLeadership(client, child(properties.getZookeeper().getBasePath(), "cluster"), nodeId);
    }

    /** spring.application.name, or the host name, and a random suffix. */
    static String defaultNodeId(Environment environment) {
        String name = environment.getProperty("spring.application.name");
        if (name == null || name.isBlank()) {
            name = hostName();
        }
        return name + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "camel-exchange";
        }
    }

    static String child(String basePath, String name) {
        if (basePath == null || basePath.isBlank()) {
            throw new IllegalArgumentException(PREFIX + ".zookeeper.base-path must not be empty");
        }
        return basePath.endsWith("/") ? basePath + name : basePath + "/" + name;
    }

    private static int millis(Duration duration, String property) {
        if (duration == null || duration.isNegative() || duration.isZero() || duration.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(property + " must be a positive duration: " + duration);
        }
        return (int) duration.toMillis();
    }
}
