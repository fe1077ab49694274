package io.jsycl;

import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.internal.platform.Settings;
import io.jsycl.opencl.ClDevice;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** An OpenCL device, or the host device that runs kernels on the JVM. */
public final class Device {
    private final Platform platform;
    final DeviceImpl impl;

    Device(Platform platform, ClDevice cl) {
        this.platform = platform;
        this.impl = new DeviceImpl(platform, cl);
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
        return impl.name();
    }

    /**
     * The device's vendor.
     *
     * @return the vendor as the driver reports it
     */
    public String vendor() {
        return impl.vendor();
    }

    /**
     * GPU, CPU, accelerator or host.
     *
     * @return the device type
     */
    public DeviceType type() {
        return impl.type();
    }

    /**
     * The driver quirks jsycl works around on this device: where the driver is known not to conform, the generated
     * code takes a safe form that gives Java's result (docs/troubleshooting.md names each). {@code JSYCL_QUIRKS}
     * adds or removes one.
     *
     * @return the quirks' names, e.g. {@code [nan-to-integer]} on NVIDIA's OpenCL; empty for the host device
     */
    public List<String> quirks() {
        return impl.quirks();
    }

    /**
     * The driver's version string.
     *
     * @return the driver's version string
     */
    public String driverVersion() {
        return impl.driverVersion();
    }

    /**
     * The device's OpenCL version string.
     *
     * @return {@code "OpenCL <major>.<minor> ..."} for an OpenCL device; {@code "host"} for the host device
     */
    public String version() {
        return impl.version();
    }

    /**
     * Compute units (for the host device, the JVM's available processors).
     *
     * @return the number of compute units, at least 1
     */
    public int maxComputeUnits() {
        return impl.maxComputeUnits();
    }

    /**
     * The largest work-group.
     *
     * @return the most work-items in one work-group, at least 1
     */
    public long maxWorkGroupSize() {
        return impl.maxWorkGroupSize();
    }

    /**
     * Global memory in bytes.
     *
     * @return the size in bytes
     */
    public long globalMemSize() {
        return impl.globalMemSize();
    }

    /**
     * The largest single buffer or device array the device allocates, in bytes ({@code CL_DEVICE_MAX_MEM_ALLOC_SIZE};
     * the host device: the JVM's heap limit).
     *
     * @return the size in bytes
     */
    public long maxMemAllocSize() {
        return impl.maxMemAllocSize();
    }

    /**
     * Local (work-group) memory in bytes.
     *
     * @return the size in bytes per work-group
     */
    public long localMemSize() {
        return impl.localMemSize();
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
        return impl.hasAspect(aspect);
    }

    /**
     * The memory orders a kernel's atomics and {@link Atomics#fence} can have on this device (SYCL's
     * {@code info::device::atomic_fence_order_capabilities}): every order on NVIDIA's GPUs (PTX fences) and the host
     * device; elsewhere {@link MemoryOrder#RELAXED} and the others where the device's OpenCL C 2.0 fences have them,
     * or where it compiles nothing newer than OpenCL C 1.2, through {@code mem_fence}. A kernel that uses another is
     * refused when it is submitted, naming it.
     *
     * @return the orders
     */
    public Set<MemoryOrder> atomicFenceOrders() {
        return impl.fenceOrders();
    }

    /**
     * The memory scopes a kernel's atomics and {@link Atomics#fence} can have on this device (SYCL's
     * {@code info::device::atomic_fence_scope_capabilities}), as {@link #atomicFenceOrders()} says.
     *
     * @return the scopes
     */
    public Set<MemoryScope> atomicFenceScopes() {
        return impl.fenceScopes();
    }

    /**
     * True when the device runs commands of one queue concurrently (SYCL's default out-of-order queues).
     *
     * @return true when independent commands of one queue may overlap
     */
    public boolean supportsOutOfOrderQueues() {
        return impl.supportsOutOfOrderQueues();
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
        return impl.hostUnifiedMemory();
    }

    /**
     * The device's PCI address as Linux writes it, {@code 0000:1b:00.0} (domain, bus, device, function), the address
     * {@code nvidia-smi} shows as {@code 00000000:1B:00.0} and cluster schedulers assign GPUs by; usable in
     * {@code JSYCL_DEVICE} and {@link DeviceSelector#pciBusId(String)}. From {@code cl_khr_pci_bus_info} or NVIDIA's
     * {@code cl_nv_device_attribute_query}; empty for the host device and where the driver gives none (CPU devices).
     *
     * @return the PCI address, if the driver gives it
     */
    public Optional<String> pciBusId() {
        return Optional.ofNullable(impl.pciBusId());
    }

    /**
     * True for the host device.
     *
     * @return true for the pure-Java device
     */
    public boolean isHost() {
        return impl.isHost();
    }

    @Override
    public String toString() {
        return impl.toString();
    }
}
