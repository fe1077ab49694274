package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether where the threads run sets the cost of the driver's enqueue in the per-slice sequence ({@link GridOp.Slices},
 * 254 launches of a 2-D kernel over 256², one {@code clFinish}): the host's CPU topology; the hand-written sequence with
 * the enqueueing thread pinned to each CPU in turn; the hand-written sequence on a pinned thread beside a main thread
 * pinned to the same core's other hardware thread or to another core, idle, spinning, allocating or calling the
 * driver; and jsycl's sequence with its launch thread and the submitting thread pinned apart, together or not at all.
 * Linux only (pins with {@code sched_setaffinity}).
 *
 * <pre>java ... AffinityProbe [--device gpu] [--runs 100]</pre>
 */
public final class AffinityProbe {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle SET_AFFINITY = LINKER.downcallHandle(
            LINKER.defaultLookup().find("sched_setaffinity").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                    ValueLayout.ADDRESS));

    private AffinityProbe() {
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 100);
        Device device = Suite.devices(opts.get("device")).getFirst();
        GridOp op = new GridOp.Slices(256);
        int cpus = Runtime.getRuntime().availableProcessors();
        System.out.printf("## Where the per-slice sequence's threads run, on %s (%d CPUs, %d sequences a cell)%n%n",
                device.name(), cpus, runs);
        topology(cpus);
        handWritten(device, op, runs, cpus);
        jsycl(device, op, runs, cpus);
    }

    /** Each CPU's core and package, the hardware threads sharing its core, and the NUMA nodes. */
    private static void topology(int cpus) throws IOException {
        System.out.println("CPU topology (cpu: package/core, its core's hardware threads):");
        for (int c = 0; c < cpus; c++) {
            Path t = Path.of("/sys/devices/system/cpu/cpu" + c + "/topology");
            System.out.printf("  cpu%d: %s/%s, %s%n", c, read(t.resolve("physical_package_id")),
                    read(t.resolve("core_id")), read(t.resolve("thread_siblings_list")));
        }
        Path nodes = Path.of("/sys/devices/system/node");
        if (Files.isDirectory(nodes)) {
            try (var s = Files.list(nodes)) {
                s.filter(p -> p.getFileName().toString().matches("node[0-9]+")).sorted()
                        .forEach(p -> System.out.printf("  %s: cpus %s%n", p.getFileName(), read(p.resolve("cpulist"))));
            }
        }
        System.out.println();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).strip();
        } catch (IOException e) {
            return "?";
        }
    }

    /** The CPUs of {@code cpu}'s core other than itself (its hardware-thread siblings). */
    private static List<Integer> siblings(int cpu) {
        var list = new ArrayList<Integer>();
        String s = read(Path.of("/sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list"));
        for (String part : s.split(",")) {
            if (part.contains("-")) {
                String[] r = part.split("-");
                for (int i = Integer.parseInt(r[0]); i <= Integer.parseInt(r[1]); i++) {
                    list.add(i);
                }
            } else if (!part.isBlank() && !part.equals("?")) {
                list.add(Integer.parseInt(part));
            }
        }
        list.remove(Integer.valueOf(cpu));
        return list;
    }

    /** Pins thread {@code tid} (0: the caller) to {@code cpu}, or lets it run anywhere where {@code cpu} is -1. */
    static void pin(int tid, int cpu, int cpus) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment mask = a.allocate(128);
            for (int c = 0; c < cpus; c++) {
                if (cpu < 0 || c == cpu) {
                    mask.set(ValueLayout.JAVA_BYTE, c / 8, (byte) (mask.get(ValueLayout.JAVA_BYTE, c / 8) | 1 << c % 8));
                }
            }
            int r = (int) SET_AFFINITY.invokeExact(tid, 128L, mask);
            if (r != 0) {
                throw new IllegalStateException("sched_setaffinity(" + tid + ", cpu " + cpu + ") failed");
            }
        } catch (Throwable e) {
            throw e instanceof RuntimeException re ? re : new IllegalStateException(e);
        }
    }

    /** The hand-written sequence per CPU, then beside a main thread doing each kind of work, near and far. */
    private static void handWritten(Device device, GridOp op, int runs, int cpus) {
        var clDevice = Suite.match(device);
        long bytes = 4L * 256 * 256 * 256;
        try (var cl = new RawCl(clDevice); var plain = ClCommandQueue.create(cl.context, clDevice, false, false);
             ClMem in = cl.buffer(bytes); ClMem out = cl.buffer(bytes);
             ClProgram program = cl.build(op.source()); ClKernel k = ClKernel.create(program, "grid")) {
            op.bind(k, in, out, null);
            var perCpu = new TreeMap<Integer, Double>();
            for (int c = 0; c < cpus; c++) {
                pin(0, c, cpus);
                perCpu.put(c, loop(plain, k, op, runs) / 1e3 / op.launches());
            }
            pin(0, -1, cpus);
            System.out.println("| CPU | hand-written sequence on it, µs a launch |");
            System.out.println("| --- | --- |");
            perCpu.forEach((c, us) -> System.out.printf("| cpu%d | %.2f |%n", c, us));
            int best = perCpu.entrySet().stream().min(java.util.Map.Entry.comparingByValue()).orElseThrow().getKey();
            List<Integer> sib = siblings(best);
            int far = -1;
            for (int c = 0; c < cpus; c++) {
                if (c != best && !sib.contains(c)) {
                    far = c;
                    break;
                }
            }
            System.out.printf("%nThe hand-written sequence on a thread pinned to cpu%d (the fastest above), the main"
                    + " thread pinned as the first column says and idle, spinning, allocating or calling the driver"
                    + " (clFinish of an empty queue of the context); µs a launch:%n%n| main thread on | idle | spinning"
                    + " | allocating | calling the driver |%n| --- | --- | --- | --- | --- |%n", best);
            var places = new ArrayList<int[]>();
            if (!sib.isEmpty()) {
                places.add(new int[] {sib.getFirst()});
            }
            if (far >= 0) {
                places.add(new int[] {far});
            }
            places.add(new int[] {-1});
            String[] works = {"idle", "spinning", "allocating", "calling the driver"};
            for (int round = 0; round < 2; round++) {
                for (int[] place : places) {
                    var line = new StringBuilder(String.format("| %s (round %d) |", place[0] < 0 ? "any CPU"
                            : "cpu" + place[0] + (sib.contains(place[0]) ? " (same core)" : " (another core)"),
                            round + 1));
                    for (String work : works) {
                        pin(0, place[0], cpus);
                        double us = beside(plain, k, op, runs, best, cpus, work, cl.context, clDevice) / 1e3 / op.launches();
                        line.append(String.format(" %.2f |", us));
                    }
                    pin(0, -1, cpus);
                    System.out.println(line);
                }
            }
            System.out.println();
        }
    }

    /** The sequence on a thread pinned to {@code cpu} while this thread does {@code work}: the median sequence, ns. */
    private static long beside(ClCommandQueue plain, ClKernel k, GridOp op, int runs, int cpu, int cpus, String work,
            io.jsycl.opencl.ClContext context, io.jsycl.opencl.ClDevice device) {
        long[] result = new long[1];
        var done = new AtomicBoolean();
        Thread t = Thread.ofPlatform().start(() -> {
            pin(0, cpu, cpus);
            result[0] = loop(plain, k, op, runs);
            done.set(true);
        });
        long sink = 0;
        try {
            switch (work) {
                case "idle" -> t.join();
                case "spinning" -> {
                    while (!done.get()) {
                        sink = sink * 31 + 7;
                    }
                }
                case "allocating" -> {
                    while (!done.get()) {
                        sink += new long[64].length + String.valueOf(sink).length();
                    }
                }
                case "calling the driver" -> {
                    // clFinish of an empty queue of the same context and device, over and over
                    try (var other = ClCommandQueue.create(context, device, false, false)) {
                        while (!done.get()) {
                            other.finish();
                            sink++;
                        }
                    }
                }
                default -> throw new IllegalArgumentException(work);
            }
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (sink == 42) {
            System.out.print("");
        }
        return result[0];
    }

    /** {@code runs} hand-written sequences after as many unmeasured: the median sequence, ns. */
    private static long loop(ClCommandQueue plain, ClKernel k, GridOp op, int runs) {
        return LaunchThreadProbe.loop(plain, k, op, runs, ManagementFactory.getThreadMXBean(), 4)[0];
    }

    /**
     * jsycl's sequence with the submitting thread and the queue's launch thread unpinned, pinned to two cores, and
     * pinned to one core's two hardware threads; each thread's CPU time a launch.
     */
    private static void jsycl(Device device, GridOp op, int runs, int cpus) throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (var q = new Queue(device); var in = Buffer.ofFloat(op.shape()); var out = Buffer.ofFloat(op.shape());
             var table = Buffer.of(new float[1])) {
            GridKernels.awaitWarmup(GridKernels.warmupLog());
            for (int r = 0; r < runs; r++) {
                op.submitRun(q, in, out, table).await();
            }
            Thread launcher = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("jsycl launches")).findFirst().orElse(null);
            int launcherTid = launcher == null ? -1 : nativeTid(launcher.getName());
            System.out.printf("jsycl's sequence, its launch thread %s (µs a launch: the median sequence, each thread's"
                    + " CPU time)%n%n| submitting thread on | launch thread on | round | µs a launch | submitting thread"
                    + " CPU | launch thread CPU |%n| --- | --- | --- | --- | --- | --- |%n",
                    launcher == null ? "none" : "`" + launcher.getName() + "`");
            int a = Math.min(2, cpus - 1);
            List<Integer> sib = siblings(a);
            var layouts = new ArrayList<int[]>();
            layouts.add(new int[] {-1, -1});
            for (int c = 0; c < cpus; c++) {
                if (c != a && !sib.contains(c)) {
                    layouts.add(new int[] {a, c});
                    break;
                }
            }
            if (!sib.isEmpty()) {
                layouts.add(new int[] {a, sib.getFirst()});
            }
            layouts.add(new int[] {a, a});
            for (int round = 0; round < 2; round++) {
                for (int[] layout : layouts) {
                    pin(0, layout[0], cpus);
                    if (launcherTid > 0) {
                        pin(launcherTid, layout[1], cpus);
                    }
                    long cpu0 = threads.getCurrentThreadCpuTime();
                    long lcpu0 = launcher == null ? 0 : threads.getThreadCpuTime(launcher.threadId());
                    long[] wall = new long[runs];
                    for (int r = 0; r < runs; r++) {
                        long t0 = System.nanoTime();
                        op.submitRun(q, in, out, table).await();
                        wall[r] = System.nanoTime() - t0;
                    }
                    long n = (long) runs * op.launches();
                    double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e3 / n;
                    double lcpu = launcher == null ? 0 : (threads.getThreadCpuTime(launcher.threadId()) - lcpu0) / 1e3 / n;
                    Arrays.sort(wall);
                    System.out.printf("| %s | %s | %d | %.2f | %.2f | %.2f |%n", layout[0] < 0 ? "any CPU"
                            : "cpu" + layout[0], layout[1] < 0 ? "any CPU" : "cpu" + layout[1], round + 1,
                            wall[runs / 2] / 1e3 / op.launches(), cpu, lcpu);
                }
            }
            pin(0, -1, cpus);
            if (launcherTid > 0) {
                pin(launcherTid, -1, cpus);
            }
        }
    }

    /** The native id of the process's thread whose name begins as {@code javaName} does (Linux keeps 15 bytes). */
    private static int nativeTid(String javaName) throws IOException {
        String prefix = javaName.substring(0, Math.min(15, javaName.length()));
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                if (read(task.resolve("comm")).equals(prefix.strip()) || read(task.resolve("comm")).equals(prefix)) {
                    return Integer.parseInt(task.getFileName().toString());
                }
            }
        }
        return -1;
    }

}
