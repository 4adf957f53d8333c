package com.camelexchange.cluster;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ZooKeeper state repository against an in-process ZooKeeper server. */
class ZooKeeperStateRepositoryTest {
    private static TestingServer server;
    private final List<ZooKeeperStateRepository> repositories = new ArrayList<>();
    private final List<CuratorFramework> clients = new ArrayList<>();

    @BeforeAll
    static void startServer() throws Exception {
        server = new TestingServer(true);
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @AfterEach
    void stopRepositories() {
        repositories.forEach(ZooKeeperStateRepository::stop);
        clients.forEach(CuratorFramework::close);
    }

    /** A base path of the test's own, so that tests sharing the server share no state. */
    private static String base(TestInfo test) {
        return "/camel-exchange/test/" + test.getTestMethod().orElseThrow().getName();
    }

    private ZooKeeperStateRepository started(ZooKeeperStateRepository repository) {
        repository.start();
        repositories.add(repository);
        return repository;
    }

    private CuratorFramework client() throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100));
        client.start();
        assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
        clients.add(client);
        return client;
    }

    @Test
    void setsGetsOverwritesAndAnswersNullForAMissingKey(TestInfo test) {
        ZooKeeperStateRepository repository = started(new ZooKeeperStateRepository(server.getConnectString(), base(test)));
        assertThat(repository.getState("trades:btc_usdt")).isNull();

        repository.setState("trades:btc_usdt", "41");
        assertThat(repository.getState("trades:btc_usdt")).isEqualTo("41");
        repository.setState("trades:btc_usdt", "42");
        assertThat(repository.getState("trades:btc_usdt")).isEqualTo("42");
        assertThat(repository.getState("trades:eth_usdt")).isNull();

        repository.setState("trades:btc_usdt", null);
        assertThat(repository.getState("trades:btc_usdt")).as("a null value removes the key").isNull();
    }

    @Test
    void keysWithColonsSlashesAndDotsAreOneNodeEach(TestInfo test) throws Exception {
        ZooKeeperStateRepository repository = started(new ZooKeeperStateRepository(server.getConnectString(), base(test)));
        repository.setState("orders:btc_usdt/AK", "{\"id\":1}");
        repository.setState("a/b/c", "nested?");
        repository.setState("..", "dots");
        repository.setState("ünï code ✓", "ok");

        assertThat(repository.getState("orders:btc_usdt/AK")).isEqualTo("{\"id\":1}");
        assertThat(repository.getState("a/b/c")).isEqualTo("nested?");
        assertThat(repository.getState("a")).isNull();
        assertThat(repository.getState("..")).isEqualTo("dots");
        assertThat(repository.getState("ünï code ✓")).isEqualTo("ok");

        CuratorFramework client = client();
        assertThat(client.getChildren().forPath(base(test))).containsExactlyInAnyOrder(
                "orders%3Abtc_usdt%2FAK", "a%2Fb%2Fc", "%2E%2E", "%C3%BCn%C3%AF+code+%E2%9C%93");
        assertThat(new String(client.getData().forPath(repository.pathOf("orders:btc_usdt/AK")), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":1}");
    }

    @Test
    void twoInstancesSeeEachOthersWrites(TestInfo test) throws Exception {
        ZooKeeperStateRepository one = started(new ZooKeeperStateRepository(server.getConnectString(), base(test)));
        // The second "instance" on a client of its own that it does not own.
        CuratorFramework shared = client();
        ZooKeeperStateRepository two = started(new ZooKeeperStateRepository(shared, base(test)));

        one.setState("trades:btc_usdt", "100");
        assertThat(two.getState("trades:btc_usdt")).isEqualTo("100");
        two.setState("trades:btc_usdt", "101");
        assertThat(one.getState("trades:btc_usdt")).isEqualTo("101");

        two.stop();
        assertThat(shared.getZookeeperClient().isConnected()).as("a client it was given stays open").isTrue();
        one.stop();
        assertThat(one.getClient()).as("its own client is closed and dropped").isNull();
        ZooKeeperStateRepository again = started(new ZooKeeperStateRepository(server.getConnectString(), base(test)));
        assertThat(again.getState("trades:btc_usdt")).as("durable across clients").isEqualTo("101");
    }

    @Test
    void refusesOversizedValuesAndKeysAndUseBeforeStart(TestInfo test) {
        ZooKeeperStateRepository repository = new ZooKeeperStateRepository(server.getConnectString(), base(test));
        assertThatThrownBy(() -> repository.getState("k")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not started");
        started(repository);

        String big = "x".repeat(ZooKeeperStateRepository.MAX_VALUE_BYTES + 1);
        assertThatThrownBy(() -> repository.setState("k", big)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too large").hasMessageContaining("at most " + ZooKeeperStateRepository.MAX_VALUE_BYTES);
        assertThatThrownBy(() -> repository.setState("k".repeat(2000), "1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("State key too long");
        assertThatThrownBy(() -> repository.setState("", "1")).isInstanceOf(IllegalArgumentException.class);
        assertThat(repository.getState("k")).as("nothing written").isNull();

        String atTheBound = "y".repeat(ZooKeeperStateRepository.MAX_VALUE_BYTES);
        repository.setState("k", atTheBound);
        assertThat(repository.getState("k")).isEqualTo(atTheBound);
    }

    @Test
    void aClientThatWasNotStartedIsRefused(TestInfo test) {
        CuratorFramework latent = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100));
        clients.add(latent);
        ZooKeeperStateRepository repository = new ZooKeeperStateRepository(latent, base(test));
        assertThatThrownBy(repository::start).hasMessageContaining("its owner must start it first");
    }
}
