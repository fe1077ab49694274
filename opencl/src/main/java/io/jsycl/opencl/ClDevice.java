package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Locale;

/** An OpenCL device; equal by handle. Root devices are not reference counted: nothing to close. */
public final class ClDevice {
    private final ClPlatform platform;
    private final MemorySegment handle;

    ClDevice(ClPlatform platform, MemorySegment handle) {
        this.platform = platform;
        this.handle = handle;
    }

    /** The device of {@code handle}, its platform queried. */
    static ClDevice of(MemorySegment handle) {
        ClInfo.Query q = (p, size, value, sizeRet) -> cl_h.clGetDeviceInfo(handle, p, size, value, sizeRet);
        long platform = ClInfo.int64(q, cl_h.CL_DEVICE_PLATFORM(), "clGetDeviceInfo");
        return new ClDevice(new ClPlatform(MemorySegment.ofAddress(platform)), handle);
    }

    /**
     * The platform this device belongs to.
     *
     * @return the platform, as {@code CL_DEVICE_PLATFORM} reports it
     */
    public ClPlatform platform() {
        return platform;
    }

    /**
     * The native {@code cl_device_id}, for calls through the bindings.
     *
     * @return the handle; root devices need no release
     */
    public MemorySegment handle() {
        return handle;
    }

    private ClInfo.Query info() {
        return (p, size, value, sizeRet) -> cl_h.clGetDeviceInfo(handle, p, size, value, sizeRet);
    }

    private String str(int param) {
        return ClInfo.string(info(), param, "clGetDeviceInfo");
    }

    private int int32(int param) {
        return ClInfo.int32(info(), param, "clGetDeviceInfo");
    }

    private long int64(int param) {
        return ClInfo.int64(info(), param, "clGetDeviceInfo");
    }

    /**
     * The device name ({@code CL_DEVICE_NAME}).
     *
     * @return e.g. {@code "NVIDIA H100 80GB HBM3"}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public String name() {
        return str(cl_h.CL_DEVICE_NAME());
    }

    /**
     * The vendor ({@code CL_DEVICE_VENDOR}).
     *
     * @return the vendor name as the driver reports it
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public String vendor() {
        return str(cl_h.CL_DEVICE_VENDOR());
    }

    /**
     * The OpenCL version the device supports ({@code CL_DEVICE_VERSION}).
     *
     * @return {@code "OpenCL <major>.<minor> <vendor-specific>"}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public String version() {
        return str(cl_h.CL_DEVICE_VERSION());
    }

    /**
     * The driver version ({@code CL_DRIVER_VERSION}).
     *
     * @return a vendor-defined version string
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public String driverVersion() {
        return str(cl_h.CL_DRIVER_VERSION());
    }

    /**
     * The highest OpenCL C version the compiler accepts ({@code CL_DEVICE_OPENCL_C_VERSION}).
     *
     * @return {@code "OpenCL C <major>.<minor> <vendor-specific>"}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public String openclCVersion() {
        return str(cl_h.CL_DEVICE_OPENCL_C_VERSION());
    }

    /**
     * The supported extensions ({@code CL_DEVICE_EXTENSIONS}).
     *
     * @return space-separated extension names, e.g. {@code "cl_khr_fp64 cl_khr_int64_base_atomics"}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public String extensions() {
        return str(cl_h.CL_DEVICE_EXTENSIONS());
    }

    /**
     * The profile ({@code CL_DEVICE_PROFILE}).
     *
     * @return {@code "FULL_PROFILE"} or {@code "EMBEDDED_PROFILE"}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public String profile() {
        return str(cl_h.CL_DEVICE_PROFILE());
    }

    /**
     * The {@code CL_DEVICE_TYPE_*} bits.
     *
     * @return an OR of {@code CL_DEVICE_TYPE_CPU}, {@code _GPU}, {@code _ACCELERATOR}, {@code _DEFAULT}, {@code _CUSTOM}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long type() {
        return int64(cl_h.CL_DEVICE_TYPE());
    }

    /**
     * Whether this is a GPU.
     *
     * @return true when {@link #type()} has {@code CL_DEVICE_TYPE_GPU}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean isGpu() {
        return (type() & cl_h.CL_DEVICE_TYPE_GPU()) != 0;
    }

    /**
     * Whether this is a CPU device (e.g. PoCL).
     *
     * @return true when {@link #type()} has {@code CL_DEVICE_TYPE_CPU}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean isCpu() {
        return (type() & cl_h.CL_DEVICE_TYPE_CPU()) != 0;
    }

    /**
     * Whether this is an accelerator.
     *
     * @return true when {@link #type()} has {@code CL_DEVICE_TYPE_ACCELERATOR}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean isAccelerator() {
        return (type() & cl_h.CL_DEVICE_TYPE_ACCELERATOR()) != 0;
    }

    /**
     * Whether this device is the one a selector names, as {@code JSYCL_DEVICE} does: {@code gpu}, {@code cpu} or
     * {@code accelerator} by type, else a case-insensitive substring of the device name.
     *
     * @param selector the selector; not null
     * @return true when this device matches
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean matches(String selector) {
        return switch (selector.strip().toLowerCase(Locale.ROOT)) {
            case "gpu" -> isGpu();
            case "cpu" -> isCpu();
            case "accelerator" -> isAccelerator();
            case String s -> name().toLowerCase(Locale.ROOT).contains(s);
        };
    }

    /**
     * The number of compute units ({@code CL_DEVICE_MAX_COMPUTE_UNITS}).
     *
     * @return at least 1
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public int maxComputeUnits() {
        return int32(cl_h.CL_DEVICE_MAX_COMPUTE_UNITS());
    }

    /**
     * The largest work-group a kernel may use on this device ({@code CL_DEVICE_MAX_WORK_GROUP_SIZE}).
     *
     * @return the maximum number of work-items in a work-group, at least 1 (a kernel may allow fewer)
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long maxWorkGroupSize() {
        return int64(cl_h.CL_DEVICE_MAX_WORK_GROUP_SIZE());
    }

    /**
     * The largest work-group size per dimension ({@code CL_DEVICE_MAX_WORK_ITEM_SIZES}).
     *
     * @return one entry per dimension (at least 3), each at least 1
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long[] maxWorkItemSizes() {
        return ClInfo.int64s(info(), cl_h.CL_DEVICE_MAX_WORK_ITEM_SIZES(), "clGetDeviceInfo");
    }

    /**
     * The size of global memory ({@code CL_DEVICE_GLOBAL_MEM_SIZE}).
     *
     * @return bytes
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long globalMemSize() {
        return int64(cl_h.CL_DEVICE_GLOBAL_MEM_SIZE());
    }

    /**
     * The size of local memory per work-group ({@code CL_DEVICE_LOCAL_MEM_SIZE}).
     *
     * @return bytes
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long localMemSize() {
        return int64(cl_h.CL_DEVICE_LOCAL_MEM_SIZE());
    }

    /**
     * The size of the global memory cache ({@code CL_DEVICE_GLOBAL_MEM_CACHE_SIZE}): the L2 cache on GPUs, 0 where
     * the device has none.
     *
     * @return bytes
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long globalMemCacheSize() {
        return int64(cl_h.CL_DEVICE_GLOBAL_MEM_CACHE_SIZE());
    }

    /**
     * The largest single buffer ({@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}).
     *
     * @return bytes
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long maxMemAllocSize() {
        return int64(cl_h.CL_DEVICE_MAX_MEM_ALLOC_SIZE());
    }

    /**
     * {@code CL_FP_*} bits of single precision.
     *
     * @return an OR of {@code CL_FP_DENORM}, {@code CL_FP_INF_NAN}, {@code CL_FP_ROUND_TO_NEAREST}, ...
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long singleFpConfig() {
        return int64(cl_h.CL_DEVICE_SINGLE_FP_CONFIG());
    }

    /**
     * {@code CL_FP_*} bits of double precision; 0 when the device has no doubles.
     *
     * @return an OR of {@code CL_FP_*} bits, 0 without fp64
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long doubleFpConfig() {
        return int64(cl_h.CL_DEVICE_DOUBLE_FP_CONFIG());
    }

    /**
     * The newest OpenCL C the device compiles, as {@code major * 10 + minor} (12 for OpenCL C 1.2, 30 for 3.0): the
     * highest of {@code CL_DEVICE_OPENCL_C_ALL_VERSIONS} on an OpenCL 3.0 device (where
     * {@code CL_DEVICE_OPENCL_C_VERSION} says 1.2 for compatibility), else {@code CL_DEVICE_OPENCL_C_VERSION}.
     *
     * @return the version, at least 10
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public int openclCNewest() {
        int newest = parseOpenclC(openclCVersion());
        if (version().startsWith("OpenCL 3.")) {
            var b = java.nio.ByteBuffer.wrap(ClInfo.bytes(info(), cl_h.CL_DEVICE_OPENCL_C_ALL_VERSIONS(),
                    "clGetDeviceInfo")).order(java.nio.ByteOrder.nativeOrder());
            for (int at = 0; at + 4 + cl_h.CL_NAME_VERSION_MAX_NAME_SIZE() <= b.limit();
                    at += 4 + cl_h.CL_NAME_VERSION_MAX_NAME_SIZE()) {
                int v = b.getInt(at); // CL_MAKE_VERSION: major in bits 22-31, minor in 12-21
                newest = Math.max(newest, (v >>> 22) * 10 + ((v >>> 12) & 0x3ff));
            }
        }
        return newest;
    }

    /** {@code major * 10 + minor} of an {@code "OpenCL C 1.2 ..."} string; 10 where it names none. */
    static int parseOpenclC(String version) {
        var m = java.util.regex.Pattern.compile("OpenCL C (\\d+)\\.(\\d+)").matcher(version);
        return m.find() ? Integer.parseInt(m.group(1)) * 10 + Integer.parseInt(m.group(2)) : 10;
    }

    /**
     * The memory orders and scopes of the device's fences ({@code atomic_work_item_fence}) in OpenCL C 2.0 and later:
     * {@code CL_DEVICE_ATOMIC_FENCE_CAPABILITIES} on an OpenCL 3.0 device; on an OpenCL 2.x device, what 2.x requires
     * (every order and scope); 0 on an OpenCL 1.x device. Meaningful where {@link #openclCNewest()} is 2.0 or later.
     *
     * @return {@code CL_DEVICE_ATOMIC_ORDER_*} and {@code CL_DEVICE_ATOMIC_SCOPE_*} bits
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long atomicFenceCapabilities() {
        if (version().startsWith("OpenCL 1.")) {
            return 0;
        }
        if (version().startsWith("OpenCL 3.")) {
            return int64(cl_h.CL_DEVICE_ATOMIC_FENCE_CAPABILITIES());
        }
        return cl_h.CL_DEVICE_ATOMIC_ORDER_RELAXED() | cl_h.CL_DEVICE_ATOMIC_ORDER_ACQ_REL()
                | cl_h.CL_DEVICE_ATOMIC_ORDER_SEQ_CST() | cl_h.CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM()
                | cl_h.CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP() | cl_h.CL_DEVICE_ATOMIC_SCOPE_DEVICE()
                | cl_h.CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES();
    }

    /** {@code CL_DEVICE_PCI_BUS_INFO_KHR} of {@code cl_khr_pci_bus_info}: domain, bus, device, function. */
    static final int CL_DEVICE_PCI_BUS_INFO_KHR = 0x410F;
    /** {@code CL_DEVICE_PCI_BUS_ID_NV} of {@code cl_nv_device_attribute_query}. */
    static final int CL_DEVICE_PCI_BUS_ID_NV = 0x4008;
    /** {@code CL_DEVICE_PCI_SLOT_ID_NV}: the PCI device number. */
    static final int CL_DEVICE_PCI_SLOT_ID_NV = 0x4009;
    /** {@code CL_DEVICE_PCI_DOMAIN_ID_NV}, which drivers before 460 lack. */
    static final int CL_DEVICE_PCI_DOMAIN_ID_NV = 0x400A;

    /**
     * The device's PCI address as Linux writes it ({@code 0000:1b:00.0}: domain, bus, device, function, hexadecimal),
     * from {@code cl_khr_pci_bus_info} or NVIDIA's {@code cl_nv_device_attribute_query}; null where the driver gives
     * neither (CPU devices, PoCL). {@code nvidia-smi} writes the same address as {@code 00000000:1B:00.0}.
     *
     * @return the address, or null
     * @throws ClException when {@code clGetDeviceInfo} fails for an extension the device lists
     */
    public String pciBusId() {
        if (hasExtension("cl_khr_pci_bus_info")) {
            var b = java.nio.ByteBuffer.wrap(ClInfo.bytes(info(), CL_DEVICE_PCI_BUS_INFO_KHR, "clGetDeviceInfo"))
                    .order(java.nio.ByteOrder.nativeOrder());
            return PciAddress.format(b.getInt(0), b.getInt(4), b.getInt(8), b.getInt(12));
        }
        if (hasExtension("cl_nv_device_attribute_query")) {
            int domain;
            try {
                domain = int32(CL_DEVICE_PCI_DOMAIN_ID_NV);
            } catch (ClException e) {
                domain = 0; // an older driver: one PCI domain
            }
            return PciAddress.format(domain, int32(CL_DEVICE_PCI_BUS_ID_NV), int32(CL_DEVICE_PCI_SLOT_ID_NV), 0);
        }
        return null;
    }

    /**
     * Whether {@code ext} is one of the space-separated names of {@link #extensions()}.
     *
     * @param ext an extension name, e.g. {@code "cl_khr_fp64"}; compared exactly
     * @return true when the device lists it
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean hasExtension(String ext) {
        return Arrays.asList(extensions().trim().split("\\s+")).contains(ext);
    }

    /**
     * The width of device addresses ({@code CL_DEVICE_ADDRESS_BITS}).
     *
     * @return 32 or 64
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public int addressBits() {
        return int32(cl_h.CL_DEVICE_ADDRESS_BITS());
    }

    /**
     * Nanoseconds per profiling timer tick.
     *
     * @return the resolution in nanoseconds, at least 1
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long profilingTimerResolution() {
        return int64(cl_h.CL_DEVICE_PROFILING_TIMER_RESOLUTION());
    }

    /**
     * Whether the device is available ({@code CL_DEVICE_AVAILABLE}).
     *
     * @return false when it is busy or disabled
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean available() {
        return int32(cl_h.CL_DEVICE_AVAILABLE()) != 0;
    }

    /**
     * {@code CL_DEVICE_QUEUE_ON_HOST_PROPERTIES}: {@code CL_QUEUE_*} bits a host queue may have.
     *
     * @return an OR of {@code CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE} and {@code CL_QUEUE_PROFILING_ENABLE}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public long queueOnHostProperties() {
        return int64(cl_h.CL_DEVICE_QUEUE_ON_HOST_PROPERTIES());
    }

    /**
     * Whether command queues of this device may run commands out of order.
     *
     * @return true when {@link #queueOnHostProperties()} has {@code CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE}
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean supportsOutOfOrderQueues() {
        return (queueOnHostProperties() & cl_h.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE()) != 0;
    }

    /**
     * {@code CL_DEVICE_HOST_UNIFIED_MEMORY}: whether the device and the host share one memory system (CPU devices,
     * integrated GPUs), so that mapping a buffer allocated with {@code CL_MEM_ALLOC_HOST_PTR} copies nothing.
     * Deprecated by OpenCL 2.0 but still answered by the drivers in use.
     *
     * @return true when device and host share memory; false where the query fails
     */
    public boolean hostUnifiedMemory() {
        try {
            return int32(cl_h.CL_DEVICE_HOST_UNIFIED_MEMORY()) != 0;
        } catch (ClException e) {
            return false;
        }
    }

    /**
     * {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN}.
     *
     * @return the alignment, in bits, that a {@code CL_MEM_USE_HOST_PTR} host pointer needs
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public int memBaseAddrAlign() {
        return int32(cl_h.CL_DEVICE_MEM_BASE_ADDR_ALIGN());
    }

    /**
     * {@code CL_DEVICE_IMAGE_SUPPORT}.
     *
     * @return true when the device supports images
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean imageSupport() {
        return int32(cl_h.CL_DEVICE_IMAGE_SUPPORT()) != 0;
    }

    /**
     * Whether the device can compile OpenCL C ({@code CL_DEVICE_COMPILER_AVAILABLE}).
     *
     * @return false on an embedded-profile device that loads only binaries
     * @throws ClException when {@code clGetDeviceInfo} fails
     */
    public boolean compilerAvailable() {
        return int32(cl_h.CL_DEVICE_COMPILER_AVAILABLE()) != 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClDevice d && d.handle.address() == handle.address();
    }

    @Override
    public int hashCode() {
        return Long.hashCode(handle.address());
    }

    @Override
    public String toString() {
        return name();
    }
}
