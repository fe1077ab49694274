package io.jsycl.internal.memory;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.opencl.ClCommandQueue;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The seam between the runtime's data movement and a device queue: where a {@link BufferStorage}
 * gets the device memory of its copies in a context, and enqueues the staged uploads and read-backs
 * it decides on, each after the events the decision says it must wait for. {@link ClQueue} is the
 * real one, over an OpenCL command queue; tests plug in a fake that records each command with what
 * it waits for and completes it when the test says, so that the decisions of the buffer storage
 * and the scheduler are tested without OpenCL ({@code FakeCommandQueue}).
 *
 * <p>What needs OpenCL itself stays outside, on {@link #cl()}: kernel launches (a launch needs a
 * built kernel), maps of host-accessible copies, pinned staging memory beyond asking for it.
 */
public interface CommandQueue {
    /** One enqueued command: awaited and released by the thread that enqueued it, or handed to {@link #event}. */
    interface Command extends AutoCloseable {
        /** Waits for the command; throws what it failed with ({@code ClException} on OpenCL). */
        void await();

        /** Releases the command; safe to call twice. */
        @Override
        void close();
    }

    /** The context whose memory the queue's commands use. */
    ContextImpl context();

    /**
     * True if the queue leaves its own earlier commands out of a command's wait list: it runs
     * commands in the order they are enqueued ({@link EventImpl#waitList}).
     */
    boolean inOrder();

    /** New device memory for a stale copy of {@code bytes} bytes of a buffer, in the queue's context. */
    DeviceCopy allocate(long bytes);

    /** Frees the device memory of {@code copy}, which no command uses any more. */
    void free(DeviceCopy copy);

    /**
     * Pinned host memory of at least {@code bytes} bytes for a copy's staged transfers: from the
     * context's pool if {@code pooled}, else made for the copy. Blocks (it maps memory).
     *
     * @throws io.jsycl.opencl.ClException where the driver gives no pinned memory
     */
    StagingPool.Block pinned(long bytes, boolean pooled);

    /** Enqueues a write of {@code src} into {@code dst}'s memory at {@code offset} after {@code waits}; no wait. */
    Command write(DeviceCopy dst, long offset, MemorySegment src, long bytes, List<EventImpl> waits);

    /** Enqueues the zeroing of {@code dst}'s first {@code bytes} bytes on the device after {@code waits}; no wait. */
    Command zero(DeviceCopy dst, long bytes, List<EventImpl> waits);

    /**
     * Enqueues writes into {@code dst}'s memory, each after {@code waits}, from any thread: the slices of one
     * upload that several threads copy in ({@link HostCopy#eachSlice}). What the waits need of the runtime is
     * resolved here, on the calling thread; the returned writer only enqueues.
     */
    SliceWriter sliceWriter(DeviceCopy dst, List<EventImpl> waits);

    /** The writes of one upload's slices; thread-safe. */
    @FunctionalInterface
    interface SliceWriter {
        /** Enqueues a write of {@code src} into the memory at {@code offset}, no wait. */
        Command write(long offset, MemorySegment src, long bytes);
    }

    /** Enqueues a read of {@code src}'s memory from {@code offset} into {@code dst} after {@code waits}; no wait. */
    Command read(DeviceCopy src, long offset, MemorySegment dst, long bytes, List<EventImpl> waits);

    /** Enqueues a command that completes once every one of {@code commands} has. */
    Command marker(List<Command> commands);

    /** Hands the commands enqueued so far to the device. */
    void flush();

    /** The runtime's event for {@code command}, which owns it from then on (released once unreachable). */
    EventImpl event(Command command);

    /**
     * The OpenCL queue, for what the seam leaves out.
     *
     * @throws UnsupportedOperationException on a queue that has none (a fake)
     */
    ClCommandQueue cl();
}
