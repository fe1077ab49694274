package io.jsycl;

import io.jsycl.internal.Settings;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.DriverQuirk;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** An OpenCL device, or the host device that runs kernels on the JVM. */
public final class Device {
    /** {@code CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT} in {@code CL_DEVICE_SINGLE_FP_CONFIG}. */
    private static final long FP_CORRECTLY_ROUNDED_DIVIDE_SQRT = 1L << 7;

    private final Platform platform;
    private final ClDevice cl;
    private final Set<Aspect> aspects;
    private final boolean outOfOrderQueues;
    private final boolean hostUnifiedMemory;
    // Read on every reduction submit; the driver's answers do not change.
    private final int maxComputeUnits;
    private final long maxWorkGroupSize;

    Device(Platform platform, ClDevice cl) {
        this.platform = platform;
        this.cl = cl;
        var set = EnumSet.noneOf(Aspect.class);
        for (Aspect a : Aspect.values()) {
            if (queryAspect(a)) {
                set.add(a);
            }
        }
        this.aspects = Collections.unmodifiableSet(set);
        this.outOfOrderQueues = cl == null || cl.supportsOutOfOrderQueues();
        this.hostUnifiedMemory = cl == null || cl.isCpu() || cl.hostUnifiedMemory();
        this.maxComputeUnits = cl == null ? Runtime.getRuntime().availableProcessors() : cl.maxComputeUnits();
        this.maxWorkGroupSize = cl == null ? 1024 : cl.maxWorkGroupSize();
    }

    /**
     * Every device of every platform, the host device last.
     *
     * @return the devices, OpenCL ones first; never empty
     */
    public static List<Device> all() {
        var list = new ArrayList<Device>();
        for (var p : Platform.all()) {
            list.addAll(p.devices());
        }
        return List.copyOf(list);
    }

    /**
     * The pure-Java device: runs kernel lambdas on the JVM, in parallel.
     *
     * @return the host device, always available
     */
    public static Device host() {
        return Platform.HOST.devices().getFirst();
    }

    /**
     * The device with the highest score.
     *
     * @param selector scores each device; negative rejects it
     * @return the device with the highest non-negative score
     * @throws SyclException if the selector rejects every device
     */
    public static Device select(DeviceSelector selector) {
        var best = all().stream()
                .filter(d -> selector.score(d) >= 0)
                .max(Comparator.comparingInt(selector::score));
        return best.orElseThrow(() -> new SyclException("no device matches the selector; devices: "
                + all().stream().map(Device::name).toList()
                + (Settings.current().device() != null ? " (JSYCL_DEVICE=" + Settings.current().device() + ")" : "")));
    }

    /**
     * The platform this device belongs to.
     *
     * @return the platform; the host platform for the host device
     */
    public Platform platform() {
        return platform;
    }

    /**
     * The device's name.
     *
     * @return the name as the driver reports it
     */
    public String name() {
        return cl == null ? "jsycl host device" : cl.name();
    }

    /**
     * The device's vendor.
     *
     * @return the vendor as the driver reports it
     */
    public String vendor() {
        return cl == null ? "jsycl" : cl.vendor();
    }

    /**
     * GPU, CPU, accelerator or host.
     *
     * @return the device type
     */
    public DeviceType type() {
        if (cl == null) {
            return DeviceType.HOST;
        }
        if (cl.isGpu()) {
            return DeviceType.GPU;
        }
        if (cl.isAccelerator()) {
            return DeviceType.ACCELERATOR;
        }
        return DeviceType.CPU;
    }

    /**
     * The driver quirks jsycl works around on this device: where the driver is known not to conform, the generated
     * code takes a safe form that gives Java's result (docs/troubleshooting.md names each). {@code JSYCL_QUIRKS}
     * adds or removes one.
     *
     * @return the quirks' names, e.g. {@code [nan-to-integer]} on NVIDIA's OpenCL; empty for the host device
     */
    public List<String> quirks() {
        return quirkSet().stream().map(DriverQuirk::settingName).toList();
    }

    private Set<DriverQuirk> quirkSet() {
        return cl == null ? Set.of() : quirksOf(platform.vendor(), vendor());
    }

    /** The quirks known for a driver of these vendors ({@link DriverQuirk}), then {@code JSYCL_QUIRKS}' changes. */
    static Set<DriverQuirk> quirksOf(String platformVendor, String deviceVendor) {
        Set<DriverQuirk> quirks = EnumSet.noneOf(DriverQuirk.class);
        quirks.addAll(DriverQuirk.knownFor(platformVendor, deviceVendor));
        for (var e : Settings.current().quirks().get().entrySet()) {
            if (e.getValue()) {
                quirks.add(e.getKey());
            } else {
                quirks.remove(e.getKey());
            }
        }
        return quirks;
    }

    /**
     * The build options that select the safe forms of this device's quirks, and those of its driver's features
     * ({@link DriverQuirk#featureBuildOptions}), each followed by a space.
     */
    String quirkBuildOptions() {
        var options = new StringBuilder(cl == null ? "" : DriverQuirk.featureBuildOptions(platform.vendor(), vendor()));
        for (DriverQuirk q : quirkSet()) {
            options.append(q.buildOption()).append(' ');
        }
        return options.toString();
    }

    /**
     * The driver's version string.
     *
     * @return the driver's version string
     */
    public String driverVersion() {
        return cl == null ? Runtime.version().toString() : cl.driverVersion();
    }

    /**
     * The device's OpenCL version string.
     *
     * @return {@code "OpenCL <major>.<minor> ..."} for an OpenCL device; {@code "host"} for the host device
     */
    public String version() {
        return cl == null ? "host" : cl.version();
    }

    /**
     * Compute units (for the host device, the JVM's available processors).
     *
     * @return the number of compute units, at least 1
     */
    public int maxComputeUnits() {
        return maxComputeUnits;
    }

    /**
     * The largest work-group.
     *
     * @return the most work-items in one work-group, at least 1
     */
    public long maxWorkGroupSize() {
        return maxWorkGroupSize;
    }

    /**
     * Global memory in bytes.
     *
     * @return the size in bytes
     */
    public long globalMemSize() {
        return cl == null ? Runtime.getRuntime().maxMemory() : cl.globalMemSize();
    }

    /**
     * Local (work-group) memory in bytes.
     *
     * @return the size in bytes per work-group
     */
    public long localMemSize() {
        return cl == null ? 64 * 1024 : cl.localMemSize();
    }

    /**
     * True when the device computes in double precision.
     *
     * @return true when kernels may use {@code double}
     */
    public boolean hasFp64() {
        return hasAspect(Aspect.FP64);
    }

    /**
     * True when the device has the capability.
     *
     * @param aspect the capability to look for
     * @return true when the device has {@code aspect}
     */
    public boolean hasAspect(Aspect aspect) {
        return aspects.contains(aspect);
    }

    private boolean queryAspect(Aspect aspect) {
        if (cl == null) {
            return aspect != Aspect.IMAGES && aspect != Aspect.FP16;
        }
        return switch (aspect) {
            case FP64 -> cl.doubleFpConfig() != 0 || cl.hasExtension("cl_khr_fp64");
            case FP16 -> cl.hasExtension("cl_khr_fp16");
            case ATOMIC64 -> cl.hasExtension("cl_khr_int64_base_atomics");
            case IMAGES -> cl.imageSupport();
            case FP32_CORRECTLY_ROUNDED_DIVIDE_SQRT -> (cl.singleFpConfig() & FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
        };
    }

    /**
     * True when the device runs commands of one queue concurrently (SYCL's default out-of-order queues).
     *
     * @return true when independent commands of one queue may overlap
     */
    public boolean supportsOutOfOrderQueues() {
        return outOfOrderQueues;
    }

    /**
     * True when the device works in host memory: the host device, CPU devices, and devices that report
     * {@code CL_DEVICE_HOST_UNIFIED_MEMORY} (integrated GPUs). Buffers there keep their device copy in
     * host-accessible memory and move data by mapping it (one copy between the Java array and the device
     * memory); on other devices data moves through pinned staging memory by DMA.
     *
     * @return true when buffers on this device move data by mapping host-accessible memory
     */
    public boolean hostUnifiedMemory() {
        return hostUnifiedMemory;
    }

    /**
     * True for the host device.
     *
     * @return true for the pure-Java device
     */
    public boolean isHost() {
        return cl == null;
    }

    /** The OpenCL device, or null for the host device. */
    ClDevice cl() {
        return cl;
    }

    @Override
    public String toString() {
        return name() + " (" + type() + ", " + platform.name() + ")";
    }
}
