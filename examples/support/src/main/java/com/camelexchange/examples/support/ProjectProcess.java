package com.camelexchange.examples.support;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A YAML example project run as a user runs it: {@code org.apache.camel.main.Main} in a JVM of its own, on the
 * project's runtime class path alone (its resources and the dependencies its pom names, none of the test's),
 * configured by environment variables, its whole output kept in a log file. For the tests of the examples that
 * have no Java code of their own.
 */
public final class ProjectProcess {
    /**
     * Set by the example's pom to Maven's runtime class path of the project:
     * {@code <example.classpath>runtime ${project.runtimeClasspathElements}</example.classpath>}.
     */
    private static final String CLASS_PATH_PROPERTY = "example.classpath";
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final Process process;
    private final Path log;

    private ProjectProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /**
     * @param environment the variables application.properties reads, such as {@code EXCHANGE_BASE_URL}
     * @param workDir     the application's working directory
     * @param log         where its standard output and error go
     */
    public static ProjectProcess start(Map<String, String> environment, Path workDir, Path log) throws IOException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", String.join(File.pathSeparator, runtimeClassPath()),
                "org.apache.camel.main.Main");
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return new ProjectProcess(builder.start(), log);
    }

    /**
     * The project's runtime class path, which Maven hands over as {@code runtime [a, b, ...]} (a list's text: the
     * pom cannot join it otherwise). Every entry must exist, so a path that held ", " would fail here, not later.
     */
    public static List<String> runtimeClassPath() {
        String value = System.getProperty(CLASS_PATH_PROPERTY, "");
        if (!value.startsWith("runtime [") || !value.endsWith("]")) {
            throw new IllegalStateException("Run by Maven, which sets " + CLASS_PATH_PROPERTY + "; it is '" + value + "'");
        }
        List<String> entries = new ArrayList<>();
        for (String entry : value.substring("runtime [".length(), value.length() - 1).split(", ")) {
            if (!Files.exists(Path.of(entry))) {
                throw new IllegalStateException("Not on disk: " + entry);
            }
            entries.add(entry);
        }
        return entries;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Waits for what the running application makes true; fails at once if the application died, else after
     * thirty seconds, with its log.
     */
    public void await(String what, BooleanSupplier condition) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (!isAlive()) {
                throw new AssertionError("the application ended before " + what + ":\n" + log());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + PATIENCE.toSeconds() + " s: " + what + "\n" + log());
            }
            Thread.sleep(20);
        }
    }

    /**
     * Stops the application as Ctrl+C does (SIGTERM: Camel Main's shutdown hook stops the routes) and waits for it
     * to end.
     */
    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("The application did not stop within 30 s of SIGTERM");
        }
    }

    /** Everything the application printed so far. */
    public String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }
}
