package io.jsycl.internal.memory;

import io.jsycl.internal.event.EventImpl;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * What a {@link io.jsycl.HostArray} is a handle to: host memory that the context's devices move data to and from
 * at the bus's speed (SYCL's {@code malloc_host}). In an OpenCL context it is pinned memory ({@code
 * CL_MEM_ALLOC_HOST_PTR}, mapped), a block borrowed from the context's {@link StagingPool} and handed back at
 * {@link #close()}, so a program that makes and frees host arrays of similar sizes pays the page-locking once;
 * on the host device, ordinary native memory.
 *
 * <p>The user's view, {@link #segment()}, belongs to an arena of its own: once the array is closed (or its context
 * is), any access through it throws instead of touching memory given back. Transfers use the pinned memory
 * directly ({@link #pinned()}): {@code clEnqueueWriteBuffer} and {@code clEnqueueReadBuffer} from and into it run
 * as DMA with no staging copy, and a {@link BufferStorage} over it uploads and writes back the same way.
 *
 * <p>Thread safety: the methods are safe from any thread; the memory itself is the user's to order, as in SYCL.
 */
public final class HostArrayImpl {
    private final String type;
    private final ContextImpl context;
    private final ElementKind kind;
    private final int length;
    private final long bytes;
    /** The pinned block, null on the host device. */
    private final StagingPool.Block block;
    private final Arena arena;
    private final MemorySegment segment;
    // Guarded by this.
    private boolean closed;
    // Guarded by this: the open buffers over the array, which write back into it.
    private int buffers;
    // Guarded by this: the last copy into or out of the array, which close() waits for.
    private EventImpl lastCopy;

    /**
     * Allocates the memory of a host array.
     *
     * @param type the array's type as messages name it ({@code HostArray.OfFloat} ..)
     * @param context the context whose devices move its data
     * @param kind its element kind
     * @param length its number of elements
     */
    public HostArrayImpl(String type, ContextImpl context, ElementKind kind, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("length < 0: " + length);
        }
        this.type = type;
        this.context = context;
        this.kind = kind;
        this.length = length;
        this.bytes = (long) length * kind.bytes;
        this.arena = Arena.ofShared();
        try {
            if (context.isHost()) {
                this.block = null;
                this.segment = arena.allocate(Math.max(bytes, 1), 64).asSlice(0, bytes);
            } else {
                this.block = context.stagingPool().take(Math.max(bytes, 1));
                this.segment = block.host().asSlice(0, bytes).reinterpret(arena, null);
            }
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
        context.register(this);
    }

    /** @return the context the array belongs to */
    public ContextImpl context() {
        return context;
    }

    /** @return the element kind */
    public ElementKind kind() {
        return kind;
    }

    /** @return the number of elements */
    public int length() {
        return length;
    }

    /** @return the size in bytes */
    public long bytes() {
        return bytes;
    }

    /**
     * The memory as the user sees it: inaccessible once the array is closed.
     *
     * @return the memory, {@link #bytes()} long
     * @throws IllegalStateException if the array is closed
     */
    public MemorySegment segment() {
        requireOpen();
        return segment;
    }

    /**
     * The memory for transfers, without the check of {@link #segment()}: once the array is closed, handing it to
     * OpenCL or copying from it throws {@code IllegalStateException} (its arena is closed), never touches freed
     * memory.
     *
     * @return the memory, {@link #bytes()} long
     */
    public MemorySegment memory() {
        return segment;
    }

    /**
     * Throws if the array is closed.
     *
     * @throws IllegalStateException if it is
     */
    public synchronized void requireOpen() {
        if (closed) {
            throw new IllegalStateException(this + " is closed: close a HostArray only after the buffers and copies"
                    + " using it have finished");
        }
    }

    /**
     * Records a copy into or out of the array, which {@link #close()} waits for.
     *
     * @param copy the copy's event
     */
    public synchronized void copied(EventImpl copy) {
        lastCopy = copy;
    }

    /** A buffer over the array opens: the array refuses to close until it has closed. */
    synchronized void bufferOpened() {
        requireOpen();
        buffers++;
    }

    /** A buffer over the array has closed (its write-back is done). */
    synchronized void bufferClosed() {
        buffers--;
    }

    /**
     * Waits for the last copy into or out of the array, makes the user's view inaccessible and hands the pinned
     * memory back to the context's pool. Safe to call twice.
     *
     * @throws IllegalStateException if a buffer over the array is still open: its close writes into the array
     */
    public void close() {
        close(false);
    }

    /**
     * Called by a closing context, after it has dropped its buffers' copies: closes the array even where buffers over
     * it are open (their later use throws: the memory is gone with the context).
     */
    void closeWithContext() {
        close(true);
    }

    private void close(boolean force) {
        EventImpl last;
        synchronized (this) {
            if (closed) {
                return;
            }
            if (buffers > 0 && !force) {
                throw new IllegalStateException(this + " cannot close while " + buffers + " buffer(s) over it are"
                        + " open: close the buffers first (their close writes back into the array)");
            }
            closed = true;
            last = lastCopy;
            lastCopy = null;
        }
        try {
            if (last != null) {
                last.await();
            }
        } catch (RuntimeException ignored) {
            // The copy's failure went to whoever waited for its event; the memory is freed regardless.
        } finally {
            release();
        }
    }

    private void release() {
        try {
            arena.close();
        } finally {
            context.unregister(this);
            if (block != null) {
                context.stagingPool().give(block);
            }
        }
    }

    /** @return the array as messages name it: its type, length and context */
    @Override
    public String toString() {
        return type + "[" + length + " in " + context + "]";
    }
}
