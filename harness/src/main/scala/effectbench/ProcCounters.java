package effectbench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Counters cheap enough to leave on in every measured run (`-prof effectbench.ProcCounters`),
 * read in the measuring JVM around each iteration:
 * <ul>
 * <li>{@code proc.threads.peak}: the most live Java threads at once during the iteration
 *   (ThreadMXBean's peak, reset before each iteration), so a thread-hungry runtime shows;</li>
 * <li>{@code proc.gc.time.share}: the share of the iteration's wall time spent in collections (%),
 *   from the GarbageCollectorMXBeans (JMH's own {@code gc.count}/{@code gc.time} give the totals);</li>
 * <li>{@code proc.cs.voluntary.norm} / {@code proc.cs.involuntary.norm}: context switches per
 *   operation, summed over every thread of this process;</li>
 * <li>{@code proc.jit.ms}: milliseconds the JIT compilers worked during the measured iterations
 *   (CompilationMXBean's total compilation time, summed over iterations): a fork whose JIT was
 *   still at work while it was timed shows it, and launch states that follow the JIT are told apart.</li>
 * <li>{@code proc.steal.ms}: milliseconds the machine's hypervisor kept its CPUs from this guest
 *   during the iteration (the "steal" column of {@code /proc/stat}'s first line, every CPU together,
 *   in USER_HZ ticks of 10 ms: Linux's Documentation/filesystems/proc.rst, "units of USER_HZ",
 *   100 on x86). Read by the machine, not by the benchmark: a window or iteration that lost the
 *   machine for a while says so whatever runtime it measured. Not reported where the kernel keeps
 *   no such column.</li>
 * </ul>
 * Context switches: {@code /proc/self/status} holds the counts of the main thread only (the
 * kernel prints the task's own nvcsw/nivcsw there), so every thread's
 * {@code /proc/self/task/TID/status} is read and the per-thread deltas summed. A thread that ends
 * inside the iteration takes its switches with it (undercounted); threads born inside count whole.
 * Where {@code /proc} is absent (not Linux) the context-switch counters are simply not reported.
 * Written in Java: this directory is compiled into every group, Scala 2.12.2 to Scala 3.
 */
public final class ProcCounters implements InternalProfiler {
    private static final Path TASKS = Paths.get("/proc/self/task");

    private long beforeNanos;
    private long beforeGcMillis;
    private long beforeJitMillis;
    private long beforeSteal;
    private Map<String, long[]> beforeSwitches;

    /** A latency fork (the JIT gate's property set, effectbench.JitGate) reads its counters
     * {@code Rehearsals} times before the trial, so the JIT compiles this profiler's own readers then,
     * and not on one of the two cores while a measured window runs: otherwise the JIT compiles
     * {@code readSwitches} inside the measured windows, for a hundred milliseconds or so
     * (docs/lessons/jit-still-compiling.md). */
    static final int Rehearsals = 400;

    /** Whether this JVM has rehearsed: JMH makes the profiler twice (once to check the options, once
     * to run), and the second rehearsal would only repeat what the JIT has compiled already. */
    private static final java.util.concurrent.atomic.AtomicBoolean rehearsed = new java.util.concurrent.atomic.AtomicBoolean();

    public ProcCounters() {
        if (System.getProperty(JitGate.Property()) != null && rehearsed.compareAndSet(false, true)) {
            long t0 = System.nanoTime();
            for (int i = 0; i < Rehearsals; i++) {
                switchesPerThread();
                stealTicks();
                gcMillis();
                jitMillis();
            }
            System.err.printf("effectbench: the profiler's readers rehearsed %d times in %.2f s%n", Rehearsals, (System.nanoTime() - t0) / 1e9);
        }
    }

    @Override
    public String getDescription() {
        return "effect-bench counters: peak live threads, GC time share, context switches per op";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        ManagementFactory.getThreadMXBean().resetPeakThreadCount();
        beforeSwitches = switchesPerThread();
        beforeGcMillis = gcMillis();
        beforeJitMillis = jitMillis();
        beforeSteal = stealTicks();
        beforeNanos = System.nanoTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long nanos = System.nanoTime() - beforeNanos;
        long gc = gcMillis() - beforeGcMillis;
        long jit = jitMillis() - beforeJitMillis;
        long stealAfter = stealTicks();
        Map<String, long[]> after = switchesPerThread();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Result> out = new ArrayList<>();
        out.add(new ScalarResult("proc.threads.peak", threads.getPeakThreadCount(), "threads", AggregationPolicy.MAX));
        if (nanos > 0) {
            out.add(new ScalarResult("proc.gc.time.share", 100.0 * gc * 1e6 / nanos, "%", AggregationPolicy.AVG));
        }
        if (jit >= 0 && ManagementFactory.getCompilationMXBean() != null) {
            out.add(new ScalarResult("proc.jit.ms", jit, "ms", AggregationPolicy.SUM));
        }
        if (beforeSteal >= 0 && stealAfter >= 0) {
            out.add(new ScalarResult("proc.steal.ms", (stealAfter - beforeSteal) * MillisPerTick, "ms", AggregationPolicy.SUM));
        }
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        if (after != null && beforeSwitches != null && ops > 0) {
            long[] d = delta(beforeSwitches, after);
            out.add(new ScalarResult("proc.cs.voluntary.norm", (double) d[0] / ops, "#/op", AggregationPolicy.AVG));
            out.add(new ScalarResult("proc.cs.involuntary.norm", (double) d[1] / ops, "#/op", AggregationPolicy.AVG));
        }
        return out;
    }

    private static final Path STAT = Paths.get("/proc/stat");
    /** USER_HZ: the unit of /proc/stat's times, 100 ticks a second on x86 (proc.rst). */
    static final double MillisPerTick = 10.0;

    /** The steal column of /proc/stat's aggregate line so far, in ticks; -1 where absent. */
    static long stealTicks() {
        try (java.io.BufferedReader r = Files.newBufferedReader(STAT, StandardCharsets.US_ASCII)) {
            return stealOf(r.readLine());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The eighth number of a /proc/stat "cpu" line (user nice system idle iowait irq softirq
     * steal ...); -1 when the line is not one or is shorter (kernels before 2.6.11). */
    static long stealOf(String line) {
        if (line == null || !line.startsWith("cpu ")) return -1;
        String[] f = line.trim().split("\\s+");
        return f.length > 8 ? Long.parseLong(f[8]) : -1;
    }

    /** The JIT's total compilation time so far, or -1 where the JVM does not report it. */
    private static long jitMillis() {
        java.lang.management.CompilationMXBean c = ManagementFactory.getCompilationMXBean();
        return c == null || !c.isCompilationTimeMonitoringSupported() ? -1 : c.getTotalCompilationTime();
    }

    private static long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            long c = b.getCollectionTime();
            if (c > 0) t += c;
        }
        return t;
    }

    /** Switches between two readings, summed over threads: a thread seen only after counts whole. */
    static long[] delta(Map<String, long[]> before, Map<String, long[]> after) {
        long vol = 0;
        long invol = 0;
        for (Map.Entry<String, long[]> e : after.entrySet()) {
            long[] b = before.get(e.getKey());
            long[] a = e.getValue();
            vol += a[0] - (b == null ? 0 : b[0]);
            invol += a[1] - (b == null ? 0 : b[1]);
        }
        return new long[] {vol, invol};
    }

    /** Thread id -> {voluntary, involuntary} switches so far; null where /proc is not readable. */
    static Map<String, long[]> switchesPerThread() {
        if (!Files.isDirectory(TASKS)) return null;
        Map<String, long[]> m = new HashMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(TASKS)) {
            for (Path task : ds) {
                long[] c = readSwitches(task.resolve("status"));
                if (c != null) m.put(task.getFileName().toString(), c);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return m;
    }

    /** The two counters of one status file; null when the thread ended before it was read. */
    static long[] readSwitches(Path status) {
        List<String> lines;
        try {
            lines = Files.readAllLines(status, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
        long vol = -1;
        long invol = -1;
        for (String l : lines) {
            if (l.startsWith("voluntary_ctxt_switches:")) vol = Long.parseLong(l.substring(l.indexOf(':') + 1).trim());
            else if (l.startsWith("nonvoluntary_ctxt_switches:")) invol = Long.parseLong(l.substring(l.indexOf(':') + 1).trim());
        }
        return vol < 0 || invol < 0 ? null : new long[] {vol, invol};
    }
}
