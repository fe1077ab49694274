package io.jsycl.internal.memory;

import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * What a {@link io.jsycl.DeviceArray} is a handle to: the context and device it was allocated for, its element kind and
 * length, and its OpenCL memory (none on the host device, where its elements are in its Java array).
 */
public final class DeviceArrayImpl {

    private final String type;
    private final ContextImpl context;
    private final DeviceImpl device;
    private final ElementKind kind;
    private final int length;
    private final ClMem mem;
    private final Supplier<Object> hostArray;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Allocates the memory of a device array.
     *
     * @param type the array's type as messages name it ({@code IntDeviceArray} ..)
     * @param context the context it is allocated in
     * @param device the device it is allocated for
     * @param kind its element kind
     * @param length its number of elements
     * @param hostArray gives its Java array on the host device (null elsewhere)
     */
    public DeviceArrayImpl(String type, ContextImpl context, DeviceImpl device, ElementKind kind, int length,
            Supplier<Object> hostArray) {
        this.type = type;
        this.context = context;
        this.device = device;
        this.kind = kind;
        this.length = length;
        this.hostArray = hostArray;
        this.mem = device.isHost() ? null : ClMem.createBuffer(context.cl(), ClMemFlags.READ_WRITE,
                Math.max(1, (long) length * kind.bytes), MemorySegment.NULL);
    }

    /** @return the context the array was allocated in */
    public ContextImpl context() {
        return context;
    }

    /**
     * The device the array was allocated for.
     *
     * @return the device
     */
    public DeviceImpl device() {
        return device;
    }

    /** @return the element kind */
    public ElementKind kind() {
        return kind;
    }

    /** @return the size in bytes */
    public long bytes() {
        return (long) length * kind.bytes;
    }

    /** @return the number of elements */
    public int length() {
        return length;
    }

    /** @return the OpenCL memory, null on the host device; throws if the array is closed */
    public ClMem mem() {
        requireOpen();
        return mem;
    }

    /** @return the Java array holding the elements on the host device; throws if the array is closed */
    public Object hostArray() {
        requireOpen();
        return hostArray.get();
    }

    /** @return true once {@link #close()} ran */
    public boolean isClosed() {
        return closed.get();
    }

    /**
     * Throws if the array is closed: a kernel or copy that uses it is rejected on every device (on the host device its
     * Java array outlives {@code close()}, and would otherwise go on being used).
     */
    public void requireOpen() {
        if (closed.get()) {
            throw new IllegalStateException(this + " is closed; a kernel, copy or fill cannot use it: close a"
                    + " DeviceArray only after the work using it has finished");
        }
    }

    /** Frees the memory; safe to call twice. */
    public void close() {
        if (closed.compareAndSet(false, true) && mem != null) {
            mem.close();
        }
    }

    /** @return the array as messages name it: its type, length and device */
    @Override
    public String toString() {
        return type + "[" + length + " on " + device.name() + "]";
    }
}
