package com.camelexchange.examples.cluster;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** One instance's JVM: started on this JVM's class path, its output kept in a log file, killed with SIGKILL. */
final class NodeProcess {
    private final String name;
    private final Process process;
    private final CountDownLatch ready = new CountDownLatch(1);

    private NodeProcess(String name, Process process) {
        this.name = name;
        this.process = process;
    }

    static NodeProcess start(String name, List<String> args, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-XX:+UseSerialGC");
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
        command.add("-cp");
        command.add(classPath());
        command.add(ClusterNode.class.getName());
        command.add(name);
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        NodeProcess node = new NodeProcess(name, process);
        Thread copier = new Thread(() -> node.copyOutput(log), name + "-output");
        copier.setDaemon(true);
        copier.start();
        return node;
    }

    /**
     * This program's class path: under {@code mvn exec:java} the classes are in the plugin's class loader, not
     * on the JVM's class path (which is Maven's own).
     */
    private static String classPath() {
        List<String> entries = new ArrayList<>();
        for (ClassLoader loader = NodeProcess.class.getClassLoader(); loader != null; loader = loader.getParent()) {
            if (loader instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    if (url.getProtocol().equals("file")) {
                        try {
                            entries.add(Path.of(url.toURI()).toString());
                        } catch (URISyntaxException e) {
                            throw new IllegalStateException("Not a file: " + url, e);
                        }
                    }
                }
                break;
            }
        }
        return entries.isEmpty() ? System.getProperty("java.class.path") : String.join(File.pathSeparator, entries);
    }

    private void copyOutput(Path log) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8,
                     StandardOpenOption.CREATE, StandardOpenOption.APPEND), true)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(line);
                if (line.equals(ClusterNode.READY + " " + name)) {
                    ready.countDown();
                }
            }
        } catch (IOException ended) {
            // The process is gone; its log ends here.
        }
    }

    String name() {
        return name;
    }

    /** Waits for the instance to say it runs; false if it did not within the time or died. */
    boolean awaitReady(long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (process.isAlive() && System.nanoTime() < deadline) {
            if (ready.await(100, TimeUnit.MILLISECONDS)) {
                return true;
            }
        }
        return false;
    }

    /** SIGKILL: no shutdown hook, no graceful stop, the ZooKeeper session left to expire. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }
}
