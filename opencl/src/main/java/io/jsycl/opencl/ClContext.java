package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/** An OpenCL context over some devices; {@link #close()} releases it once. */
public final class ClContext implements AutoCloseable {
    private final NativeRef ref;
    private final List<ClDevice> devices;

    private ClContext(MemorySegment handle, List<ClDevice> devices) {
        this.ref = new NativeRef(handle, ClObjects.Kind.CONTEXT, "clCreateContext", "clReleaseContext", cl_h::clReleaseContext);
        this.devices = devices;
    }

    /**
     * A context over {@code devices} (not empty).
     *
     * @param devices the devices, all of one platform; copied
     * @return the new context; the caller closes it
     * @throws IllegalArgumentException when {@code devices} is null or empty
     * @throws ClException when {@code clCreateContext} fails, e.g. for devices of different platforms
     */
    public static ClContext create(List<ClDevice> devices) {
        if (devices == null || devices.isEmpty()) {
            throw new IllegalArgumentException("devices is empty: a context needs at least one device");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment h = cl_h.clCreateContext(MemorySegment.NULL, devices.size(), ClInfo.devices(a, devices),
                    MemorySegment.NULL, MemorySegment.NULL, err);
            JvmSignalHandlers.check("clCreateContext"); // drivers start their device runtime here
            ClStatus.check(err.get(JAVA_INT, 0), "clCreateContext");
            return new ClContext(h, List.copyOf(devices));
        }
    }

    /**
     * The devices this context was created over.
     *
     * @return an unmodifiable list, in creation order
     */
    public List<ClDevice> devices() {
        return devices;
    }

    /**
     * The native {@code cl_context}, for calls through the bindings.
     *
     * @return the handle, owned by this object (do not release it)
     * @throws IllegalStateException when this context is closed
     */
    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }

    @Override
    public String toString() {
        return "ClContext" + devices;
    }
}
