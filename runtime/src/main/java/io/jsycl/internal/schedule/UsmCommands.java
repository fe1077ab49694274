package io.jsycl.internal.schedule;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.memory.DeviceArrayImpl;
import io.jsycl.opencl.ClEvent;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Copies and fills of device arrays ({@link DeviceArrayImpl}, what an {@link io.jsycl.DeviceArray} is a handle to,
 * which the queue unwraps before it calls here). Host-to-device copies and fills are asynchronous: the
 * data is staged in native memory, which is freed when the command completes. Device-to-host
 * copies write into a Java array, so they complete before returning (the returned event is done).
 * Device-to-device copies are one {@code clEnqueueCopyBuffer}, asynchronous. Only the given events
 * (and an in-order queue) order these commands. Each is enqueued on, and tracked by, its queue's
 * {@link QueueScheduler}; none takes the graph lock, since no buffer's state changes.
 */
public final class UsmCommands {
    private UsmCommands() {
    }

    public static EventImpl copyToDevice(QueueScheduler q, Object array, DeviceArrayImpl dst, EventImpl[] dependsOn) {
        int n = Array.getLength(array);
        check(q, dst, n);
        var waits = waits(q, dependsOn);
        if (q.device().isHost()) {
            awaitAll(waits);
            System.arraycopy(array, 0, dst.hostArray(), 0, n);
            return q.trackDone();
        }
        Arena arena = Arena.ofShared();
        try {
            MemorySegment staging = arena.allocate(Math.max(1, (long) n * dst.kind().bytes), 64);
            dst.kind().copyToSegment(array, staging);
            ClEvent e = q.cl().enqueueWriteBuffer(dst.mem(), false, 0, staging,
                    (long) n * dst.kind().bytes, EventImpl.waitList(waits, q.context()));
            e.onComplete(arena::close);
            return q.trackNew(e);
        } catch (RuntimeException ex) {
            arena.close();
            throw ex;
        }
    }

    public static EventImpl copyToHost(QueueScheduler q, DeviceArrayImpl src, Object array, EventImpl[] dependsOn) {
        int n = Array.getLength(array);
        check(q, src, n);
        var waits = waits(q, dependsOn);
        if (q.device().isHost()) {
            awaitAll(waits);
            System.arraycopy(src.hostArray(), 0, array, 0, n);
            return q.trackDone();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staging = arena.allocate(Math.max(1, (long) n * src.kind().bytes), 64);
            try (ClEvent e = q.cl().enqueueReadBuffer(src.mem(), true, 0, staging,
                    (long) n * src.kind().bytes, EventImpl.waitList(waits, q.context()))) {
                src.kind().copyFromSegment(staging.asSlice(0, (long) n * src.kind().bytes), array);
            }
        }
        return q.trackDone();
    }

    /** Copies every element of {@code src} into {@code dst}, which must have as many. */
    public static EventImpl copyDeviceToDevice(QueueScheduler q, DeviceArrayImpl src, DeviceArrayImpl dst, EventImpl[] dependsOn) {
        checkPair(q, src, dst);
        if (src.length() != dst.length()) {
            throw new IllegalArgumentException("q.copy(src, dst): source " + src + " has " + src.length()
                    + " elements but destination " + dst + " has " + dst.length()
                    + "; copy part of it with q.copy(src, srcOffset, dst, dstOffset, count)");
        }
        return copyDeviceToDevice(q, src, 0, dst, 0, src.length(), dependsOn);
    }

    /** Copies {@code count} elements of {@code src} from {@code srcOffset} into {@code dst} at {@code dstOffset}. */
    public static EventImpl copyDeviceToDevice(QueueScheduler q, DeviceArrayImpl src, int srcOffset, DeviceArrayImpl dst, int dstOffset,
                                    int count, EventImpl[] dependsOn) {
        checkPair(q, src, dst);
        if (count < 0 || srcOffset < 0 || dstOffset < 0 || (long) srcOffset + count > src.length()
                || (long) dstOffset + count > dst.length()) {
            throw new IndexOutOfBoundsException("q.copy: " + count + " elements from offset " + srcOffset + " of "
                    + src + " to offset " + dstOffset + " of " + dst + " do not fit; offsets and count must be >= 0 "
                    + "and offset + count at most each array's size");
        }
        if (src == dst && count > 0 && srcOffset < dstOffset + count && dstOffset < srcOffset + count) {
            throw new IllegalArgumentException("q.copy: elements [" + srcOffset + ", " + (srcOffset + count)
                    + ") and [" + dstOffset + ", " + (dstOffset + count) + ") of " + src
                    + " overlap; copy between disjoint regions or through a second DeviceArray");
        }
        var waits = waits(q, dependsOn);
        if (q.device().isHost()) {
            awaitAll(waits);
            System.arraycopy(src.hostArray(), srcOffset, dst.hostArray(), dstOffset, count);
            return q.trackDone();
        }
        if (count == 0) {
            return q.trackDone();
        }
        long size = src.kind().bytes;
        ClEvent e = q.cl().enqueueCopyBuffer(src.mem(), dst.mem(), srcOffset * size,
                dstOffset * size, count * size, EventImpl.waitList(waits, q.context()));
        return q.trackNew(e);
    }

    /** Both arrays of the queue's context and device, and of one element type. */
    private static void checkPair(QueueScheduler q, DeviceArrayImpl src, DeviceArrayImpl dst) {
        Objects.requireNonNull(src, "src");
        Objects.requireNonNull(dst, "dst");
        if (src.context() != dst.context()) {
            throw new IllegalArgumentException("q.copy: source " + src + " and destination " + dst
                    + " belong to different contexts; device-to-device copies stay in one context: copy through a"
                    + " host array (q.copy(src, array), then q.copy(array, dst) on the other context's queue)");
        }
        if (src.kind() != dst.kind()) {
            throw new IllegalArgumentException("q.copy: source " + src + " and destination " + dst
                    + " hold different element types");
        }
        check(q, src, 0);
        check(q, dst, 0);
    }

    public static EventImpl fill(QueueScheduler q, DeviceArrayImpl dst, Object oneElement, EventImpl[] dependsOn) {
        check(q, dst, 0);
        var waits = waits(q, dependsOn);
        if (q.device().isHost()) {
            awaitAll(waits);
            Object host = dst.hostArray();
            for (int i = 0; i < dst.length(); i++) {
                Array.set(host, i, oneElement);
            }
            return q.trackDone();
        }
        if (dst.length() == 0) {
            return q.trackDone();
        }
        Arena arena = Arena.ofShared();
        try {
            Object single = Array.newInstance(oneElement.getClass() == Boolean.class ? boolean.class
                    : primitiveOf(oneElement), 1);
            Array.set(single, 0, oneElement);
            MemorySegment pattern = arena.allocate(dst.kind().bytes, dst.kind().bytes);
            dst.kind().copyToSegment(single, pattern);
            ClEvent e = q.cl().enqueueFillBuffer(dst.mem(), pattern, 0, dst.bytes(),
                    EventImpl.waitList(waits, q.context()));
            e.onComplete(arena::close);
            return q.trackNew(e);
        } catch (RuntimeException ex) {
            arena.close();
            throw ex;
        }
    }

    private static Class<?> primitiveOf(Object boxed) {
        return switch (boxed) {
            case Integer v -> int.class;
            case Long v -> long.class;
            case Float v -> float.class;
            case Double v -> double.class;
            case Short v -> short.class;
            case Byte v -> byte.class;
            case Character v -> char.class;
            default -> throw new IllegalArgumentException("not a primitive value: " + boxed);
        };
    }

    private static void check(QueueScheduler q, DeviceArrayImpl d, int n) {
        d.requireOpen();
        if (d.context() != q.context() || d.device() != q.device()) {
            throw new IllegalArgumentException(d + " belongs to another context or device than " + q);
        }
        if (n > d.length()) {
            throw new IndexOutOfBoundsException("copy of " + n + " elements into or out of " + d);
        }
    }

    private static List<EventImpl> waits(QueueScheduler q, EventImpl[] dependsOn) {
        var waits = new ArrayList<EventImpl>(List.of(dependsOn));
        q.orderAfterPrevious(waits);
        return waits;
    }

    private static void awaitAll(List<EventImpl> waits) {
        for (EventImpl e : waits) {
            e.await();
        }
    }
}
