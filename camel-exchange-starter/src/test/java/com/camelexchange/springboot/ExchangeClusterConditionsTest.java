package com.camelexchange.springboot;

import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.cluster.ZooKeeperRateBudgets;
import com.camelexchange.cluster.ZooKeeperStateRepository;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the cluster auto-configuration applies, and what each switch leaves out. Applications without
 * camel-exchange-cluster, or without a ZooKeeper connect string, get none of its beans.
 */
class ExchangeClusterConditionsTest {
    private static TestingServer zookeeper;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ExchangeClusterAutoConfiguration.class));

    @BeforeAll
    static void startZooKeeper() throws Exception {
        // No SpringApplication here to set logging up: Spring Boot's defaults, and the ZooKeeper server and
        // clients (chatty at INFO, and warning with stack traces when a connection closes) at errors only.
        LoggingSystem logging = LoggingSystem.get(ExchangeClusterConditionsTest.class.getClassLoader());
        logging.setLogLevel("org.apache.zookeeper", LogLevel.ERROR);
        logging.setLogLevel("org.apache.curator", LogLevel.ERROR);
        zookeeper = new TestingServer(true);
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        zookeeper.close();
    }

    @Test
    void withoutAConnectStringThereIsNoClusterBean() {
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            assertNoClusterBean(context);
        });
    }

    @Test
    void withoutCamelExchangeClusterThereIsNoClusterBeanEvenWithAConnectString() {
        runner.withClassLoader(new FilteredClassLoader(ZooKeeperRateBudgets.class))
                .withPropertyValues("camel.exchange.cluster.zookeeper.connect-string=" + zookeeper.getConnectString())
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertNoClusterBean(context);
                });
    }

    @Test
    void aConnectStringSwitchesEveryBeanOnWithTheDocumentedDefaults() {
        runner.withPropertyValues("camel.exchange.cluster.zookeeper.connect-string=" + zookeeper.getConnectString())
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(CuratorFramework.class).hasSingleBean(ZooKeeperRateBudgets.class)
                            .hasSingleBean(ExchangeClusterLeadership.class)
                            .hasBean(ExchangeClusterAutoConfiguration.POSITIONS_BEAN);
                    ExchangeClusterProperties properties = context.getBean(ExchangeClusterProperties.class);
                    assertThat(properties.getZookeeper().getSessionTimeout()).isEqualTo(Duration.ofSeconds(10));
                    assertThat(properties.getZookeeper().getConnectionTimeout()).isEqualTo(Duration.ofSeconds(5));
                    assertThat(properties.getZookeeper().getBasePath()).isEqualTo("/camel-exchange");
                    assertThat(properties.getRateBudgets().getClockTolerance()).isEqualTo(Duration.ofMillis(10));
                    assertThat(context.getBean(ZooKeeperRateBudgets.class).getBasePath()).isEqualTo("/camel-exchange/rate");
                    ZooKeeperStateRepository positions = context.getBean(ExchangeClusterAutoConfiguration.POSITIONS_BEAN,
                            ZooKeeperStateRepository.class);
                    assertThat(positions.getBasePath()).isEqualTo("/camel-exchange/state");
                    assertThat(positions.isStarted()).isTrue();
                    assertThat(positions.getClient()).isSameAs(context.getBean(CuratorFramework.class));
                    assertThat(context.getBean(ExchangeClusterLeadership.class).getClusterService().getId())
                            .as("no spring.application.name: the host name and a random suffix").matches(".+-[0-9a-f]{8}");
                });
    }

    @Test
    void theBasePathAndNodeIdAreTakenAsGiven() {
        runner.withPropertyValues("camel.exchange.cluster.zookeeper.connect-string=" + zookeeper.getConnectString(),
                "camel.exchange.cluster.zookeeper.base-path=/trading/", "camel.exchange.cluster.node-id=node-a")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(ZooKeeperRateBudgets.class).getBasePath()).isEqualTo("/trading/rate");
                    assertThat(context.getBean(ZooKeeperStateRepository.class).getBasePath()).isEqualTo("/trading/state");
                    assertThat(context.getBean(ExchangeClusterLeadership.class).getClusterService().getId()).isEqualTo("node-a");
                });
    }

    @Test
    void eachPartCanBeSwitchedOff() {
        runner.withPropertyValues("camel.exchange.cluster.zookeeper.connect-string=" + zookeeper.getConnectString(),
                "camel.exchange.cluster.rate-budgets.enabled=false", "camel.exchange.cluster.state-repository.enabled=false",
                "camel.exchange.cluster.leadership.enabled=false")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(CuratorFramework.class).doesNotHaveBean(RateBudgets.class)
                            .doesNotHaveBean(ZooKeeperStateRepository.class)
                            .doesNotHaveBean(CamelContextConfiguration.class);
                });
    }

    @Test
    void anApplicationsOwnRateBudgetsWin() {
        runner.withPropertyValues("camel.exchange.cluster.zookeeper.connect-string=" + zookeeper.getConnectString())
                .withBean("myBudgets", RateBudgets.class, RateBudgets::local)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(RateBudgets.class).hasBean("myBudgets")
                            .doesNotHaveBean(ZooKeeperRateBudgets.class);
                });
    }

    @Test
    void anUnreachableZooKeeperFailsStartUpWithTheConnectString() {
        // The failure is expected: Spring's warning about the cancelled refresh stays out of the log.
        String refresh = "org.springframework.context.annotation.AnnotationConfigApplicationContext";
        LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());
        logging.setLogLevel(refresh, LogLevel.OFF);
        try {
            runner.withPropertyValues("camel.exchange.cluster.zookeeper.connect-string=127.0.0.1:1",
                    "camel.exchange.cluster.zookeeper.connection-timeout=300ms")
                    .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                            .hasMessageContaining("127.0.0.1:1").hasMessageContaining("300 ms"));
        } finally {
            logging.setLogLevel(refresh, null);
        }
    }

    private static void assertNoClusterBean(AssertableApplicationContext context) {
        assertThat(context).doesNotHaveBean(ExchangeClusterProperties.class)
                .doesNotHaveBean(CuratorFramework.class)
                .doesNotHaveBean(RateBudgets.class)
                .doesNotHaveBean(ZooKeeperStateRepository.class)
                .doesNotHaveBean(ExchangeClusterAutoConfiguration.POSITIONS_BEAN)
                .doesNotHaveBean(CamelContextConfiguration.class);
    }
}
