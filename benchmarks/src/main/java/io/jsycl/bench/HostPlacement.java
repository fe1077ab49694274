package io.jsycl.bench;

import io.jsycl.Device;
import io.jsycl.opencl.ClObjects;
import io.jsycl.opencl.DriverCallTimes;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where the calling thread runs and where the devices sit, as Linux reports them: a host-bound multi-GPU step
 * costs more from a CPU of another NUMA node than its GPUs' (each driver call writes to the device across the
 * sockets), so a benchmark prints it beside its numbers. "?" where the system does not say.
 */
final class HostPlacement {
    private HostPlacement() {
    }

    /** "CPU 12 (NUMA node 0); the devices' NUMA nodes: 0, 0, 1, 1". */
    static String describe(List<Device> devices) {
        String cpu = currentCpu();
        var nodes = devices.stream().map(d -> d.pciBusId().map(HostPlacement::deviceNode).orElse("?")).toList();
        return "CPU " + cpu + " (NUMA node " + cpuNode(cpu) + "); the devices' NUMA nodes: " + String.join(", ", nodes);
    }

    /**
     * What the calling thread and the JVM did between {@link #start} and {@link #end}, on the same thread: the
     * thread's CPU time, its time in the driver's waits, its involuntary context switches (another thread took its CPU), and the collectors' pauses.
     */
    record Usage(long wall, long cpu, long waited, long preempted, long collected, Map<String, Long> driver) {
        static Usage start() {
            return new Usage(System.nanoTime(), ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime(),
                    ClObjects.waitedNanos(), preemptions(), gcMillis(), DriverCallTimes.ofThisThread());
        }

        /**
         * "CPU 41 µs a step of 60 wall, 12 of them in the driver's waits, 3 preemptions, GC 12 ms" over {@code steps}
         * steps since start. NVIDIA's driver spins in its waits: CPU time near the wall time says nothing about
         * whether the thread waited; the waits' share does.
         */
        String end(long steps) {
            long cpuNow = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            return String.format(Locale.ROOT, "submitting thread's CPU %.1f µs a step of %.1f wall, %.1f of them in"
                    + " the driver's waits%s, %d preemptions, GC %d ms", (cpuNow - cpu) / 1e3 / steps,
                    (System.nanoTime() - wall) / 1e3 / steps, (ClObjects.waitedNanos() - waited) / 1e3 / steps,
                    driverCalls(steps), preemptions() - preempted, gcMillis() - collected);
        }

        /**
         * With {@code -Djsycl.opencl.timeCalls=true}: ", 210.3 in driver calls (clEnqueueNDRangeKernel 80.1, ...)",
         * the thread's time in every OpenCL call a step and its largest parts; the rest of its CPU time is Java's.
         */
        private String driverCalls(long steps) {
            if (!DriverCallTimes.on()) {
                return "";
            }
            var now = DriverCallTimes.ofThisThread();
            var per = new java.util.TreeMap<Double, String>(java.util.Comparator.reverseOrder());
            double total = 0;
            for (var e : now.entrySet()) {
                double us = (e.getValue() - driver.getOrDefault(e.getKey(), 0L)) / 1e3 / steps;
                total += us;
                if (us >= 0.05) {
                    per.merge(us, e.getKey(), (a, b) -> a + "/" + b);
                }
            }
            var parts = new StringBuilder();
            per.entrySet().stream().limit(6).forEach(e -> parts.append(parts.isEmpty() ? "" : ", ")
                    .append(e.getValue()).append(String.format(Locale.ROOT, " %.1f", e.getKey())));
            return String.format(Locale.ROOT, ", %.1f in driver calls (%s)", total, parts);
        }

        private static long preemptions() {
            try {
                return Files.readAllLines(Path.of("/proc/thread-self/status")).stream()
                        .filter(l -> l.startsWith("nonvoluntary_ctxt_switches:"))
                        .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).strip())).findFirst().orElse(0);
            } catch (IOException | RuntimeException e) {
                return 0;
            }
        }

        private static long gcMillis() {
            long ms = 0;
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                ms += Math.max(0, gc.getCollectionTime());
            }
            return ms;
        }
    }

    /** The CPU the calling thread last ran on: field 39 of /proc/thread-self/stat. */
    private static String currentCpu() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return fields[39 - 3]; // fields after the name start at field 3 (state)
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    private static String cpuNode(String cpu) {
        try (Stream<Path> entries = Files.list(Path.of("/sys/devices/system/cpu/cpu" + cpu))) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.matches("node\\d+"))
                    .map(n -> n.substring(4)).findFirst().orElse("?");
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    private static String deviceNode(String pciBusId) {
        try {
            return Files.readString(Path.of("/sys/bus/pci/devices", pciBusId.toLowerCase(Locale.ROOT), "numa_node"))
                    .strip();
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }
}
