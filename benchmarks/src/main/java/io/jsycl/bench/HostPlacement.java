package io.jsycl.bench;

import io.jsycl.Device;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
