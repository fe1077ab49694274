package io.jsycl.internal.memory;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.concurrent.Semaphore;

/**
 * Where one OpenCL device of a {@link io.jsycl.DistributedQueue} puts its parts of reductions: one element of device
 * memory that each chunk's reduction kernel folds into, set to the identity before the kernel, and read back right
 * after it, on the same in-order queue, into a slot of pinned host memory, where the queue's combine takes it.
 *
 * <p>Why not a buffer per part: a buffer made for each submit's part cost, on every device and every submit, an upload
 * of the identity through pinned staging, and at the combine a wait for the whole queue, a read-back through the
 * context's transfer queue and the release of the device memory. On four GPUs that made the combining thread the
 * bound of a resident sum (0.31 ms a step where the kernels take 0.07, four H200s). Here a part costs two small
 * enqueues on the device's own queue, and its combine waits only for its read.
 *
 * <p>One element of device memory serves every part: the queue runs in order, so a part's read completes before the
 * next part's fill. The host slots are a ring of {@value #SLOTS}; a submit whose part would take a slot whose read is
 * not yet combined waits for that combine ({@link #take()}), before the scheduler's lock is taken.
 *
 * <p>Thread safety: {@link #take()} from the submitting thread; {@link #fill} and {@link Slot#readAfter} under the
 * scheduler's lock; a slot's {@link Slot#takeInto} and {@link Slot#release} once, from the combining thread.
 */
public final class PartialSlots implements AutoCloseable {
    /** Parts read back and not yet combined, at most, per device. */
    static final int SLOTS = 1024;
    private static final long SLOT_BYTES = Long.BYTES;

    private final ClMem part;
    /** The slots' pinned memory, or null where the driver has none (then {@code arena}'s memory). */
    private final PinnedLease pinned;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment slots;
    /** The identity's bits for a fill, written under the scheduler's lock. */
    private final MemorySegment pattern;
    private final Semaphore free = new Semaphore(SLOTS);
    private int next;

    public PartialSlots(ContextImpl context) {
        PinnedLease lease;
        try {
            lease = PinnedLease.take(context, SLOTS * SLOT_BYTES);
        } catch (ClException e) {
            lease = null; // a read into ordinary memory: correct, and the driver may copy it as it enqueues
        }
        this.pinned = lease;
        this.slots = lease != null ? lease.host() : arena.allocate(SLOTS * SLOT_BYTES, SLOT_BYTES);
        this.pattern = arena.allocate(SLOT_BYTES, SLOT_BYTES);
        try {
            this.part = ClMem.createBuffer(context.cl(), ClMemFlags.READ_WRITE, SLOT_BYTES, MemorySegment.NULL);
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /** The device memory the reduction kernels fold into. */
    public ClMem mem() {
        return part;
    }

    /** The next slot, once its previous part is combined: waits where every slot holds a part not yet combined. */
    public Slot take() {
        free.acquireUninterruptibly();
        synchronized (this) {
            int i = next;
            next = (next + 1) % SLOTS;
            return new Slot(i);
        }
    }

    /** Enqueues on {@code queue}, before the kernel, the identity into the device's part. */
    public void fill(ClCommandQueue queue, ElementKind kind, Object identity) {
        switch (identity) {
            case Integer v -> pattern.set(ValueLayout.JAVA_INT, 0, v);
            case Long v -> pattern.set(ValueLayout.JAVA_LONG, 0, v);
            case Float v -> pattern.set(ValueLayout.JAVA_FLOAT, 0, v);
            case Double v -> pattern.set(ValueLayout.JAVA_DOUBLE, 0, v);
            default -> throw new IllegalStateException("no reduction of " + identity.getClass().getSimpleName());
        }
        queue.enqueueFillBuffer(part, pattern.asSlice(0, kind.bytes), 0, kind.bytes, List.of()).close();
    }

    /** Frees the device memory and the slots; every part has been combined or given up. */
    @Override
    public void close() {
        try {
            if (part != null) {
                part.close();
            }
        } finally {
            if (pinned != null) {
                pinned.giveBack();
            }
            arena.close();
        }
    }

    /** One part's place on the host, from its read to its combine. */
    public final class Slot {
        private final int index;
        // Guarded by this.
        private ClEvent read;
        private boolean released;

        private Slot(int index) {
            this.index = index;
        }

        /** The device memory the part's kernel folds into. */
        public ClMem mem() {
            return part;
        }

        /** Enqueues on {@code queue}, after the part's kernel, the read of the part into this slot. */
        public synchronized void readAfter(ClCommandQueue queue, ElementKind kind) {
            read = queue.enqueueReadBuffer(part, false, 0, slots.asSlice(index * SLOT_BYTES, kind.bytes), kind.bytes,
                    List.of());
        }

        /**
         * Waits for the read (so for the part's kernel), copies the part into element 0 of {@code array}, an array
         * of {@code kind}, and lets the slot go.
         *
         * @throws ClException where the read or the kernel before it failed
         */
        public void takeInto(ElementKind kind, Object array) {
            ClEvent r;
            synchronized (this) {
                r = read;
            }
            try {
                r.await();
                MemorySegment.copy(slots, index * SLOT_BYTES, kind.heapView(array), 0, kind.bytes);
            } finally {
                release();
            }
        }

        /**
         * Lets the slot go without its part (the part's command failed, or was never enqueued): once its read, if
         * one was enqueued, has ended, so that the next part's read cannot be overtaken by it.
         */
        public synchronized void release() {
            if (released) {
                return;
            }
            released = true;
            if (read != null) {
                try {
                    read.await();
                } catch (RuntimeException ignored) {
                    // the part's failure is its command's, reported there
                } finally {
                    read.close();
                }
            }
            free.release();
        }
    }
}
