package com.camelexchange.examples.postgreskafka;

import com.camelexchange.examples.support.ProjectProcess;
import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The project run on servers started here, for a user with neither PostgreSQL nor Kafka installed (and no Docker):
 * the exchange simulator (synthetic traders on, a funded account), a real PostgreSQL server and a real Kafka broker
 * set up as the README asks ({@link LocalServers}, the same the test uses), then the project itself, Camel Main on
 * its own runtime class path in a JVM of its own, exactly as {@code mvn exec:java} runs it against one's own servers.
 * Its log shows here; every 15 s a line tells what the database and the topics hold. Each line typed on standard
 * input is sent to {@code order-requests} as an order request, keyed by its market. Ctrl+C stops all of it.
 *
 * <p>Run by {@code mvn ... -Pembedded-servers exec:java} (see the README). Argument: the seconds to run before
 * stopping by itself (default: until Ctrl+C).
 */
public final class RunWithEmbeddedServers {
    private static final String ACCESS_KEY = "demo-access-key";
    private static final String SECRET_KEY = "demo-secret-key";
    /** The database user's password on this throwaway server. */
    private static final String DB_PASSWORD = "flows";
    private static final Pattern MARKET = Pattern.compile("\"market\"\\s*:\\s*\"([a-z0-9_]+)\"");
    private static final Duration SUMMARY_EVERY = Duration.ofSeconds(15);

    private static final Object LOCK = new Object();
    private static ExchangeSimulator simulator;
    private static LocalServers servers;
    private static Process application;
    private static KafkaProducer<String, String> producer;
    private static Path dir;
    private static volatile boolean stopping;

    private RunWithEmbeddedServers() {
    }

    public static void main(String[] args) throws Exception {
        Duration runFor = args.length > 0 ? Duration.ofSeconds(Long.parseLong(args[0])) : null;
        Thread hook = new Thread(RunWithEmbeddedServers::stop, "stop-embedded-servers");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            start();
            long deadline = runFor == null ? Long.MAX_VALUE : System.nanoTime() + runFor.toNanos();
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers.kafka().bootstrapServers()),
                    new StringDeserializer(), new StringDeserializer())) {
                while (!stopping && application.isAlive() && System.nanoTime() < deadline) {
                    application.waitFor(Math.min(SUMMARY_EVERY.toNanos(), Math.max(1, deadline - System.nanoTime())),
                            TimeUnit.NANOSECONDS);
                    if (!stopping && application.isAlive()) {
                        System.out.println(summary(consumer));
                    }
                }
            }
            if (!stopping && !application.isAlive()) {
                System.out.println("[embedded servers] the application ended (exit code " + application.exitValue() + ")");
            }
        } finally {
            if (!stopping) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl+C came at the same moment: the hook stops everything.
                }
                stop();
            }
        }
    }

    private static void start() throws Exception {
        System.out.println("[embedded servers] starting the exchange simulator, PostgreSQL and Kafka (nothing installed, no Docker)");
        dir = Files.createTempDirectory("yaml-postgres-kafka-");
        simulator = ExchangeSimulator.builder().seed(42).key(ACCESS_KEY, SECRET_KEY).build().start();
        servers = LocalServers.start(Files.createDirectories(dir.resolve("kafka")), DB_PASSWORD);
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers.kafka().bootstrapServers()),
                new StringSerializer(), new StringSerializer());

        // What a user sets before mvn exec:java against servers of their own.
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("EXCHANGE_BASE_URL", simulator.baseUrl());
        environment.put("EXCHANGE_ACCESS_KEY", ACCESS_KEY);
        environment.put("EXCHANGE_SECRET_KEY", SECRET_KEY);
        environment.putAll(servers.environment());
        // The last half hour of candles at once, rather than the first one a minute from now.
        environment.put("KLINES_SINCE", Long.toString(simulator.clock().millis() - Duration.ofMinutes(30).toMillis()));

        System.out.println("[embedded servers] exchange simulator " + simulator.baseUrl() + " (keys " + ACCESS_KEY
                           + " / " + SECRET_KEY + ")");
        System.out.println("[embedded servers] PostgreSQL " + servers.jdbcUrl() + " (user " + LocalServers.DB_USER
                           + ", password " + DB_PASSWORD + "; tables candles, order_events)");
        System.out.println("[embedded servers] Kafka " + servers.kafka().bootstrapServers() + " (topics "
                           + String.join(", ", LocalServers.TOPICS) + ")");
        System.out.println("[embedded servers] type an order request, one JSON object a line, to send it to"
                           + " order-requests, e.g.");
        System.out.println("  {\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"30000.10\", \"amount\": \"0.0100\"}");
        System.out.println("[embedded servers] Ctrl+C stops the application and the servers");

        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(File.pathSeparator, ProjectProcess.runtimeClassPath()), "org.apache.camel.main.Main");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().putAll(environment);
        application = builder.start();
        application.getOutputStream().close();

        Thread input = new Thread(RunWithEmbeddedServers::sendTypedRequests, "order-requests-from-stdin");
        input.setDaemon(true);
        input.start();
    }

    /** Each line of standard input to {@code order-requests}, keyed by the market it names. */
    private static void sendTypedRequests() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null && !stopping; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                Matcher market = MARKET.matcher(line);
                String key = market.find() ? market.group(1) : "btc_usdt";
                long offset = producer.send(new ProducerRecord<>("order-requests", key, line.strip())).get().offset();
                System.out.println("[embedded servers] sent to order-requests at offset " + offset + ", key " + key);
            }
        } catch (Exception e) {
            if (!stopping) {
                System.out.println("[embedded servers] no more order requests from standard input: " + e);
            }
        }
    }

    private static String summary(KafkaConsumer<String, String> consumer) {
        try {
            TopicPartition trades = new TopicPartition("exchange-trades", 0);
            TopicPartition refused = new TopicPartition("order-requests-dlt", 0);
            Map<TopicPartition, Long> ends = consumer.endOffsets(List.of(trades, refused), Duration.ofSeconds(5));
            return "[embedded servers] PostgreSQL rows: candles " + count("candles") + ", order_events "
                   + count("order_events") + "; Kafka records: exchange-trades " + ends.get(trades)
                   + ", order-requests-dlt " + ends.get(refused);
        } catch (Exception e) {
            return "[embedded servers] could not read the servers: " + e;
        }
    }

    private static long count(String table) throws Exception {
        try (Connection connection = servers.database().getConnection(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT count(*) FROM " + table)) {
            result.next();
            return result.getLong(1);
        }
    }

    /** The application first (as Ctrl+C stops it: its routes end their work), then the servers; once. */
    private static void stop() {
        synchronized (LOCK) {
            if (stopping) {
                return;
            }
            stopping = true;
            try {
                if (application != null) {
                    application.destroy();
                    if (!application.waitFor(30, TimeUnit.SECONDS)) {
                        application.destroyForcibly();
                    }
                }
                if (producer != null) {
                    producer.close(Duration.ofSeconds(5));
                }
                if (servers != null) {
                    servers.close();
                }
                if (simulator != null) {
                    simulator.stop();
                }
                if (dir != null) {
                    try (Stream<Path> files = Files.walk(dir)) {
                        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                    }
                }
                System.out.println("[embedded servers] stopped");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException | RuntimeException e) {
                System.out.println("[embedded servers] while stopping: " + e);
            }
        }
    }
}
