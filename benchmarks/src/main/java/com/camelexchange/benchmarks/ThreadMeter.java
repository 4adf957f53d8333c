package com.camelexchange.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the client side of the process spends: CPU time and bytes allocated per thread, summed over every
 * live thread except the in-process simulator's (Vert.x) and the harness's own (the main thread and the
 * threads named {@value #HARNESS}...), which write the tape and wait. Server work is then not charged to
 * the client, and a floor and a subject that make the simulator work differently (500 ticker GETs a second
 * against one allTicker) are compared on what a client of a remote exchange would pay.
 *
 * <p>A thread born during a window counts whole; one that ended during it is lost (the JVM forgets its
 * counters), which the subjects and floors measured here do not do while they run.
 */
final class ThreadMeter {
    /** Prefix of the names of the harness's own threads, which are not counted. */
    static final String HARNESS = "scale-harness";

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    static {
        THREADS.setThreadCpuTimeEnabled(true);
        THREADS.setThreadAllocatedMemoryEnabled(true);
    }

    private ThreadMeter() {
    }

    /**
     * Counters at one instant: per counted thread {cpu ns, bytes allocated} and its {@link #group}, and the whole
     * process's CPU ns.
     */
    record Sample(long nanos, long processCpu, Map<Long, long[]> threads, Map<Long, String> groups) {
    }

    /**
     * CPU ns and bytes allocated by the counted threads between two samples, and the process's CPU ns; and the
     * same two per {@link #group} of threads, so that a side's cost can be read by the threads that paid it.
     */
    record Spent(long cpuNanos, long allocatedBytes, long processCpuNanos, Map<String, long[]> byGroup) {
    }

    static Sample sample() {
        long[] ids = THREADS.getAllThreadIds();
        ThreadInfo[] infos = THREADS.getThreadInfo(ids);
        long[] cpu = THREADS.getThreadCpuTime(ids);
        long[] allocated = THREADS.getThreadAllocatedBytes(ids);
        Map<Long, long[]> threads = new HashMap<>();
        Map<Long, String> groups = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (infos[i] != null && cpu[i] >= 0 && allocated[i] >= 0 && counted(infos[i].getThreadName())) {
                threads.put(ids[i], new long[] {cpu[i], allocated[i]});
                groups.put(ids[i], group(infos[i].getThreadName()));
            }
        }
        return new Sample(System.nanoTime(), PROCESS.getProcessCpuTime(), threads, groups);
    }

    static Spent between(Sample from, Sample to) {
        long cpu = 0;
        long bytes = 0;
        Map<String, long[]> byGroup = new TreeMap<>();
        for (Map.Entry<Long, long[]> e : to.threads().entrySet()) {
            long[] before = from.threads().getOrDefault(e.getKey(), new long[2]);
            long threadCpu = e.getValue()[0] - before[0];
            long threadBytes = e.getValue()[1] - before[1];
            cpu += threadCpu;
            bytes += threadBytes;
            long[] group = byGroup.computeIfAbsent(to.groups().get(e.getKey()), g -> new long[2]);
            group[0] += threadCpu;
            group[1] += threadBytes;
        }
        return new Spent(cpu, bytes, to.processCpu() - from.processCpu(), byGroup);
    }

    /**
     * A thread's name without its numbers and Camel's context prefix: {@code HttpClient-Worker},
     * {@code ExchangeStreamWork}, the threads of one pool together.
     */
    static String group(String threadName) {
        String name = threadName.replaceFirst("^Camel \\(.*\\) thread #\\d+ - ", "");
        return name.replaceAll("-?\\d+", "").replaceAll("-+$", "");
    }

    /** The ids of every live thread, counted or not. */
    static Set<Long> liveThreads() {
        Set<Long> ids = new HashSet<>();
        for (long id : THREADS.getAllThreadIds()) {
            ids.add(id);
        }
        return ids;
    }

    /**
     * Counted threads alive now that were not alive at {@code before}: by identity, not by the difference of
     * two counts, so threads of an earlier run still winding down (idle pools, a JDK HttpClient's selector
     * waiting for collection) are neither added nor subtracted.
     */
    static int threadsAddedSince(Set<Long> before) {
        long[] ids = THREADS.getAllThreadIds();
        ThreadInfo[] infos = THREADS.getThreadInfo(ids);
        int added = 0;
        for (int i = 0; i < ids.length; i++) {
            if (infos[i] != null && !before.contains(ids[i]) && counted(infos[i].getThreadName())) {
                added++;
            }
        }
        return added;
    }

    /** Heap in use after three full collections. */
    static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static boolean counted(String name) {
        return !(name.startsWith("vert.x-") || name.startsWith("vertx-") || name.startsWith(HARNESS)
                || name.equals("main"));
    }
}
