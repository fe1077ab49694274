package io.jsycl.cli;

import io.jsycl.Aspect;
import io.jsycl.Device;
import io.jsycl.Platform;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClPlatform;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code jsycl devices}: every platform and its devices with the limits that matter when writing
 * kernels, summarised like {@code sycl-ls --verbose} or {@code clinfo}; the host device last.
 */
final class DevicesCommand {
    static final String HELP = """
            usage: jsycl devices [--spark-resources]
            Lists the OpenCL platforms and their devices (type, compute units, largest work-group, global
            and local memory, fp64, OpenCL and OpenCL C versions, driver, the driver quirks jsycl works around), then
            the pure-Java host device.
            The device that new Queue() picks is marked with '*' (JSYCL_DEVICE changes it: gpu, cpu, host, gpu:1 for
            the second GPU, a PCI address such as 0000:1b:00.0, or part of a name). GPUs of a platform are listed by
            PCI address, the order of nvidia-smi.
            --spark-resources prints instead Spark's resource discovery JSON of the host's GPUs, named by PCI address
            ({"name":"gpu","addresses":[...]}): a Spark worker's discovery script (docs/spark.md).
            Exit status: 0 listed, 2 usage error.""";

    private DevicesCommand() {
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (Main.wantsHelp(args)) {
            out.println(HELP);
            return Main.OK;
        }
        if (args.equals(List.of("--spark-resources"))) {
            out.println(io.jsycl.GpuAddresses.discoveryJson());
            return Main.OK;
        }
        if (!args.isEmpty()) {
            err.println("jsycl devices: takes no arguments but --spark-resources, got '" + args.get(0)
                    + "'; see jsycl devices --help");
            return Main.USAGE;
        }
        Map<String, String> cVersions = openclCVersions();
        Device chosen = defaultDevice();
        List<Platform> platforms = Platform.all().stream().sorted((a, b) -> Boolean.compare(a.isHost(), b.isHost()))
                .toList();
        if (platforms.stream().allMatch(Platform::isHost)) {
            out.println("no OpenCL platform found (install a driver, e.g. apt-get install pocl-opencl-icd); "
                    + "kernels run on the host device");
        }
        int p = 0;
        for (Platform platform : platforms) {
            out.printf("platform %d: %s (%s)%n", p++, platform.name(), platform.isHost() ? "pure Java" : platform.version());
            int d = 0;
            for (Device device : platform.devices()) {
                out.printf("  %s device %d: %s [%s]%n", device.equals(chosen) ? "*" : " ", d++, device.name(),
                        device.type().name().toLowerCase(Locale.ROOT));
                out.printf("      vendor %s, driver %s%s%n", device.vendor(), device.driverVersion(),
                        device.pciBusId().map(a -> ", PCI " + a).orElse(""));
                out.printf("      compute units %d, max work-group %d, global memory %s, local memory %s%n",
                        device.maxComputeUnits(), device.maxWorkGroupSize(), bytes(device.globalMemSize()),
                        bytes(device.localMemSize()));
                String cVersion = cVersions.getOrDefault(platform.name() + "\n" + device.name(),
                        device.isHost() ? "-" : "?");
                out.printf("      fp64 %s, fp16 %s, 64-bit atomics %s, version %s, OpenCL C %s%n",
                        yes(device.hasFp64()), yes(device.hasAspect(Aspect.FP16)),
                        yes(device.hasAspect(Aspect.ATOMIC64)), device.version(), cVersion.replaceFirst("^OpenCL C ", ""));
                out.printf("      atomic orders %s, scopes %s%n", lower(device.atomicFenceOrders()),
                        lower(device.atomicFenceScopes()));
                if (!device.quirks().isEmpty()) {
                    out.printf("      driver quirks worked around: %s (docs/troubleshooting.md)%n",
                            String.join(", ", device.quirks()));
                }
            }
        }
        return Main.OK;
    }

    /** Enum constants as {@code acq_rel, seq_cst}: SYCL's and OpenCL's names. */
    private static String lower(java.util.Set<? extends Enum<?>> constants) {
        return String.join(", ", constants.stream().map(c -> c.name().toLowerCase(Locale.ROOT)).toList());
    }

    private static Device defaultDevice() {
        try {
            return Device.select(io.jsycl.DeviceSelector.DEFAULT);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** OpenCL C versions by platform and device name; empty when no OpenCL loader is installed. */
    private static Map<String, String> openclCVersions() {
        Map<String, String> versions = new HashMap<>();
        try {
            for (ClPlatform platform : ClPlatform.all()) {
                for (ClDevice device : platform.devices()) {
                    versions.put(platform.name() + "\n" + device.name(), device.openclCVersion());
                }
            }
        } catch (RuntimeException | LinkageError e) {
            // No OpenCL: the runtime's own listing says so; versions stay unknown.
        }
        return versions;
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }

    static String bytes(long n) {
        if (n >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", n / (double) (1L << 30));
        }
        if (n >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", n / (double) (1L << 20));
        }
        return n >= 1024 ? (n / 1024) + " KiB" : n + " B";
    }
}
