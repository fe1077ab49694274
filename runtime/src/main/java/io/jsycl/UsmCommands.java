package io.jsycl;

import io.jsycl.opencl.ClEvent;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies and fills of {@link DeviceArray}s. Host-to-device copies and fills are asynchronous: the
 * data is staged in native memory, which is freed when the command completes. Device-to-host
 * copies write into a Java array, so they complete before returning (the returned event is done).
 * Only the given events (and an in-order queue) order these commands.
 */
final class UsmCommands {
    private UsmCommands() {
    }

    static Event copyToDevice(Queue q, Object array, DeviceArray<?> dst, Event[] dependsOn) {
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
            MemorySegment staging = arena.allocate(Math.max(1, (long) n * dst.kind.bytes), 64);
            dst.kind.copyToSegment(array, staging);
            ClEvent e = q.cl().enqueueWriteBuffer(dst.mem(), false, 0, staging, (long) n * dst.kind.bytes,
                    Scheduler.waitList(waits, q.context()));
            e.onComplete(arena::close);
            return q.trackNew(e);
        } catch (RuntimeException ex) {
            arena.close();
            throw ex;
        }
    }

    static Event copyToHost(Queue q, DeviceArray<?> src, Object array, Event[] dependsOn) {
        int n = Array.getLength(array);
        check(q, src, n);
        var waits = waits(q, dependsOn);
        if (q.device().isHost()) {
            awaitAll(waits);
            System.arraycopy(src.hostArray(), 0, array, 0, n);
            return q.trackDone();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staging = arena.allocate(Math.max(1, (long) n * src.kind.bytes), 64);
            try (ClEvent e = q.cl().enqueueReadBuffer(src.mem(), true, 0, staging, (long) n * src.kind.bytes,
                    Scheduler.waitList(waits, q.context()))) {
                src.kind.copyFromSegment(staging.asSlice(0, (long) n * src.kind.bytes), array);
            }
        }
        return q.trackDone();
    }

    static Event fill(Queue q, DeviceArray<?> dst, Object oneElement, Event[] dependsOn) {
        var waits = waits(q, dependsOn);
        check(q, dst, 0);
        if (q.device().isHost()) {
            awaitAll(waits);
            Object host = dst.hostArray();
            for (int i = 0; i < dst.size(); i++) {
                Array.set(host, i, oneElement);
            }
            return q.trackDone();
        }
        if (dst.size() == 0) {
            return q.trackDone();
        }
        Arena arena = Arena.ofShared();
        try {
            Object single = Array.newInstance(oneElement.getClass() == Boolean.class ? boolean.class
                    : primitiveOf(oneElement), 1);
            Array.set(single, 0, oneElement);
            MemorySegment pattern = arena.allocate(dst.kind.bytes, dst.kind.bytes);
            dst.kind.copyToSegment(single, pattern);
            ClEvent e = q.cl().enqueueFillBuffer(dst.mem(), pattern, 0, dst.bytes(), Scheduler.waitList(waits, q.context()));
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

    private static void check(Queue q, DeviceArray<?> d, int n) {
        if (d.context != q.context() || d.device != q.device()) {
            throw new IllegalArgumentException(d + " belongs to another context or device than " + q);
        }
        if (n > d.size()) {
            throw new IndexOutOfBoundsException("copy of " + n + " elements into or out of " + d);
        }
    }

    private static List<Event> waits(Queue q, Event[] dependsOn) {
        var waits = new ArrayList<Event>(List.of(dependsOn));
        q.orderAfterPrevious(waits);
        return waits;
    }

    private static void awaitAll(List<Event> waits) {
        for (Event e : waits) {
            e.await();
        }
    }
}
