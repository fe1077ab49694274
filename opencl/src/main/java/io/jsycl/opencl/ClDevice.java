package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

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

    public ClPlatform platform() {
        return platform;
    }

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

    public String name() {
        return str(cl_h.CL_DEVICE_NAME());
    }

    public String vendor() {
        return str(cl_h.CL_DEVICE_VENDOR());
    }

    public String version() {
        return str(cl_h.CL_DEVICE_VERSION());
    }

    public String driverVersion() {
        return str(cl_h.CL_DRIVER_VERSION());
    }

    public String openclCVersion() {
        return str(cl_h.CL_DEVICE_OPENCL_C_VERSION());
    }

    public String extensions() {
        return str(cl_h.CL_DEVICE_EXTENSIONS());
    }

    public String profile() {
        return str(cl_h.CL_DEVICE_PROFILE());
    }

    /** The {@code CL_DEVICE_TYPE_*} bits. */
    public long type() {
        return int64(cl_h.CL_DEVICE_TYPE());
    }

    public boolean isGpu() {
        return (type() & cl_h.CL_DEVICE_TYPE_GPU()) != 0;
    }

    public boolean isCpu() {
        return (type() & cl_h.CL_DEVICE_TYPE_CPU()) != 0;
    }

    public boolean isAccelerator() {
        return (type() & cl_h.CL_DEVICE_TYPE_ACCELERATOR()) != 0;
    }

    public int maxComputeUnits() {
        return int32(cl_h.CL_DEVICE_MAX_COMPUTE_UNITS());
    }

    public long maxWorkGroupSize() {
        return int64(cl_h.CL_DEVICE_MAX_WORK_GROUP_SIZE());
    }

    public long[] maxWorkItemSizes() {
        return ClInfo.int64s(info(), cl_h.CL_DEVICE_MAX_WORK_ITEM_SIZES(), "clGetDeviceInfo");
    }

    public long globalMemSize() {
        return int64(cl_h.CL_DEVICE_GLOBAL_MEM_SIZE());
    }

    public long localMemSize() {
        return int64(cl_h.CL_DEVICE_LOCAL_MEM_SIZE());
    }

    public long maxMemAllocSize() {
        return int64(cl_h.CL_DEVICE_MAX_MEM_ALLOC_SIZE());
    }

    /** {@code CL_FP_*} bits of single precision. */
    public long singleFpConfig() {
        return int64(cl_h.CL_DEVICE_SINGLE_FP_CONFIG());
    }

    /** {@code CL_FP_*} bits of double precision; 0 when the device has no doubles. */
    public long doubleFpConfig() {
        return int64(cl_h.CL_DEVICE_DOUBLE_FP_CONFIG());
    }

    /** Whether {@code ext} is one of the space-separated names of {@link #extensions()}. */
    public boolean hasExtension(String ext) {
        return Arrays.asList(extensions().trim().split("\\s+")).contains(ext);
    }

    public int addressBits() {
        return int32(cl_h.CL_DEVICE_ADDRESS_BITS());
    }

    /** Nanoseconds per profiling timer tick. */
    public long profilingTimerResolution() {
        return int64(cl_h.CL_DEVICE_PROFILING_TIMER_RESOLUTION());
    }

    public boolean available() {
        return int32(cl_h.CL_DEVICE_AVAILABLE()) != 0;
    }

    /** {@code CL_DEVICE_QUEUE_ON_HOST_PROPERTIES}: {@code CL_QUEUE_*} bits a host queue may have. */
    public long queueOnHostProperties() {
        return int64(cl_h.CL_DEVICE_QUEUE_ON_HOST_PROPERTIES());
    }

    /** Whether command queues of this device may run commands out of order. */
    public boolean supportsOutOfOrderQueues() {
        return (queueOnHostProperties() & cl_h.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE()) != 0;
    }

    /**
     * {@code CL_DEVICE_HOST_UNIFIED_MEMORY}: whether the device and the host share one memory system (CPU devices,
     * integrated GPUs), so that mapping a buffer allocated with {@code CL_MEM_ALLOC_HOST_PTR} copies nothing.
     * Deprecated by OpenCL 2.0 but still answered by the drivers in use; false where the query fails.
     */
    public boolean hostUnifiedMemory() {
        try {
            return int32(cl_h.CL_DEVICE_HOST_UNIFIED_MEMORY()) != 0;
        } catch (ClException e) {
            return false;
        }
    }

    /** {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN}: the alignment, in bits, of a {@code CL_MEM_USE_HOST_PTR} host pointer. */
    public int memBaseAddrAlign() {
        return int32(cl_h.CL_DEVICE_MEM_BASE_ADDR_ALIGN());
    }

    /** {@code CL_DEVICE_IMAGE_SUPPORT}. */
    public boolean imageSupport() {
        return int32(cl_h.CL_DEVICE_IMAGE_SUPPORT()) != 0;
    }

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
