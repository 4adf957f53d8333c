package com.camelexchange.examples.etl;

import org.h2.jdbcx.JdbcDataSource;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The embedded H2 database in the work folder: its data source, its schema, and counts for the summary. */
public final class EtlDatabase {
    private final JdbcDataSource dataSource = new JdbcDataSource();

    public EtlDatabase(Path folder) {
        dataSource.setURL("jdbc:h2:file:" + folder.resolve("exchange").toAbsolutePath());
        dataSource.setUser("sa");
    }

    public DataSource dataSource() {
        return dataSource;
    }

    /** Runs {@code schema.sql}; safe on every start. */
    public void createSchema() {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            // Comments first: they may hold a semicolon.
            for (String sql : readSchema().replaceAll("(?m)^--.*$", "").split(";")) {
                if (!sql.isBlank()) {
                    statement.execute(sql.trim());
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create the schema in " + dataSource.getURL(), e);
        }
    }

    /** The answer of a query returning one number, e.g. a count. */
    public long queryForLong(String sql) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("Query failed: " + sql, e);
        }
    }

    private static String readSchema() {
        try (InputStream in = EtlDatabase.class.getResourceAsStream("/schema.sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
