package com.camelexchange.examples.postgreskafka;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import javax.sql.DataSource;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The PostgreSQL server and the Kafka broker the project talks to, started here with nothing installed and no
 * Docker, and set up as its README asks of a user's own: a real PostgreSQL server (binaries from a Maven artifact)
 * with the database {@code exchange}, owned by the user {@code flows}, and the tables of {@code schema.sql}; a real
 * Kafka broker (KRaft, in this JVM) with the topics {@code exchange-trades}, {@code order-requests} and
 * {@code order-requests-dlt}. For the project's test and for {@link RunWithEmbeddedServers}.
 */
final class LocalServers implements AutoCloseable {
    static final String DB_USER = "flows";
    static final String DB_NAME = "exchange";
    static final String[] TOPICS = {"exchange-trades", "order-requests", "order-requests-dlt"};

    private final EmbeddedPostgres postgres;
    private final DataSource database;
    private final KafkaBroker kafka;
    private final String dbPassword;

    private LocalServers(EmbeddedPostgres postgres, DataSource database, KafkaBroker kafka, String dbPassword) {
        this.postgres = postgres;
        this.database = database;
        this.kafka = kafka;
        this.dbPassword = dbPassword;
    }

    /** Starts both servers, the broker's log in {@code kafkaDir}; the database user's password is {@code dbPassword}. */
    static LocalServers start(Path kafkaDir, String dbPassword) throws Exception {
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
        try {
            DataSource database = createDatabase(postgres, dbPassword);
            KafkaBroker kafka = KafkaBroker.start(kafkaDir);
            try {
                kafka.createTopics(TOPICS);
            } catch (Exception | Error e) {
                kafka.close();
                throw e;
            }
            return new LocalServers(postgres, database, kafka, dbPassword);
        } catch (Exception | Error e) {
            postgres.close();
            throw e;
        }
    }

    /** A database of its own with a user of its own, as a real deployment has, and the tables of schema.sql. */
    private static DataSource createDatabase(EmbeddedPostgres postgres, String dbPassword) throws Exception {
        try (Connection admin = postgres.getPostgresDatabase().getConnection(); Statement statement = admin.createStatement()) {
            statement.execute("CREATE ROLE " + DB_USER + " LOGIN PASSWORD '" + dbPassword + "'");
            statement.execute("CREATE DATABASE " + DB_NAME + " OWNER " + DB_USER);
        }
        DataSource exchangeDb = postgres.getDatabase(DB_USER, DB_NAME);
        String schema;
        try (InputStream in = LocalServers.class.getClassLoader().getResourceAsStream("schema.sql")) {
            schema = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (Connection connection = exchangeDb.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(schema);
        }
        return exchangeDb;
    }

    /** The database {@code exchange}, as its user {@code flows}. */
    DataSource database() {
        return database;
    }

    KafkaBroker kafka() {
        return kafka;
    }

    String jdbcUrl() {
        return postgres.getJdbcUrl(DB_USER, DB_NAME);
    }

    /** The variables application.properties reads for the database and the brokers. */
    Map<String, String> environment() {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("POSTGRES_URL", jdbcUrl());
        environment.put("POSTGRES_USER", DB_USER);
        environment.put("POSTGRES_PASSWORD", dbPassword);
        environment.put("KAFKA_BROKERS", kafka.bootstrapServers());
        return environment;
    }

    @Override
    public void close() throws java.io.IOException {
        try {
            kafka.close();
        } finally {
            postgres.close();
        }
    }
}
