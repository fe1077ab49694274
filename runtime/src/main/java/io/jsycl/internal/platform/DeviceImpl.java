package io.jsycl.internal.platform;

import io.jsycl.Aspect;
import io.jsycl.DeviceType;
import io.jsycl.MemoryOrder;
import io.jsycl.MemoryScope;
import io.jsycl.Platform;
import io.jsycl.Range;
import io.jsycl.SyclException;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.DriverQuirk;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What a {@link io.jsycl.Device} is a handle to: its OpenCL device (none for the host device), what the driver reported of
 * it, and the driver quirks jsycl works around on it.
 */
public final class DeviceImpl {
    /** {@code CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT} in {@code CL_DEVICE_SINGLE_FP_CONFIG}. */
    private static final long FP_CORRECTLY_ROUNDED_DIVIDE_SQRT = 1L << 7;

    private final Platform platform;
    // The platform's and the device's vendor, once asked (quirks and build options, on every launch that needs them).
    private volatile String[] vendors;
    private final ClDevice cl;
    private final Set<Aspect> aspects;
    // Read on every parallel algorithm's call (which kernels run); the driver's answer does not change.
    private final DeviceType type;
    private final boolean outOfOrderQueues;
    private final boolean hostUnifiedMemory;
    // Read on every reduction submit; the driver's answers do not change.
    private final int maxComputeUnits;
    private final long maxWorkGroupSize;
    // OpenCL order (dimension 0 varies fastest): SYCL dimension d of a D-dimensional range is entry D-1-d.
    private final long[] maxWorkItemSizes;
    // In every launch's work-group check (a driver call, a string made, each time it was asked).
    private final String name;
    /** The PCI address ({@code 0000:1b:00.0}), or null where the driver gives none. */
    private final String pciBusId;
    /** The fences a kernel can use here, found at the first need ({@link #fences()}). */
    private volatile Fences fences;

    /**
     * The state of a device of {@code platform}.
     *
     * @param platform the device's platform
     * @param cl the OpenCL device, or null for the host device
     */
    public DeviceImpl(Platform platform, ClDevice cl) {
        this.platform = platform;
        this.cl = cl;
        var set = EnumSet.noneOf(Aspect.class);
        for (Aspect a : Aspect.values()) {
            if (queryAspect(a)) {
                set.add(a);
            }
        }
        this.aspects = Collections.unmodifiableSet(set);
        this.type = cl == null ? DeviceType.HOST : cl.isGpu() ? DeviceType.GPU
                : cl.isAccelerator() ? DeviceType.ACCELERATOR : DeviceType.CPU;
        this.outOfOrderQueues = cl == null || cl.supportsOutOfOrderQueues();
        this.hostUnifiedMemory = cl == null || cl.isCpu() || cl.hostUnifiedMemory();
        this.maxComputeUnits = cl == null ? Runtime.getRuntime().availableProcessors() : cl.maxComputeUnits();
        // The host device runs a work-group's work-items as virtual threads meeting at a Phaser (at most 65535
        // parties); 1024, as most GPUs, keeps host runs of nd-range kernels portable.
        this.maxWorkGroupSize = cl == null ? HOST_MAX_WORK_GROUP_SIZE : cl.maxWorkGroupSize();
        this.maxWorkItemSizes = cl == null ? new long[] {HOST_MAX_WORK_GROUP_SIZE, HOST_MAX_WORK_GROUP_SIZE,
                HOST_MAX_WORK_GROUP_SIZE} : cl.maxWorkItemSizes();
        this.pciBusId = cl == null ? null : pciBusIdOf(cl);
        this.name = cl == null ? "jsycl host device" : cl.name();
    }

    /** Every order and scope bit of {@code cl_device_atomic_capabilities}. */
    private static final long ALL_FENCES = 0x7f;
    private static final long ORDER_ACQ_REL = 1 << 1;
    private static final long ORDER_SEQ_CST = 1 << 2;
    private static final long SCOPE_WORK_GROUP = 1 << 4;
    private static final long SCOPE_DEVICE = 1 << 5;
    private static final long SCOPE_ALL_DEVICES = 1 << 6;
    /** What OpenCL 1.2's {@code mem_fence} gives: every order, up to the device's scope. */
    private static final long MEM_FENCE = ALL_FENCES & ~SCOPE_ALL_DEVICES;

    /**
     * The orders and scopes ({@code cl_device_atomic_capabilities} bits) a kernel's fences can have on a device, and
     * the build option of the OpenCL C that gives them (empty: OpenCL C 1.2).
     */
    private record Fences(long usable, String option) {
    }

    /**
     * The fences a kernel can use here, asked of the driver once, at the first kernel with fences or the first
     * question: every order and scope on the host device and on NVIDIA's OpenCL, whose kernels fence with PTX's
     * {@code membar} (its OpenCL C 3.0 reports fences up to work-group scope, without seq_cst); elsewhere the device's
     * OpenCL C 2.0 fences ({@code CL_DEVICE_ATOMIC_FENCE_CAPABILITIES}, the program built as OpenCL C 3.0 or 2.0), or
     * where it compiles nothing newer than OpenCL C 1.2, what {@code mem_fence} gives.
     */
    private Fences fences() {
        Fences f = fences;
        if (f == null) {
            if (cl == null || !DriverQuirk.featureBuildOptions(vendors()[0], vendors()[1]).isEmpty()) {
                f = new Fences(ALL_FENCES, "");
            } else {
                int openclC = cl.openclCNewest();
                f = openclC < 20 ? new Fences(MEM_FENCE, "")
                        : new Fences(cl.atomicFenceCapabilities(), openclC >= 30 ? "-cl-std=CL3.0" : "-cl-std=CL2.0");
            }
            fences = f;
        }
        return f;
    }

    /** The memory orders a kernel's atomics and fences can have here, as {@link io.jsycl.Device#atomicFenceOrders}. */
    public Set<MemoryOrder> fenceOrders() {
        long caps = fences().usable();
        var orders = EnumSet.of(MemoryOrder.RELAXED);
        if ((caps & ORDER_ACQ_REL) != 0) {
            orders.addAll(List.of(MemoryOrder.ACQUIRE, MemoryOrder.RELEASE, MemoryOrder.ACQ_REL));
        }
        if ((caps & ORDER_SEQ_CST) != 0) {
            orders.add(MemoryOrder.SEQ_CST);
        }
        return Collections.unmodifiableSet(orders);
    }

    /** The memory scopes a kernel's atomics and fences can have here, as {@link io.jsycl.Device#atomicFenceScopes}. */
    public Set<MemoryScope> fenceScopes() {
        long caps = fences().usable();
        var scopes = EnumSet.of(MemoryScope.WORK_ITEM);
        if ((caps & SCOPE_WORK_GROUP) != 0) {
            scopes.addAll(List.of(MemoryScope.SUB_GROUP, MemoryScope.WORK_GROUP));
        }
        if ((caps & SCOPE_DEVICE) != 0) {
            scopes.add(MemoryScope.DEVICE);
        }
        if ((caps & SCOPE_ALL_DEVICES) != 0) {
            scopes.add(MemoryScope.SYSTEM);
        }
        return Collections.unmodifiableSet(scopes);
    }

    /**
     * The OpenCL C a kernel whose fences have the orders and scopes {@code fences} ({@code LoweredKernel.atomicFences})
     * is built as: none on NVIDIA's OpenCL (PTX fences), {@code -cl-std=CL3.0} (or {@code CL2.0}) where the device's
     * OpenCL C 2.0 fences have them, none (OpenCL C 1.2, {@code mem_fence}) where the device compiles nothing newer;
     * refused where it lacks them.
     *
     * @param fences the kernel's orders and scopes, 0 for none
     * @param kernel the kernel, for the message
     * @return the build option, or empty
     * @throws SyclException if the device's fences lack an order or scope the kernel uses
     */
    public String fenceBuildOption(int fences, Supplier<String> kernel) {
        if (fences == 0 || cl == null) {
            return "";
        }
        Fences usable = fences();
        long missing = fences & ~usable.usable();
        if (missing != 0) {
            throw new SyclException("kernel " + kernel.get() + " uses " + describeFences(missing) + " in its atomics or"
                    + " fences, which " + name() + " cannot give (its fences: orders " + fenceOrders() + ", scopes "
                    + fenceScopes() + (usable.option().isEmpty() ? ", through OpenCL C 1.2's mem_fence"
                    : ", from CL_DEVICE_ATOMIC_FENCE_CAPABILITIES") + "); use " + (missing == SCOPE_ALL_DEVICES
                    ? "MemoryScope.DEVICE: a kernel's buffers and device arrays are its device's memory while it runs"
                    : "an order and a scope of those (Device.atomicFenceOrders(), atomicFenceScopes())"));
        }
        return usable.option();
    }

    private static String describeFences(long bits) {
        var names = new java.util.ArrayList<String>();
        if ((bits & ORDER_ACQ_REL) != 0) {
            names.add("MemoryOrder.ACQUIRE/RELEASE/ACQ_REL");
        }
        if ((bits & ORDER_SEQ_CST) != 0) {
            names.add("MemoryOrder.SEQ_CST");
        }
        if ((bits & SCOPE_WORK_GROUP) != 0) {
            names.add("MemoryScope.WORK_GROUP");
        }
        if ((bits & SCOPE_DEVICE) != 0) {
            names.add("MemoryScope.DEVICE");
        }
        if ((bits & SCOPE_ALL_DEVICES) != 0) {
            names.add("MemoryScope.SYSTEM");
        }
        return String.join(" and ", names);
    }

    /** A device's PCI address; null where the driver gives none or fails to (the device is usable without one). */
    private static String pciBusIdOf(ClDevice cl) {
        try {
            return cl.pciBusId();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The PCI address, {@code 0000:1b:00.0}, or null (the host device, CPU devices, drivers that give none). */
    public String pciBusId() {
        return pciBusId;
    }

    private static final long HOST_MAX_WORK_GROUP_SIZE = 1024;

    /** @return whether this is the host device, which runs kernels on the JVM, as {@link io.jsycl.Device#isHost()} */
    public boolean isHost() {
        return cl == null;
    }

    /** @return the device's name, as {@link io.jsycl.Device#name()} */
    public String name() {
        return name;
    }

    /** @return the device's vendor, as {@link io.jsycl.Device#vendor()} */
    public String vendor() {
        return cl == null ? "jsycl" : cl.vendor();
    }

    /** @return the device type, as {@link io.jsycl.Device#type()} */
    public DeviceType type() {
        return type;
    }

    /** @return the quirks' names, as {@link io.jsycl.Device#quirks()} */
    public List<String> quirks() {
        return quirkSet().stream().map(DriverQuirk::settingName).toList();
    }

    /**
     * Whether the runtime works around {@code quirk} on this device.
     *
     * @param quirk a driver quirk
     * @return true if the device's driver has it (or {@code JSYCL_QUIRKS} turned it on)
     */
    public boolean hasQuirk(DriverQuirk quirk) {
        return quirkSet().contains(quirk);
    }

    /**
     * The device's quirks under {@code settings}: worked out once per settings (a launch asks, and the vendor
     * matching and {@code JSYCL_QUIRKS} parsing cost a DistributedQueue step microseconds on every chunk).
     */
    private record Quirks(Settings settings, Set<DriverQuirk> set) {
    }

    private volatile Quirks quirks;

    private Set<DriverQuirk> quirkSet() {
        if (cl == null) {
            return Set.of();
        }
        Settings now = Settings.current();
        Quirks known = quirks;
        if (known == null || known.settings() != now) {
            String[] v = vendors();
            known = new Quirks(now, Collections.unmodifiableSet(quirksOf(v[0], v[1], now)));
            quirks = known; // a racing second computation gives the same set
        }
        return known.set();
    }

    /** The platform's and the device's vendor: each a driver call, asked once (a racing second read is harmless). */
    private String[] vendors() {
        String[] v = vendors;
        if (v == null) {
            v = new String[] {platform.vendor(), vendor()};
            vendors = v;
        }
        return v;
    }

    /**
     * The quirks known for a driver of these vendors ({@link DriverQuirk}), then {@code JSYCL_QUIRKS}' changes.
     *
     * @param platformVendor the platform's vendor
     * @param deviceVendor the device's vendor
     * @return the quirks to work around
     */
    public static Set<DriverQuirk> quirksOf(String platformVendor, String deviceVendor) {
        return quirksOf(platformVendor, deviceVendor, Settings.current());
    }

    private static Set<DriverQuirk> quirksOf(String platformVendor, String deviceVendor, Settings settings) {
        Set<DriverQuirk> quirks = EnumSet.noneOf(DriverQuirk.class);
        quirks.addAll(DriverQuirk.knownFor(platformVendor, deviceVendor));
        for (var e : settings.quirks().get().entrySet()) {
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
     *
     * @return the options, possibly empty
     */
    public String quirkBuildOptions() {
        var options = new StringBuilder(cl == null ? "" : DriverQuirk.featureBuildOptions(vendors()[0], vendors()[1]));
        for (DriverQuirk q : quirkSet()) {
            if (q.ofBuilds() && !q.perLaunch()) {
                options.append(q.buildOption()).append(' ');
            }
        }
        return options.toString();
    }

    /** @return the driver's version string, as {@link io.jsycl.Device#driverVersion()} */
    public String driverVersion() {
        return cl == null ? Runtime.version().toString() : cl.driverVersion();
    }

    /** @return the OpenCL version string, as {@link io.jsycl.Device#version()} */
    public String version() {
        return cl == null ? "host" : cl.version();
    }

    /** @return the number of compute units, as {@link io.jsycl.Device#maxComputeUnits()} */
    public int maxComputeUnits() {
        return maxComputeUnits;
    }

    /** @return the largest work-group, as {@link io.jsycl.Device#maxWorkGroupSize()} */
    public long maxWorkGroupSize() {
        return maxWorkGroupSize;
    }

    /**
     * Checks that this device runs work-groups of {@code local}: at most {@link #maxWorkGroupSize()} work-items, and
     * in each dimension at most what the device allows there ({@code CL_DEVICE_MAX_WORK_ITEM_SIZES}). The same check
     * on every device, before anything is launched; the host device would otherwise run any size it can.
     *
     * @param local the work-group size of an nd-range launch
     * @throws IllegalArgumentException naming the local range, the limit and the device, when it exceeds a limit
     */
    public void checkWorkGroup(Range local) {
        checkWorkGroup(local, maxWorkGroupSize, maxWorkItemSizes, name());
    }

    /** {@link #checkWorkGroup(Range)} against these limits ({@code maxWorkItemSizes} in OpenCL order). */
    static void checkWorkGroup(Range local, long maxWorkGroupSize, long[] maxWorkItemSizes, String name) {
        if (local.size() > maxWorkGroupSize) {
            throw new IllegalArgumentException("local range " + local + " is a work-group of " + local.size()
                    + " work-items, but " + name + " runs at most " + maxWorkGroupSize + " (Device.maxWorkGroupSize());"
                    + " use a smaller local range and more work-groups");
        }
        int dims = local.dimensions();
        for (int d = 0; d < dims; d++) {
            int cl = dims - 1 - d;
            if (cl < maxWorkItemSizes.length && local.get(d) > maxWorkItemSizes[cl]) {
                throw new IllegalArgumentException("local range " + local + " has " + local.get(d) + " work-items in"
                        + " dimension " + d + ", but " + name + " runs at most " + maxWorkItemSizes[cl] + " there"
                        + " (CL_DEVICE_MAX_WORK_ITEM_SIZES); move work-items into another dimension or use a smaller"
                        + " local range");
            }
        }
    }

    /** @return global memory in bytes, as {@link io.jsycl.Device#globalMemSize()} */
    public long globalMemSize() {
        return cl == null ? Runtime.getRuntime().maxMemory() : cl.globalMemSize();
    }

    /** @return the largest allocation in bytes, as {@link io.jsycl.Device#maxMemAllocSize()} */
    public long maxMemAllocSize() {
        return cl == null ? Runtime.getRuntime().maxMemory() : cl.maxMemAllocSize();
    }

    /** @return local memory in bytes, as {@link io.jsycl.Device#localMemSize()} */
    public long localMemSize() {
        return cl == null ? 64 * 1024 : cl.localMemSize();
    }

    /**
     * Whether the device has a capability.
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

    /** @return whether one queue's commands may overlap, as {@link io.jsycl.Device#supportsOutOfOrderQueues()} */
    public boolean supportsOutOfOrderQueues() {
        return outOfOrderQueues;
    }

    /** @return whether buffers move data by mapping, as {@link io.jsycl.Device#hostUnifiedMemory()} */
    public boolean hostUnifiedMemory() {
        return hostUnifiedMemory;
    }

    /**
     * The OpenCL device.
     *
     * @return the OpenCL device, or null for the host device
     */
    public ClDevice cl() {
        return cl;
    }

    /** @return the device as messages name it, as {@link io.jsycl.Device#toString()} */
    @Override
    public String toString() {
        return name() + " (" + type() + ", " + platform.name() + ")";
    }
}
