package io.jsycl.bench;

import io.jsycl.Device;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How fast a Java array can reach a device and come back through the raw bindings, with no runtime in the way: the
 * ways of moving a Java heap array through pinned host memory ({@code CL_MEM_ALLOC_HOST_PTR}, mapped) that a runtime
 * could take, each timed alone, so the door's design follows measurements. Rows:
 * <ul>
 * <li>host copy heap → pinned of the whole array on 1..16 threads (no device involved);</li>
 * <li>DMA of the whole pinned array to the device and back (the copy engine alone);</li>
 * <li>pipelined upload: the array cut in chunks, {@code T} threads copy a chunk into its place in a pinned block as
 * large as the array and then enqueue its write (each thread takes the next chunk as it finishes one);</li>
 * <li>the same through a ring of {@code K} small pinned chunks reused once their write has completed (the chunks
 * stay in the CPU's last-level cache, so the copy engine may read them from there);</li>
 * <li>pipelined download: every chunk's read enqueued at once, {@code T} threads copy each chunk into the heap as
 * soon as it has arrived; and through the ring.</li>
 * </ul>
 * Each row is the median of {@code --runs} after one warm-up, as GB/s of the array's bytes. The data is checked after
 * the last round trip.
 *
 * <pre>DoorProbe [--device gpu|cpu|NAME] [--log2 26] [--runs 7]</pre>
 */
public final class DoorProbe {
    private final RawCl cl;
    private final long bytes;
    private final float[] heap;
    private final MemorySegment heapSeg;
    private final ClMem pinnedMem;
    private final MemorySegment pinned;
    private final ClMem device;
    private final int runs;

    private DoorProbe(RawCl cl, int n, int runs) {
        this.cl = cl;
        this.bytes = 4L * n;
        this.heap = new float[n];
        for (int i = 0; i < n; i++) {
            heap[i] = i * 0.5f;
        }
        this.heapSeg = MemorySegment.ofArray(heap);
        this.pinnedMem = ClMem.createBuffer(cl.context, ClMemFlags.READ_WRITE | ClMemFlags.ALLOC_HOST_PTR, bytes,
                MemorySegment.NULL);
        this.pinned = cl.queue.mapBuffer(pinnedMem, ClMemFlags.MAP_READ | ClMemFlags.MAP_WRITE, 0, bytes, List.of());
        this.device = cl.buffer(bytes);
        this.runs = runs;
    }

    public static void main(String[] args) throws Throwable {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int n = 1 << Suite.intOpt(opts, "log2", 26);
        int runs = Suite.intOpt(opts, "runs", 7);
        Device d = Suite.devices(opts.get("device")).getFirst();
        try (var cl = new RawCl(Suite.match(d), false)) {
            var probe = new DoorProbe(cl, n, runs);
            System.out.printf("## %s: one float[2^%d] (%d MiB) between the Java heap and the device%n%n", d.name(),
                    Integer.numberOfTrailingZeros(n), probe.bytes >> 20);
            System.out.println("| way | median GB/s | best GB/s |");
            System.out.println("|---|---|---|");
            probe.all();
        }
    }

    private void all() throws Throwable {
        for (int t : new int[] {1, 4, 8, 16}) {
            try (var pool = Executors.newFixedThreadPool(t)) {
                row("host copy heap→pinned, " + t + " threads", () -> hostCopy(pool, t, true));
                row("host copy pinned→heap, " + t + " threads", () -> hostCopy(pool, t, false));
            }
        }
        row("DMA pinned→device (whole)", () -> dma(true));
        row("DMA device→pinned (whole)", () -> dma(false));
        row("heap→device straight from the Java array (blocking write, critical downcall), whole", () -> direct(true, bytes));
        row("device→heap straight into the Java array (blocking read, critical downcall), whole", () -> direct(false, bytes));
        row("heap→device straight from the Java array, 16 MiB calls", () -> direct(true, 16L << 20));
        row("device→heap straight into the Java array, 16 MiB calls", () -> direct(false, 16L << 20));
        for (int t : new int[] {4, 8, 16}) {
            try (var pool = Executors.newFixedThreadPool(t)) {
                for (int chunkMib : new int[] {4, 16, 64}) {
                    long chunk = (long) chunkMib << 20;
                    if (4 * chunk > bytes) {
                        continue; // the ring would not fit in the pinned block
                    }
                    row("upload, " + t + " threads, " + chunkMib + " MiB chunks", () -> upload(pool, t, chunk, 0));
                    row("upload, " + t + " threads, ring of 4x" + chunkMib + " MiB", () -> upload(pool, t, chunk, 4));
                    row("download, " + t + " threads, " + chunkMib + " MiB chunks", () -> download(pool, t, chunk, 0));
                    row("download, " + t + " threads, ring of 4x" + chunkMib + " MiB",
                            () -> download(pool, t, chunk, 4));
                }
            }
        }
        check();
    }

    private interface Timed {
        long nanos() throws Throwable;
    }

    private void row(String name, Timed timed) throws Throwable {
        timed.nanos();
        long[] t = new long[runs];
        for (int r = 0; r < runs; r++) {
            t[r] = timed.nanos();
        }
        Arrays.sort(t);
        System.out.printf("| %s | %.1f | %.1f |%n", name, bytes / (double) t[runs / 2], bytes / (double) t[0]);
    }

    private long hostCopy(ExecutorService pool, int threads, boolean in) throws Exception {
        long t0 = System.nanoTime();
        long slice = (bytes / threads + 63) & ~63L;
        var parts = new ArrayList<Future<?>>();
        for (int i = 0; i < threads; i++) {
            long off = i * slice;
            long len = Math.min(slice, bytes - off);
            parts.add(pool.submit(() -> {
                if (in) {
                    MemorySegment.copy(heapSeg, off, pinned, off, len);
                } else {
                    MemorySegment.copy(pinned, off, heapSeg, off, len);
                }
            }));
        }
        for (Future<?> f : parts) {
            f.get();
        }
        return System.nanoTime() - t0;
    }

    private long dma(boolean up) {
        long t0 = System.nanoTime();
        ClEvent e = up ? cl.queue.enqueueWriteBuffer(device, true, 0, pinned, bytes, List.of())
                : cl.queue.enqueueReadBuffer(device, true, 0, pinned, bytes, List.of());
        e.close();
        return System.nanoTime() - t0;
    }

    /**
     * {@code clEnqueueWriteBuffer}/{@code clEnqueueReadBuffer} through downcall handles that may take heap memory
     * ({@code Linker.Option.critical(true)}): the JVM holds the array still for each call, which blocks until the
     * data has moved, so the driver never keeps the heap address. What the driver does with pageable memory.
     */
    private static final class Critical {
        static final java.lang.invoke.MethodHandle WRITE = handle("clEnqueueWriteBuffer",
                io.jsycl.opencl.bindings.cl_h.clEnqueueWriteBuffer$descriptor());
        static final java.lang.invoke.MethodHandle READ = handle("clEnqueueReadBuffer",
                io.jsycl.opencl.bindings.cl_h.clEnqueueReadBuffer$descriptor());

        private static java.lang.invoke.MethodHandle handle(String name, java.lang.foreign.FunctionDescriptor desc) {
            var lib = java.lang.foreign.SymbolLookup.libraryLookup("libOpenCL.so.1", java.lang.foreign.Arena.global());
            return java.lang.foreign.Linker.nativeLinker().downcallHandle(lib.find(name).orElseThrow(), desc,
                    java.lang.foreign.Linker.Option.critical(true));
        }
    }

    private long direct(boolean up, long slice) throws Throwable {
        long t0 = System.nanoTime();
        for (long off = 0; off < bytes; off += slice) {
            long len = Math.min(slice, bytes - off);
            MemorySegment at = heapSeg.asSlice(off, len);
            int status = up
                    ? (int) Critical.WRITE.invokeExact(cl.queue.handle(), device.handle(), 1, off, len, at, 0,
                            MemorySegment.NULL, MemorySegment.NULL)
                    : (int) Critical.READ.invokeExact(cl.queue.handle(), device.handle(), 1, off, len, at, 0,
                            MemorySegment.NULL, MemorySegment.NULL);
            if (status != 0) {
                throw new IllegalStateException((up ? "clEnqueueWriteBuffer" : "clEnqueueReadBuffer") + ": " + status);
            }
        }
        return System.nanoTime() - t0;
    }

    /** Chunks taken in order by {@code threads} workers; {@code ring} > 0 stages through that many reused chunks. */
    private long upload(ExecutorService pool, int threads, long chunk, int ring) throws Exception {
        int chunks = (int) ((bytes + chunk - 1) / chunk);
        ClEvent[] writes = new ClEvent[chunks];
        var next = new AtomicInteger();
        long t0 = System.nanoTime();
        var parts = new ArrayList<Future<?>>();
        for (int w = 0; w < threads; w++) {
            parts.add(pool.submit(() -> {
                for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                    long off = c * chunk;
                    long len = Math.min(chunk, bytes - off);
                    MemorySegment stage;
                    if (ring == 0) {
                        stage = pinned.asSlice(off, len);
                    } else {
                        if (c >= ring) {
                            awaitSet(writes, c - ring);
                        }
                        stage = pinned.asSlice((c % ring) * chunk, len);
                    }
                    MemorySegment.copy(heapSeg, off, stage, 0, len);
                    ClEvent e = cl.queue.enqueueWriteBuffer(device, false, off, stage, len, List.of());
                    synchronized (writes) {
                        writes[c] = e;
                        writes.notifyAll();
                    }
                    cl.queue.flush();
                }
                return null;
            }));
        }
        for (Future<?> f : parts) {
            f.get();
        }
        cl.queue.finish();
        long t = System.nanoTime() - t0;
        for (ClEvent e : writes) {
            e.close();
        }
        return t;
    }

    private long download(ExecutorService pool, int threads, long chunk, int ring) throws Exception {
        int chunks = (int) ((bytes + chunk - 1) / chunk);
        ClEvent[] reads = new ClEvent[chunks];
        var next = new AtomicInteger();
        long t0 = System.nanoTime();
        int ahead = ring == 0 ? chunks : Math.min(ring, chunks);
        var enqueued = new AtomicInteger();
        for (int c = 0; c < ahead; c++) {
            enqueueRead(reads, c, chunk, ring);
        }
        enqueued.set(ahead);
        cl.queue.flush();
        var parts = new ArrayList<Future<?>>();
        for (int w = 0; w < threads; w++) {
            parts.add(pool.submit(() -> {
                for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                    ClEvent e = awaitSet(reads, c);
                    e.await();
                    long off = c * chunk;
                    long len = Math.min(chunk, bytes - off);
                    MemorySegment stage = ring == 0 ? pinned.asSlice(off, len)
                            : pinned.asSlice((c % ring) * chunk, len);
                    MemorySegment.copy(stage, 0, heapSeg, off, len);
                    if (ring > 0 && c + ring < chunks) {
                        enqueueRead(reads, c + ring, chunk, ring); // the slot is free again
                        cl.queue.flush();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : parts) {
            f.get();
        }
        long t = System.nanoTime() - t0;
        for (ClEvent e : reads) {
            e.close();
        }
        return t;
    }

    private void enqueueRead(ClEvent[] reads, int c, long chunk, int ring) {
        long off = c * chunk;
        long len = Math.min(chunk, bytes - off);
        MemorySegment stage = ring == 0 ? pinned.asSlice(off, len) : pinned.asSlice((c % ring) * chunk, len);
        ClEvent e = cl.queue.enqueueReadBuffer(device, false, off, stage, len, List.of());
        synchronized (reads) {
            reads[c] = e;
            reads.notifyAll();
        }
    }

    private static ClEvent awaitSet(ClEvent[] events, int c) {
        ClEvent e;
        synchronized (events) {
            while ((e = events[c]) == null) {
                try {
                    events.wait();
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(ex);
                }
            }
        }
        e.await();
        return e;
    }

    private void check() {
        for (int i = 0; i < heap.length; i += 997) {
            if (heap[i] != i * 0.5f) {
                throw new AssertionError("element " + i + " is " + heap[i] + " after the round trips");
            }
        }
        System.out.println("\nData checked after the round trips.");
    }
}
