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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where one OpenCL device of a {@link io.jsycl.DistributedQueue} puts its parts of reductions: one element of device
 * memory that each chunk's reduction kernel folds into, written with the identity before the kernel and read back
 * right after it, on the same in-order queue, from and into a slot of pinned host memory, where the queue's combine
 * takes the part.
 *
 * <p>Why not a buffer per part: a buffer made for each submit's part cost, on every device and every submit, an upload
 * of the identity through pinned staging, and at the combine a wait for the whole queue, a read-back through the
 * context's transfer queue and the release of the device memory. On four GPUs that made the combining thread the
 * bound of a resident sum (0.31 ms a step where the kernels take 0.07, four H200s). Here a part costs two small
 * copies on the device's own queue (a write without an event: a fill costs NVIDIA's driver a kernel launch), and its
 * combine waits only for its read, whose event is the part's command's where the queue launches without events.
 *
 * <p>One element of device memory serves every part: the queue runs in order, so a part's read completes before the
 * next part's write. The host slots are a ring of {@value #SLOTS}; a submit whose part would take a slot whose read is
 * not yet combined waits for that combine ({@link #take()}), before the scheduler's lock is taken.
 *
 * <p>Thread safety: {@link #take()} from the submitting thread; {@link Slot#writeIdentity} and {@link Slot#readAfter}
 * under the scheduler's lock or on the queue's launch thread, in the queue's order; a slot's {@link Slot#takeInto} and {@link Slot#release} once, from the combining thread.
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
        /** The read's event once enqueued; failed where the part's launch was given up before it. */
        private final CompletableFuture<ClEvent> read = new CompletableFuture<>();
        /** Whether the slot closes the read's event, set before {@code read} completes. */
        private volatile boolean owned;
        /** Set once the part's launch goes to its queue: its read is then enqueued or given up, never neither. */
        private volatile boolean enqueuing;
        private final AtomicBoolean released = new AtomicBoolean();

        private Slot(int index) {
            this.index = index;
        }

        /** The device memory the part's kernel folds into. */
        public ClMem mem() {
            return part;
        }

        /**
         * Enqueues on {@code queue}, before the part's kernel, the write of {@code identity} (a boxed {@code kind})
         * into the device's part, from this slot: the slot holds it until the read after the kernel overwrites it.
         */
        public void writeIdentity(ClCommandQueue queue, ElementKind kind, Object identity) {
            long at = index * SLOT_BYTES;
            switch (identity) {
                case Integer v -> slots.set(ValueLayout.JAVA_INT, at, v);
                case Long v -> slots.set(ValueLayout.JAVA_LONG, at, v);
                case Float v -> slots.set(ValueLayout.JAVA_FLOAT, at, v);
                case Double v -> slots.set(ValueLayout.JAVA_DOUBLE, at, v);
                default -> throw new IllegalStateException("no reduction of " + identity.getClass().getSimpleName());
            }
            queue.enqueueWriteBufferWithoutEvent(part, 0, slots.asSlice(at, kind.bytes), kind.bytes);
        }

        /**
         * Enqueues on {@code queue}, after the part's kernel, the read of the part into this slot, and returns its
         * event, which the slot owns ({@link #release}) unless {@code lent}: then the caller's, which keeps it until
         * the slot is released (the part's command event, completing once the kernel has and its result is here).
         */
        public ClEvent readAfter(ClCommandQueue queue, ElementKind kind, boolean lent) {
            ClEvent r = queue.enqueueReadBuffer(part, false, 0, slots.asSlice(index * SLOT_BYTES, kind.bytes),
                    kind.bytes, List.of());
            owned = !lent;
            read.complete(r);
            return r;
        }

        /** The part's launch was given up before its read was enqueued (an earlier launch of its queue failed). */
        public void abandon(RuntimeException why) {
            read.completeExceptionally(why);
        }

        /**
         * Waits for the read (so for the part's kernel), copies the part into element 0 of {@code array}, an array
         * of {@code kind}, and lets the slot go.
         *
         * @throws ClException where the read or the kernel before it failed
         */
        public void takeInto(ElementKind kind, Object array) {
            try {
                ClEvent r;
                try {
                    r = read.join(); // enqueued at the submit, or by the queue's launch thread soon after
                } catch (CompletionException e) {
                    throw e.getCause() instanceof RuntimeException cause ? cause : e;
                }
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
        public void release() {
            if (released.getAndSet(true)) {
                return;
            }
            if (enqueuing) {
                // Handed to the launch thread, which enqueues its read or gives it up: wait for either.
                ClEvent r = read.exceptionally(e -> null).join();
                if (r != null) {
                    try {
                        r.await();
                    } catch (RuntimeException ignored) {
                        // the part's failure is its command's, reported there
                    } finally {
                        if (owned) {
                            r.close();
                        }
                    }
                }
            }
            free.release();
        }

        /** The part's launch is on its way to the queue: its read will be enqueued, or the launch given up. */
        public void enqueuing() {
            enqueuing = true;
        }
    }
}
