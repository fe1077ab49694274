package io.jsycl.internal.memory;

import io.jsycl.internal.event.EventContext;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.internal.platform.KernelProfile;
import io.jsycl.internal.platform.Settings;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.program.KernelHandle;
import io.jsycl.program.ProgramManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * What a {@link io.jsycl.Context} is a handle to: its devices, its OpenCL context, the queue and staging memory
 * buffers move their contents with, the kernels it built and the buffers that have copies in it. The runtime keys by
 * it (a buffer's copies, an event's context) and never by the public handle.
 */
public final class ContextImpl implements EventContext {
    private final List<DeviceImpl> devices;
    private final ClContext cl;
    private final ClDevice transferDevice;
    private final boolean isDefault;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Set<BufferStorage> buffers = ConcurrentHashMap.newKeySet();
    private final Set<HostArrayImpl> hostArrays = ConcurrentHashMap.newKeySet();
    private final Map<Object, KernelHandle> kernels = new ConcurrentHashMap<>();

    // Guarded by this.
    private ClCommandQueue transferQueue;
    // Guarded by this: in-order queues of the other devices, for copies between devices; made on first use.
    private final Map<DeviceImpl, ClCommandQueue> deviceQueues = new java.util.HashMap<>();
    // Guarded by this.
    private StagingPool stagingPool;
    // Guarded by this.
    private DevicePool devicePool;
    // Guarded by this: where buffers get their copies' memory and read them back; made on first use.
    private CommandQueue transfers;

    /**
     * The state of a context of {@code devices}.
     *
     * @param devices the devices of the context, all of one platform: OpenCL devices, or the host device
     * @param isDefault whether this is a device's default context, which {@link #close()} leaves open
     * @param transfers makes the queue buffers' copies and transfers go through (a test's fake), or null for
     *     the context's transfer queue
     */
    public ContextImpl(List<DeviceImpl> devices, boolean isDefault, Function<ContextImpl, CommandQueue> transfers) {
        this.devices = List.copyOf(devices);
        this.isDefault = isDefault;
        var clDevices = new ArrayList<ClDevice>();
        for (DeviceImpl d : devices) {
            if (!d.isHost()) {
                clDevices.add(d.cl());
            }
        }
        if (clDevices.isEmpty()) {
            this.cl = null;
            this.transferDevice = null;
        } else {
            this.cl = ClContext.create(clDevices);
            this.transferDevice = clDevices.getFirst();
        }
        if (transfers != null) {
            this.transfers = transfers.apply(this);
        }
        if (KernelProfile.ENABLED && cl != null) {
            var self = new java.lang.ref.WeakReference<>(this); // the report must not keep a closed context alive
            KernelProfile.section(() -> {
                ContextImpl c = self.get();
                return c == null ? null : c.poolsReport();
            });
        }
    }

    /**
     * The devices of the context.
     *
     * @return the devices, in the order the context was made with
     */
    public List<DeviceImpl> devices() {
        return devices;
    }

    /**
     * Whether every device of the context works in host memory ({@link DeviceImpl#hostUnifiedMemory()}).
     *
     * @return true if buffers' copies in this context may be host memory that transfers map
     */
    public boolean hostUnifiedMemory() {
        return devices.stream().allMatch(DeviceImpl::hostUnifiedMemory);
    }

    /**
     * The compiled-program cache of this context.
     *
     * @return the program manager of this context's OpenCL context
     * @throws UnsupportedOperationException on the host device
     */
    public ProgramManager programManager() {
        if (cl == null) {
            throw new UnsupportedOperationException("the host device compiles nothing: it runs kernels on the JVM");
        }
        return ProgramManager.of(cl);
    }

    /**
     * The in-order queue the runtime moves buffer contents with (on the context's first device).
     *
     * @return the transfer queue, made on first use
     */
    public synchronized ClCommandQueue transferQueue() {
        if (transferQueue == null) {
            transferQueue = ClCommandQueue.create(cl(), transferDevice, false, false);
        }
        return transferQueue;
    }

    /**
     * An in-order queue of this context on {@code device}, for the runtime's copies between devices: the transfer
     * queue on the transfer device, another made on first use elsewhere, closed with the context.
     *
     * @param device one of the context's OpenCL devices
     * @return the queue
     */
    public synchronized ClCommandQueue transferQueue(DeviceImpl device) {
        if (device.cl().equals(transferDevice)) {
            return transferQueue();
        }
        if (!devices.contains(device)) {
            throw new IllegalArgumentException(device + " is not a device of " + this);
        }
        return deviceQueues.computeIfAbsent(device, d -> ClCommandQueue.create(cl(), d.cl(), false, false));
    }

    /**
     * Where buffers get the device memory of their copies in this context and read them back: the
     * transfer queue (made only once a command needs it), or a test's fake. The transfer queue runs
     * commands in order, but its commands do not rely on that: they keep every event they depend on
     * in their wait lists.
     *
     * @return the queue of this context's transfers
     */
    public synchronized CommandQueue transfers() {
        if (transfers == null) {
            transfers = new ClQueue(this, this::transferQueue, false, null);
        }
        return transfers;
    }

    /**
     * The pinned staging memory buffers of this context borrow for transfers through staging.
     *
     * @return the staging pool, made on first use
     */
    public synchronized StagingPool stagingPool() {
        if (stagingPool == null) {
            stagingPool = new StagingPool(this);
        }
        return stagingPool;
    }

    /**
     * The device memory that closed buffers gave back, kept for new ones ({@code JSYCL_DEVICE_POOL_PERCENT} of the
     * smallest device's global memory at most).
     *
     * @return the device pool, made on first use
     */
    public synchronized DevicePool devicePool() {
        if (devicePool == null) {
            long smallest = Long.MAX_VALUE;
            for (DeviceImpl d : devices) {
                smallest = Math.min(smallest, d.globalMemSize());
            }
            devicePool = new DevicePool(this, smallest / 100 * Settings.current().devicePoolPercent().get());
        }
        return devicePool;
    }

    /**
     * The kernels this context built, found without hashing their source (the submit fast path). Keyed by the launch
     * layer's {@code io.jsycl.internal.launch.KernelKey}, a type this package below it does not name.
     *
     * @return the kernels, by key
     */
    public Map<Object, KernelHandle> kernels() {
        return kernels;
    }

    /** The profile's lines about this context's pools, or null where it made none. */
    private String poolsReport() {
        DevicePool device;
        StagingPool pinned;
        synchronized (this) {
            device = devicePool;
            pinned = stagingPool;
        }
        if (device == null && pinned == null) {
            return null;
        }
        var b = new StringBuilder("memory pools of ").append(this).append(':');
        if (device != null) {
            b.append("\n  device: ").append(describe(device.stats()));
        }
        if (pinned != null) {
            b.append("\n  pinned: ").append(describe(pinned.stats()));
        }
        return b.toString();
    }

    private static String describe(KeptBlocks.Stats s) {
        return String.format(java.util.Locale.ROOT, "%d allocations, %d reuses, %d releases, %.1f MiB kept of %.1f MiB",
                s.allocations(), s.reuses(), s.releases(), s.keptBytes() / 1048576.0, s.limitBytes() / 1048576.0);
    }

    /**
     * Counts {@code storage} among the buffers with a copy in this context.
     *
     * @param storage a buffer's storage
     */
    public void register(BufferStorage storage) {
        buffers.add(storage);
    }

    /**
     * Removes {@code storage} from the buffers with a copy in this context.
     *
     * @param storage a buffer's storage
     */
    public void unregister(BufferStorage storage) {
        buffers.remove(storage);
    }

    /**
     * Counts {@code array} among the host arrays this context's close frees.
     *
     * @param array a host array of this context
     */
    void register(HostArrayImpl array) {
        hostArrays.add(array);
    }

    /**
     * Removes {@code array} from the host arrays this context's close frees.
     *
     * @param array a host array of this context
     */
    void unregister(HostArrayImpl array) {
        hostArrays.remove(array);
    }

    /**
     * The OpenCL context.
     *
     * @return the OpenCL context, null for the host device's
     * @throws IllegalStateException if the context is closed
     */
    public ClContext cl() {
        if (closed.get()) {
            throw new IllegalStateException("context is closed");
        }
        return cl;
    }

    /**
     * Whether this is the host device's context.
     *
     * @return true if the context has no OpenCL context
     */
    public boolean isHost() {
        return cl == null;
    }

    /**
     * Releases the buffers' copies in this context, its staging memory, transfer queue, cached programs and
     * OpenCL context; a default context stays open. Safe to call twice.
     */
    public void close() {
        if (isDefault || !closed.compareAndSet(false, true)) {
            return;
        }
        for (BufferStorage storage : List.copyOf(buffers)) {
            storage.dropContext(this); // none in the host device's context: its buffers need no copies
        }
        for (HostArrayImpl array : List.copyOf(hostArrays)) {
            array.closeWithContext();
        }
        if (cl != null) {
            StagingPool pool;
            DevicePool memory;
            synchronized (this) {
                pool = stagingPool;
                memory = devicePool;
            }
            if (pool != null) {
                pool.close();
            }
            if (memory != null) {
                memory.close();
            }
            synchronized (this) {
                if (transferQueue != null) {
                    transferQueue.close();
                }
                deviceQueues.values().forEach(ClCommandQueue::close);
                deviceQueues.clear();
            }
            kernels.clear();
            ProgramManager.forget(cl);
            cl.close();
        }
    }

    /**
     * The context as messages name it, as {@link io.jsycl.Context#toString()} does.
     *
     * @return {@code Context} and its devices
     */
    @Override
    public String toString() {
        return "Context" + devices;
    }
}
