package io.jsycl;

import io.jsycl.internal.memory.CommandQueue;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.internal.schedule.Prewarm;
import io.jsycl.program.ProgramManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Devices of one platform that share memory objects and compiled programs. Queues made from a
 * device alone use that device's default context, which lives as long as the JVM.
 */
public final class Context implements AutoCloseable {
    private static final Map<Device, Context> DEFAULTS = new ConcurrentHashMap<>();

    private final List<Device> devices;
    final ContextImpl impl;

    /**
     * A context over {@code devices}, which must be of one platform.
     *
     * @param devices the context's devices, at least one, all of one platform
     * @throws IllegalArgumentException if no device is given or they span platforms
     */
    public Context(Device... devices) {
        this(List.of(devices), false, null);
    }

    /**
     * A context over {@code device} whose program cache is seeded from {@code cacheBlob} (made by
     * {@link #cacheBlob(Device)}): the programs in it are loaded from the blob rather than
     * compiled. A blob made for another device, driver or jsycl version, or a corrupt one, is
     * ignored with a logged warning; programs are then compiled as usual.
     *
     * @param device a device of this context
     * @param cacheBlob bytes {@link #cacheBlob(Device)} returned, possibly in an earlier run
     */
    public Context(Device device, byte[] cacheBlob) {
        this(List.of(Objects.requireNonNull(device, "device")), false, null);
        Objects.requireNonNull(cacheBlob, "cacheBlob");
        if (!impl.isHost()) {
            impl.programManager().seed(device.impl.cl(), cacheBlob);
        }
    }

    /**
     * A context over the host device whose buffer copies and transfers go through the queue
     * {@code transfers} makes for it, instead of OpenCL: for tests of the buffer storage and the
     * scheduler against a fake command queue.
     */
    Context(Function<ContextImpl, CommandQueue> transfers) {
        this(List.of(Device.host()), false, Objects.requireNonNull(transfers, "transfers"));
    }

    private Context(List<Device> devices, boolean isDefault, Function<ContextImpl, CommandQueue> transfers) {
        if (devices.isEmpty()) {
            throw new IllegalArgumentException("a context needs at least one device");
        }
        Platform platform = devices.getFirst().platform();
        for (Device d : devices) {
            if (d.platform() != platform) {
                throw new IllegalArgumentException("devices of one context must share a platform: "
                        + devices.getFirst() + " and " + d);
            }
        }
        this.devices = List.copyOf(devices);
        if (!platform.isHost()) {
            // Before the driver's context creation (about 100 ms on PoCL, more on NVIDIA), so that the JVM work of
            // the first submit runs on another core meanwhile.
            Prewarm.start();
        }
        var impls = new ArrayList<DeviceImpl>();
        for (Device d : devices) {
            impls.add(d.impl);
        }
        this.impl = new ContextImpl(impls, isDefault, transfers);
    }

    static Context defaultFor(Device device) {
        return DEFAULTS.computeIfAbsent(device, d -> new Context(List.of(d), true, null));
    }

    /**
     * The devices of this context.
     *
     * @return the devices, unmodifiable
     */
    public List<Device> devices() {
        return devices;
    }

    /**
     * The compiled-program cache of this context: statistics, {@code clear()}.
     *
     * @return the program manager of this context's OpenCL context
     */
    public ProgramManager programManager() {
        return impl.programManager();
    }

    /**
     * A stable id (hex SHA-256) of what makes this context's binaries for {@code device}
     * compatible (device, driver, platform, jsycl version) and of the programs now cached for it.
     *
     * @param device a device of this context
     * @return 64 lowercase hex digits; equal ids mean equal blobs
     */
    public String cacheBlobId(Device device) {
        return programManager().cacheBlobId(member(device).impl.cl());
    }

    /**
     * All program binaries now cached in memory for {@code device}, each with its full key; see
     * docs/caching-and-configuration.md, "Tools and API".
     *
     * @param device a device of this context
     * @return a new array to pass to {@link #Context(Device, byte[])} in a later run
     */
    public byte[] cacheBlob(Device device) {
        return programManager().cacheBlob(member(device).impl.cl());
    }

    /**
     * What this context keeps of the memory its buffers gave back, and how often that saved an allocation.
     *
     * @return the counters now; all zero for the host device's context, which allocates Java arrays
     */
    public MemoryStats memoryStats() {
        if (impl.isHost()) {
            return new MemoryStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        var device = impl.devicePool().stats();
        var pinned = impl.stagingPool().stats();
        return new MemoryStats(device.allocations(), device.reuses(), device.releases(), device.keptBytes(),
                device.limitBytes(), pinned.allocations(), pinned.reuses(), pinned.releases(), pinned.keptBytes(),
                pinned.limitBytes());
    }

    /**
     * Gives the memory this context keeps for new buffers back to the driver: the device memory of closed buffers
     * and the free pinned staging memory (PyTorch's {@code empty_cache}). Memory of open buffers stays.
     *
     * @return the bytes released, device and pinned together
     */
    public long trimMemory() {
        if (impl.isHost()) {
            return 0;
        }
        return impl.devicePool().trim() + impl.stagingPool().trim();
    }

    private Device member(Device device) {
        Objects.requireNonNull(device, "device");
        if (!devices.contains(device)) {
            throw new IllegalArgumentException("device " + device + " is not in " + this);
        }
        return device;
    }

    /**
     * Releases the context's cached programs and its OpenCL context. A device's default context
     * is not closed by this call; it lives as long as the JVM. Safe to call twice.
     */
    @Override
    public void close() {
        impl.close();
    }

    @Override
    public String toString() {
        return impl.toString();
    }
}
