package com.camelexchange.benchmarks;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs a call back to back on several threads for a while and keeps every latency (µs). */
final class LoadLoop {

    @FunctionalInterface
    interface Call {
        Object call() throws Exception;
    }

    /**
     * What a run achieved: calls, seconds, median and 99th percentile latency in µs, and the CPU time the
     * whole process spent meanwhile (client and in-process server alike), in ns.
     */
    record Load(long count, double seconds, long p50, long p99, long cpuNanos) {
        double rate() {
            return count / seconds;
        }

        /** Process CPU per call, in µs. */
        double cpuPerCall() {
            return count == 0 ? 0 : cpuNanos / 1000.0 / count;
        }

        /** Rounds together: total count over total time; the median of the rounds' percentiles. */
        static Load combine(List<Load> rounds) {
            long[] p50s = rounds.stream().mapToLong(Load::p50).sorted().toArray();
            long[] p99s = rounds.stream().mapToLong(Load::p99).sorted().toArray();
            return new Load(rounds.stream().mapToLong(Load::count).sum(),
                    rounds.stream().mapToDouble(Load::seconds).sum(), p50s[p50s.length / 2], p99s[p99s.length / 2],
                    rounds.stream().mapToLong(Load::cpuNanos).sum());
        }
    }

    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private LoadLoop() {
    }

    static Load run(Call call, int threads, int seconds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long cpuStart = PROCESS.getProcessCpuTime();
        long start = System.nanoTime();
        long end = start + Duration.ofSeconds(seconds).toNanos();
        List<Future<long[]>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            parts.add(pool.submit(() -> {
                long[] samples = new long[1 << 14];
                int n = 0;
                while (System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    call.call();
                    if (n == samples.length) {
                        samples = Arrays.copyOf(samples, n * 2);
                    }
                    samples[n++] = (System.nanoTime() - t0) / 1000;
                }
                return Arrays.copyOf(samples, n);
            }));
        }
        long[] all = new long[0];
        for (Future<long[]> part : parts) {
            long[] p = part.get();
            long[] merged = Arrays.copyOf(all, all.length + p.length);
            System.arraycopy(p, 0, merged, all.length, p.length);
            all = merged;
        }
        pool.shutdown();
        double elapsed = (System.nanoTime() - start) / 1e9;
        long cpu = PROCESS.getProcessCpuTime() - cpuStart;
        Arrays.sort(all);
        return new Load(all.length, elapsed, all.length == 0 ? 0 : all[all.length / 2],
                all.length == 0 ? 0 : all[(int) (all.length * 0.99)], cpu);
    }
}
