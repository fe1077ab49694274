package io.jsycl;

import io.jsycl.internal.BufferStorage;
import io.jsycl.internal.ClQueue;
import io.jsycl.internal.CommandQueue;
import io.jsycl.internal.KernelKey;
import io.jsycl.internal.Prewarm;
import io.jsycl.internal.StagingPool;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.program.KernelHandle;
import io.jsycl.program.ProgramManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Devices of one platform that share memory objects and compiled programs. Queues made from a
 * device alone use that device's default context, which lives as long as the JVM.
 */
public final class Context implements AutoCloseable {
    private static final Map<Device, Context> DEFAULTS = new ConcurrentHashMap<>();

    private final List<Device> devices;
    private final ClContext cl;
    private final boolean isDefault;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Set<BufferStorage> buffers = ConcurrentHashMap.newKeySet();
    private final Map<KernelKey, KernelHandle> kernels = new ConcurrentHashMap<>();

    // Guarded by this.
    private ClCommandQueue transferQueue;
    // Guarded by this.
    private StagingPool stagingPool;
    // Guarded by this: where buffers get their copies' memory and read them back; made on first use.
    private CommandQueue transfers;

    /**
     * A context over {@code devices}, which must be of one platform.
     *
     * @param devices the context's devices, at least one, all of one platform
     * @throws IllegalArgumentException if no device is given or they span platforms
     */
    public Context(Device... devices) {
        this(List.of(devices), false);
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
        this(List.of(Objects.requireNonNull(device, "device")), false);
        Objects.requireNonNull(cacheBlob, "cacheBlob");
        if (cl != null) {
            programManager().seed(device.cl(), cacheBlob);
        }
    }

    /**
     * A context over the host device whose buffer copies and transfers go through the queue
     * {@code transfers} makes for it, instead of OpenCL: for tests of the buffer storage and the
     * scheduler against a fake command queue.
     */
    Context(java.util.function.Function<Context, CommandQueue> transfers) {
        this(List.of(Device.host()), false);
        this.transfers = transfers.apply(this);
    }

    private Context(List<Device> devices, boolean isDefault) {
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
        this.isDefault = isDefault;
        if (platform.isHost()) {
            this.cl = null;
        } else {
            // Before the driver's context creation (about 100 ms on PoCL, more on NVIDIA), so that the JVM work of
            // the first submit runs on another core meanwhile.
            Prewarm.start();
            var clDevices = new ArrayList<ClDevice>();
            for (Device d : devices) {
                clDevices.add(d.cl());
            }
            this.cl = ClContext.create(clDevices);
        }
    }

    static Context defaultFor(Device device) {
        return DEFAULTS.computeIfAbsent(device, d -> new Context(List.of(d), true));
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
        if (cl == null) {
            throw new UnsupportedOperationException("the host device compiles nothing: it runs kernels on the JVM");
        }
        return ProgramManager.of(cl);
    }

    /**
     * A stable id (hex SHA-256) of what makes this context's binaries for {@code device}
     * compatible (device, driver, platform, jsycl version) and of the programs now cached for it.
     *
     * @param device a device of this context
     * @return 64 lowercase hex digits; equal ids mean equal blobs
     */
    public String cacheBlobId(Device device) {
        return programManager().cacheBlobId(member(device).cl());
    }

    /**
     * All program binaries now cached in memory for {@code device}, each with its full key; see API.md section 6.
     *
     * @param device a device of this context
     * @return a new array to pass to {@link #Context(Device, byte[])} in a later run
     */
    public byte[] cacheBlob(Device device) {
        return programManager().cacheBlob(member(device).cl());
    }

    private Device member(Device device) {
        Objects.requireNonNull(device, "device");
        if (!devices.contains(device)) {
            throw new IllegalArgumentException("device " + device + " is not in " + this);
        }
        return device;
    }

    /** The in-order queue the runtime moves buffer contents with (on the context's first device). */
    synchronized ClCommandQueue transferQueue() {
        if (transferQueue == null) {
            transferQueue = ClCommandQueue.create(cl(), devices.getFirst().cl(), false, false);
        }
        return transferQueue;
    }

    /**
     * Where buffers get the device memory of their copies in this context and read them back: the
     * transfer queue (made only once a command needs it), or a test's fake. The transfer queue runs
     * commands in order, but its commands do not rely on that: they keep every event they depend on
     * in their wait lists.
     */
    synchronized CommandQueue transfers() {
        if (transfers == null) {
            transfers = new ClQueue(this, this::transferQueue, false, null);
        }
        return transfers;
    }

    /** The pinned staging memory buffers of this context borrow for transfers through staging. */
    synchronized StagingPool stagingPool() {
        if (stagingPool == null) {
            stagingPool = new StagingPool(this);
        }
        return stagingPool;
    }

    /** The kernels this context built, found without hashing their source (the submit fast path). */
    Map<KernelKey, KernelHandle> kernels() {
        return kernels;
    }

    void register(BufferStorage storage) {
        buffers.add(storage);
    }

    void unregister(BufferStorage storage) {
        buffers.remove(storage);
    }

    boolean isHost() {
        return cl == null;
    }

    ClContext cl() {
        if (closed.get()) {
            throw new IllegalStateException("context is closed");
        }
        return cl;
    }

    /**
     * Releases the context's cached programs and its OpenCL context. A device's default context
     * is not closed by this call; it lives as long as the JVM. Safe to call twice.
     */
    @Override
    public void close() {
        if (isDefault || !closed.compareAndSet(false, true)) {
            return;
        }
        if (cl != null) {
            for (BufferStorage storage : List.copyOf(buffers)) {
                storage.dropContext(this);
            }
            StagingPool pool;
            synchronized (this) {
                pool = stagingPool;
            }
            if (pool != null) {
                pool.close();
            }
            synchronized (this) {
                if (transferQueue != null) {
                    transferQueue.close();
                }
            }
            kernels.clear();
            ProgramManager.forget(cl);
            cl.close();
        }
    }

    @Override
    public String toString() {
        return "Context" + devices;
    }
}
