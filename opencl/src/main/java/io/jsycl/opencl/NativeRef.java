package io.jsycl.opencl;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.ToIntFunction;

/**
 * The owned handle of one OpenCL object: released exactly once, by the first {@link #close()}; later closes do
 * nothing. Counts creation and release in {@link ClObjects}.
 */
final class NativeRef {
    private final MemorySegment handle;
    private final ClObjects.Kind kind;
    private final String releaseCall;
    private final ToIntFunction<MemorySegment> release;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** {@code createCall} is counted in {@link ClObjects#calls}; null when the caller counts it. */
    NativeRef(MemorySegment handle, ClObjects.Kind kind, String createCall, String releaseCall, ToIntFunction<MemorySegment> release) {
        this.handle = handle;
        this.kind = kind;
        this.releaseCall = releaseCall;
        this.release = release;
        ClObjects.countCreate(kind, createCall);
    }

    /** The handle; fails when the object was closed, since the native object may be gone. */
    MemorySegment get() {
        if (closed.get()) {
            throw new IllegalStateException(kind + " " + handle + " is closed");
        }
        return handle;
    }

    boolean isClosed() {
        return closed.get();
    }

    void close() {
        if (closed.compareAndSet(false, true)) {
            int status = release.applyAsInt(handle);
            ClObjects.countRelease(kind);
            ClObjects.call(releaseCall);
            ClStatus.check(status, releaseCall);
        }
    }
}
