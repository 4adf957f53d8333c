package com.camelexchange.client;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the client's threads come from: the JDK's executors with named daemon threads by default; an application
 * that manages its threads (Camel's ExecutorServiceManager, a container) hands its own, so that they are named,
 * counted and shut down where its other threads are.
 */
public interface ClientThreads {
    /** Named daemon threads from the JDK's executors; shutting down is the executors' own. */
    ClientThreads DAEMON = new ClientThreads() {
        @Override
        public ScheduledExecutorService scheduled(String name, int threads) {
            return Executors.newScheduledThreadPool(threads, named(name));
        }

        @Override
        public ExecutorService fixed(String name, int threads) {
            return Executors.newFixedThreadPool(threads, named(name));
        }

        @Override
        public void shutdown(ExecutorService executor) {
            executor.shutdownNow();
        }
    };

    /** A scheduler of {@code threads} threads named after {@code name}. */
    ScheduledExecutorService scheduled(String name, int threads);

    /** A pool of {@code threads} threads named after {@code name}. */
    ExecutorService fixed(String name, int threads);

    /** Stops an executor made here; its tasks are dropped. */
    void shutdown(ExecutorService executor);

    private static ThreadFactory named(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + " #" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
