package io.jsycl.internal.schedule;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.memory.ArrayTransfers;
import io.jsycl.internal.memory.ClQueue;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.internal.memory.DeviceArrayImpl;
import io.jsycl.internal.memory.ElementKind;
import io.jsycl.internal.memory.HostArrayImpl;
import io.jsycl.internal.memory.PeerCopy;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Copies and fills of device arrays ({@link DeviceArrayImpl}, what an {@link io.jsycl.DeviceArray} is a handle to,
 * which the queue unwraps before it calls here). Host-to-device copies and fills are asynchronous: a
 * Java array is staged in the context's pinned memory ({@link ArrayTransfers}), which goes back to the pool when
 * the command completes. Device-to-host copies into a Java array complete before returning (the returned event
 * is done). Copies between a {@link io.jsycl.HostArray} and a device array are one DMA each way, asynchronous;
 * the host array's close waits for the last one.
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
        ClEvent e = ArrayTransfers.toDevice(q.context(), q.cl(), dst.kind(), array, (long) n * dst.kind().bytes,
                dst.mem(), 0, EventImpl.waitList(waits, q.context()));
        return q.trackNew(e);
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
        ArrayTransfers.toArray(q.context(), q.cl(), src.kind(), src.mem(), 0, array, (long) n * src.kind().bytes,
                EventImpl.waitList(waits, q.context()));
        return q.trackDone();
    }

    /** Copies every element of {@code src} into the start of {@code dst}: one DMA from pinned memory, asynchronous. */
    public static EventImpl copyHostArrayToDevice(QueueScheduler q, HostArrayImpl src, DeviceArrayImpl dst,
            EventImpl[] dependsOn) {
        checkHostArray(q, src, dst);
        check(q, dst, src.length());
        var waits = waits(q, dependsOn);
        if (q.device().isHost()) {
            awaitAll(waits);
            copySegmentToArray(src, dst.hostArray());
            return q.trackDone();
        }
        ClEvent e = q.cl().enqueueWriteBuffer(dst.mem(), false, 0, src.memory(), src.bytes(),
                EventImpl.waitList(waits, q.context()));
        q.cl().flush();
        EventImpl event = q.trackNew(e);
        src.copied(event);
        return event;
    }

    /** Copies the first {@code dst.length()} elements of {@code src} into {@code dst}: one DMA, asynchronous. */
    public static EventImpl copyDeviceToHostArray(QueueScheduler q, DeviceArrayImpl src, HostArrayImpl dst,
            EventImpl[] dependsOn) {
        checkHostArray(q, dst, src);
        check(q, src, dst.length());
        var waits = waits(q, dependsOn);
        if (q.device().isHost()) {
            awaitAll(waits);
            copyArrayToSegment(src.hostArray(), dst);
            return q.trackDone();
        }
        ClEvent e = q.cl().enqueueReadBuffer(src.mem(), false, 0, dst.memory(), dst.bytes(),
                EventImpl.waitList(waits, q.context()));
        q.cl().flush();
        EventImpl event = q.trackNew(e);
        dst.copied(event);
        return event;
    }

    private static void checkHostArray(QueueScheduler q, HostArrayImpl host, DeviceArrayImpl device) {
        host.requireOpen();
        if (host.kind() != device.kind()) {
            throw new IllegalArgumentException("q.copy: " + host + " and " + device + " hold different element types");
        }
        if (host.context() != q.context()) {
            throw new IllegalArgumentException(host + " belongs to another context than " + q
                    + ": make the HostArray from the queue (HostArray.ofFloat(q, n)) or its context");
        }
    }

    /** On the host device: the host array's elements into the start of a device array's Java array. */
    private static void copySegmentToArray(HostArrayImpl src, Object array) {
        MemorySegment heap = src.kind().heapView(array);
        if (heap != null) {
            MemorySegment.copy(src.memory(), 0, heap, 0, src.bytes());
        } else {
            boolean[] a = (boolean[]) array;
            for (int i = 0; i < src.length(); i++) {
                a[i] = src.memory().get(ValueLayout.JAVA_BYTE, i) != 0;
            }
        }
    }

    /** On the host device: the start of a device array's Java array into the host array. */
    private static void copyArrayToSegment(Object array, HostArrayImpl dst) {
        MemorySegment heap = dst.kind().heapView(array);
        if (heap != null) {
            MemorySegment.copy(heap, 0, dst.memory(), 0, dst.bytes());
        } else {
            boolean[] a = (boolean[]) array;
            for (int i = 0; i < dst.length(); i++) {
                dst.memory().set(ValueLayout.JAVA_BYTE, i, a[i] ? (byte) 1 : 0);
            }
        }
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
        boolean peers = checkPair(q, src, dst);
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
        if (peers) {
            // Two devices of the context: through pinned memory, each device's DMA on its own queue (PeerCopy).
            ContextImpl context = q.context();
            ClCommandQueue to = dst.device() == q.device() ? q.cl() : context.transferQueue(dst.device());
            PeerCopy.copy(context, src.device(), src.mem(), srcOffset * size, to, dst.mem(), dstOffset * size,
                    count * size, EventImpl.waitList(waits, context));
            return q.trackDone();
        }
        ClEvent e = q.cl().enqueueCopyBuffer(src.mem(), dst.mem(), srcOffset * size,
                dstOffset * size, count * size, EventImpl.waitList(waits, q.context()));
        return q.trackNew(e);
    }

    /**
     * Both arrays of the queue's context and of one element type, both of the queue's device or one of them (a copy
     * between two devices of the context).
     *
     * @return whether the arrays are on two devices
     */
    private static boolean checkPair(QueueScheduler q, DeviceArrayImpl src, DeviceArrayImpl dst) {
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
        if (src.device() != dst.device() && src.context() == q.context()
                && (src.device() == q.device() || dst.device() == q.device())) {
            src.requireOpen();
            dst.requireOpen();
            return true;
        }
        check(q, src, 0);
        check(q, dst, 0);
        return false;
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
            Object single = ElementKind.arrayOfOne(oneElement);
            MemorySegment pattern = arena.allocate(dst.kind().bytes, dst.kind().bytes);
            dst.kind().copyToSegment(single, pattern);
            ClEvent e = ClQueue.fill(q.cl(), dst.mem(), pattern, dst.bytes(), EventImpl.waitList(waits, q.context()));
            e.onComplete(arena::close);
            return q.trackNew(e);
        } catch (RuntimeException ex) {
            arena.close();
            throw ex;
        }
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
