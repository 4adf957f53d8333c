package com.camelexchange.examples.postgreskafka;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Kafka broker in this JVM: one node that is broker and controller at once (KRaft, no ZooKeeper), on
 * loopback, its log in a directory of the test's. What a user runs as a Kafka server, started and stopped by the
 * test.
 */
final class KafkaBroker implements AutoCloseable {
    private static final String HOST = "127.0.0.1";

    private final KafkaRaftServer server;
    private final String bootstrapServers;

    private KafkaBroker(KafkaRaftServer server, String bootstrapServers) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
    }

    /** Formats {@code logDir} as a new cluster's storage and starts the node on two free ports. */
    static KafkaBroker start(Path logDir) throws Exception {
        int port = freePort();
        int controllerPort = freePort();
        Map<String, String> config = new HashMap<>();
        config.put("process.roles", "broker,controller");
        config.put("node.id", "1");
        config.put("controller.quorum.voters", "1@" + HOST + ":" + controllerPort);
        config.put("listeners", "PLAINTEXT://" + HOST + ":" + port + ",CONTROLLER://" + HOST + ":" + controllerPort);
        config.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + port);
        config.put("controller.listener.names", "CONTROLLER");
        config.put("inter.broker.listener.name", "PLAINTEXT");
        config.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        config.put("log.dirs", logDir.toString());
        // One node: every internal topic with one replica and one partition, and a consumer group formed at once.
        config.put("num.partitions", "1");
        config.put("offsets.topic.replication.factor", "1");
        config.put("offsets.topic.num.partitions", "1");
        config.put("transaction.state.log.replication.factor", "1");
        config.put("transaction.state.log.min.isr", "1");
        config.put("transaction.state.log.num.partitions", "1");
        config.put("group.initial.rebalance.delay.ms", "0");
        // Topics are created, as on a managed cluster, never by a client's first use.
        config.put("auto.create.topics.enable", "false");

        new Formatter().setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .setClusterId(Uuid.randomUuid().toString()).setNodeId(1)
                .addDirectory(logDir.toString()).setMetadataLogDirectory(logDir.toString())
                .setControllerListenerName("CONTROLLER").setReleaseVersion(MetadataVersion.LATEST_PRODUCTION).run();
        KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(config, false), Time.SYSTEM);
        server.startup();
        return new KafkaBroker(server, HOST + ":" + port);
    }

    /** {@code host:port}, as camel-kafka's {@code brokers} takes it. */
    String bootstrapServers() {
        return bootstrapServers;
    }

    /** Creates the topics with one partition each; returns once the broker has them. */
    void createTopics(String... names) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.createTopics(Arrays.stream(names).map(name -> new NewTopic(name, 1, (short) 1)).toList())
                    .all().get(60, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(HOST, 0));
            return socket.getLocalPort();
        }
    }
}
