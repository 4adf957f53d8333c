package com.camelexchange.sweep;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * N worker processes on this machine: each the same entry point as a Kubernetes pod ({@link SweepMain} {@code
 * worker}), with its index and the count in the variables a pod has ({@value SweepSettings#INDEX_VARIABLE},
 * {@value SweepSettings#WORKERS_VARIABLE}), on this JVM's java and class path, its output in
 * {@code worker-K.log} of the results directory.
 */
final class LocalWorkers {
    private LocalWorkers() {
    }

    static void run(SweepSettings settings) throws IOException, InterruptedException {
        Files.createDirectories(settings.results());
        List<Process> processes = new ArrayList<>();
        try {
            for (int k = 0; k < settings.workers(); k++) {
                processes.add(start(settings, k).start());
            }
            List<String> failed = new ArrayList<>();
            for (int k = 0; k < processes.size(); k++) {
                int exit = processes.get(k).waitFor();
                if (exit != 0) {
                    failed.add("worker " + k + " ended with " + exit + " (see " + log(settings, k) + ")");
                }
            }
            if (!failed.isEmpty()) {
                throw new SweepException("The sweep's workers did not all end well: " + String.join("; ", failed)
                                         + ". Run it again: each worker runs only its points without a result");
            }
        } finally {
            processes.forEach(p -> {
                if (p.isAlive()) {
                    p.destroyForcibly();
                }
            });
        }
    }

    /** The process of worker {@code index}: its command, its variables, its log. */
    static ProcessBuilder start(SweepSettings settings, int index) {
        List<String> command = new ArrayList<>();
        command.add(java());
        command.add("-Djava.awt.headless=true");
        if (!namesCollector(System.getenv("JAVA_TOOL_OPTIONS")) && !namesCollector(System.getenv("JDK_JAVA_OPTIONS"))) {
            command.add(SERIAL_GC);
        }
        command.add("-cp");
        command.add(classPath());
        command.add(SweepMain.class.getName());
        command.add("worker");
        command.addAll(settings.workerArgs());
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put(SweepSettings.INDEX_VARIABLE, Integer.toString(index));
        builder.environment().put(SweepSettings.WORKERS_VARIABLE, Integer.toString(settings.workers()));
        builder.redirectErrorStream(true);
        builder.redirectOutput(log(settings, index).toFile());
        return builder;
    }

    /**
     * A worker runs one point at a time on few threads; the default collector's concurrent and parallel threads
     * took a share of the cores the other workers run on, and the serial one made both 1 and 2 workers faster
     * (benchmarks/README.md, sweep section). A collector the JVM's options name already is kept: two would stop
     * the JVM.
     */
    static final String SERIAL_GC = "-XX:+UseSerialGC";

    static boolean namesCollector(String options) {
        return options != null && options.matches("(?s).*-XX:\\+Use\\w*GC\\b.*");
    }

    static Path log(SweepSettings settings, int index) {
        return settings.results().resolve(String.format(Locale.ROOT, "worker-%d.log", index));
    }

    /** This JVM's java. */
    static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * The class path this code was loaded from: the URLs of its class loaders when they have them (a program run
     * by Maven's {@code exec:java} is loaded by one, and Maven's own class path is not the program's), else the
     * JVM's.
     */
    static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (ClassLoader loader = SweepMain.class.getClassLoader(); loader != null; loader = loader.getParent()) {
            if (loader instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    try {
                        entries.add(Path.of(url.toURI()).toString());
                    } catch (URISyntaxException | IllegalArgumentException e) {
                        // Not a file: nothing a worker could load from.
                    }
                }
            }
        }
        if (entries.isEmpty()) {
            return System.getProperty("java.class.path");
        }
        return String.join(File.pathSeparator, entries);
    }
}
