package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClObjects;
import io.jsycl.opencl.ClProgram;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Whole programs that move Java arrays to a device and back: vector add of {@code n} floats from three Java arrays
 * ({@code Buffer.of(a)}, {@code Buffer.of(b)}, {@code Buffer.of(c)}, one kernel, close writes {@code c} back), with
 * jsycl's host transfers by map/unmap of the device copy ({@code jsycl.hostTransfers=map}) and through pinned staging
 * and {@code clEnqueueWrite/ReadBuffer} ({@code staging}), beside hand-written OpenCL doing the same both ways and
 * the same staging path with the context's pinned staging pool switched off ({@code jsycl.stagingPool=0}: each
 * buffer makes and frees its own pinned memory, as before the pool) or with the array copies on one thread
 * ({@code jsycl.copyThreads=1}, as before copies were split over threads), and the raw copy bandwidths measured in the
 * same run: Java array to native memory (one memcpy), clEnqueueWriteBuffer,
 * clEnqueueReadBuffer, clEnqueueCopyBuffer and jsycl's {@code q.copy(DeviceArray, DeviceArray)}. The modes
 * alternate within each repeat, so drift of a shared machine hits them alike. The hand-written rows use a context of
 * their own, and a GPU's first command after another context's pays a switch between contexts (about 0.1 ms on the
 * H100): each device-to-device copy row first runs one untimed copy. The threaded copy rows split the array in
 * equal slices over a parallel stream, as jsycl's copies of 8 MiB and more do.
 *
 * <pre>HostTransfers [--device gpu|cpu|NAME] [--log2n 24] [--warmup 2] [--repeats 7] [--out FILE]</pre>
 */
public final class HostTransfers {
    private static final String[] COUNTED = {"clEnqueueWriteBuffer", "clEnqueueReadBuffer", "clEnqueueMapBuffer",
        "clCreateBuffer", "clWaitForEvents"};

    private HostTransfers() {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opts.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        int n = 1 << Integer.parseInt(opts.getOrDefault("log2n", "24"));
        int warmup = Integer.parseInt(opts.getOrDefault("warmup", "2"));
        int repeats = Integer.parseInt(opts.getOrDefault("repeats", "7"));
        Device device = Suite.devices(opts.get("device")).getFirst();
        long bytes = 4L * n;
        float[] a = Workload.randomFloats(n, 1);
        float[] b = Workload.randomFloats(n, 2);
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            expected[i] = a[i] + b[i];
        }

        var rows = new LinkedHashMap<String, long[]>();
        var counts = new LinkedHashMap<String, String>();
        var moved = new LinkedHashMap<String, Long>();
        ClDevice cl = Suite.match(device);
        try (var q = new Queue(device); var raw = new RawCl(cl, false); var program = raw.build(Streaming.RAW_VADD);
             var arena = Arena.ofShared()) {
            MemorySegment nativeSeg = arena.allocate(bytes, 64);
            float[] out = new float[n];
            List<Row> plan = new ArrayList<>();
            for (String mode : new String[] {"map", "staging", "staging,stagingPool=0", "staging,copyThreads=1"}) {
                String transfers = mode.split(",")[0];
                String pool = mode.endsWith("stagingPool=0") ? "0" : "1";
                String copyThreads = mode.endsWith("copyThreads=1") ? "1" : null;
                plan.add(new Row("jsycl vector add, whole program, hostTransfers=" + mode, 3 * bytes, () -> {
                    String before = System.setProperty("jsycl.hostTransfers", transfers);
                    String poolBefore = System.setProperty("jsycl.stagingPool", pool);
                    String threadsBefore = copyThreads == null ? System.clearProperty("jsycl.copyThreads")
                            : System.setProperty("jsycl.copyThreads", copyThreads);
                    try {
                        return jsyclVectorAdd(q, a, b, out, n, expected);
                    } finally {
                        restore("jsycl.hostTransfers", before);
                        restore("jsycl.stagingPool", poolBefore);
                        restore("jsycl.copyThreads", threadsBefore);
                    }
                }));
            }
            plan.add(new Row("hand-written vector add, whole program, write/read from native staging", 3 * bytes,
                    () -> rawVectorAdd(raw, program, a, b, out, n, false, expected)));
            plan.add(new Row("hand-written vector add, whole program, ALLOC_HOST_PTR + map/unmap", 3 * bytes,
                    () -> rawVectorAdd(raw, program, a, b, out, n, true, expected)));
            plan.add(new Row("copy: Java array -> native memory (MemorySegment.copy)", bytes, () -> {
                long t0 = System.nanoTime();
                MemorySegment.copy(a, 0, nativeSeg, ValueLayout.JAVA_FLOAT, 0, n);
                return System.nanoTime() - t0;
            }));
            for (int threads : new int[] {2, 4, 8, 16}) {
                plan.add(new Row("copy: Java array -> native memory, " + threads
                        + " threads (slices as jsycl's copies)",
                        bytes, () -> {
                            long t0 = System.nanoTime();
                            long slice = (bytes / threads) & ~63L;
                            IntStream.range(0, threads).parallel().forEach(t -> MemorySegment.copy(
                                    MemorySegment.ofArray(a), t * slice, nativeSeg, t * slice,
                                    t == threads - 1 ? bytes - t * slice : slice));
                            return System.nanoTime() - t0;
                        }));
            }
            try (ClMem m1 = raw.buffer(bytes); ClMem m2 = raw.buffer(bytes)) {
                plan.add(new Row("copy: clEnqueueWriteBuffer, native -> device, blocking", bytes, () -> {
                    long t0 = System.nanoTime();
                    raw.queue.enqueueWriteBuffer(m1, true, 0, nativeSeg, bytes, List.of()).close();
                    return System.nanoTime() - t0;
                }));
                plan.add(new Row("copy: clEnqueueReadBuffer, device -> native, blocking", bytes, () -> {
                    long t0 = System.nanoTime();
                    raw.queue.enqueueReadBuffer(m1, true, 0, nativeSeg, bytes, List.of()).close();
                    return System.nanoTime() - t0;
                }));
                plan.add(new Row("copy: clEnqueueCopyBuffer, device -> device (read + write)", 2 * bytes, () -> {
                    try (ClEvent e = raw.queue.enqueueCopyBuffer(m1, m2, 0, 0, bytes, List.of())) {
                        e.await(); // untimed: see the class comment on switching contexts
                    }
                    long t0 = System.nanoTime();
                    try (ClEvent e = raw.queue.enqueueCopyBuffer(m1, m2, 0, 0, bytes, List.of())) {
                        e.await();
                    }
                    return System.nanoTime() - t0;
                }));
                try (var x = DeviceArray.ofFloat(q, n); var y = DeviceArray.ofFloat(q, n)) {
                    q.fill(x, 1f).await();
                    plan.add(new Row("copy: jsycl q.copy(DeviceArray, DeviceArray) (read + write)", 2 * bytes, () -> {
                        q.copy(x, y).await(); // untimed: see the class comment on switching contexts
                        long t0 = System.nanoTime();
                        q.copy(x, y).await();
                        return System.nanoTime() - t0;
                    }));
                    // The same copy on a queue made IN_ORDER.
                    try (var inOrder = new Queue(q.context(), device, QueueProperty.IN_ORDER)) {
                        plan.add(new Row("copy: jsycl q.copy(DeviceArray, DeviceArray), in-order queue", 2 * bytes,
                                () -> {
                                    inOrder.copy(x, y).await(); // untimed: see the class comment
                                    long t0 = System.nanoTime();
                                    inOrder.copy(x, y).await();
                                    return System.nanoTime() - t0;
                                }));
                        measure(plan, warmup, repeats, rows, counts, moved);
                    }
                }
            }
        }

        var t = new StringBuilder();
        t.append("# Host transfers: Java array -> kernel -> Java array, ").append(device.name()).append("\n\n");
        t.append("Command: `java --enable-native-access=ALL-UNNAMED -cp <benchmarks classpath> io.jsycl.bench.HostTransfers ")
                .append(String.join(" ", args)).append("`  \n");
        t.append(String.format("n = 2^%d floats (%d MiB per array); %d warm-up + %d timed runs per row, rows alternating "
                + "within each repeat; JVM %s, %d host CPUs; device hostUnifiedMemory=%b%n%n",
                Integer.numberOfTrailingZeros(n), bytes >> 20, warmup, repeats, System.getProperty("java.runtime.version"),
                Runtime.getRuntime().availableProcessors(), device.hostUnifiedMemory()));
        t.append("Whole-program rows move 3 arrays (2 in, 1 back); GB/s is those bytes over the whole time, kernel "
                + "included. Times are wall-clock milliseconds: median (min–max). Calls are per run of the row.\n\n");
        t.append("| row | ms | GB/s | clEnqueueWrite / Read / Map / clCreateBuffer / clWaitForEvents per run |\n"
                + "| --- | --- | --- | --- |\n");
        for (var e : rows.entrySet()) {
            Stats s = Stats.of(e.getValue());
            t.append(String.format("| %s | %s | %.2f | %s |%n", e.getKey(), s.ms(),
                    moved.get(e.getKey()) / (s.median() / 1e9) / 1e9, counts.get(e.getKey())));
        }
        System.out.print(t);
        if (opts.containsKey("out")) {
            Files.writeString(Path.of(opts.get("out")), t);
        }
    }

    private record Row(String name, long bytes, Stats.Timed run) {
    }

    private static void measure(List<Row> plan, int warmup, int repeats, Map<String, long[]> rows,
                                Map<String, String> counts, Map<String, Long> moved) {
        for (Row r : plan) {
            rows.put(r.name(), new long[repeats]);
            moved.put(r.name(), r.bytes());
        }
        for (int i = 0; i < warmup + repeats; i++) {
            for (Row r : plan) {
                long[] before = new long[COUNTED.length];
                for (int c = 0; c < COUNTED.length; c++) {
                    before[c] = ClObjects.calls(COUNTED[c]);
                }
                long ns = r.run().run();
                if (i >= warmup) {
                    rows.get(r.name())[i - warmup] = ns;
                }
                var calls = new StringBuilder();
                for (int c = 0; c < COUNTED.length; c++) {
                    calls.append(c == 0 ? "" : " / ").append(ClObjects.calls(COUNTED[c]) - before[c]);
                }
                counts.put(r.name(), calls.toString());
            }
        }
    }

    private static long jsyclVectorAdd(Queue q, float[] a, float[] b, float[] out, int n, float[] expected) {
        long t0 = System.nanoTime();
        try (var bx = Buffer.of(a); var by = Buffer.of(b); var bo = Buffer.of(out)) {
            Streaming.vectorAdd(q, bx, by, bo, n);
        }
        long ns = System.nanoTime() - t0;
        check(out, expected);
        return ns;
    }

    /** The same program hand-written: native staging and blocking write/read, or host-accessible buffers mapped. */
    private static long rawVectorAdd(RawCl raw, ClProgram program, float[] a, float[] b, float[] out, int n,
                                     boolean mapped, float[] expected) {
        long bytes = 4L * n;
        long t0 = System.nanoTime();
        try (var arena = Arena.ofConfined()) {
            long flags = ClMemFlags.READ_WRITE | (mapped ? ClMemFlags.ALLOC_HOST_PTR : 0);
            try (ClMem x = ClMem.createBuffer(raw.context, flags, bytes, MemorySegment.NULL);
                 ClMem y = ClMem.createBuffer(raw.context, flags, bytes, MemorySegment.NULL);
                 ClMem z = ClMem.createBuffer(raw.context, flags, bytes, MemorySegment.NULL);
                 ClKernel k = ClKernel.create(program, "vadd")) {
                if (mapped) {
                    put(raw, x, a);
                    put(raw, y, b);
                } else {
                    MemorySegment sa = arena.allocate(bytes, 64);
                    MemorySegment sb = arena.allocate(bytes, 64);
                    MemorySegment.copy(a, 0, sa, ValueLayout.JAVA_FLOAT, 0, n);
                    MemorySegment.copy(b, 0, sb, ValueLayout.JAVA_FLOAT, 0, n);
                    raw.queue.enqueueWriteBuffer(x, false, 0, sa, bytes, List.of()).close();
                    raw.queue.enqueueWriteBuffer(y, false, 0, sb, bytes, List.of()).close();
                }
                k.setArg(0, x);
                k.setArg(1, y);
                k.setArg(2, z);
                raw.queue.enqueueNDRangeKernel(k, 1, null, new long[] {n}, null, List.of()).close();
                if (mapped) {
                    MemorySegment host = raw.queue.mapBuffer(z, ClMemFlags.MAP_READ, 0, bytes, List.of());
                    MemorySegment.copy(host, ValueLayout.JAVA_FLOAT, 0, out, 0, n);
                    try (ClEvent e = raw.queue.enqueueUnmap(z, host, List.of())) {
                        e.await();
                    }
                } else {
                    MemorySegment sc = arena.allocate(bytes, 64);
                    raw.queue.enqueueReadBuffer(z, true, 0, sc, bytes, List.of()).close();
                    MemorySegment.copy(sc, ValueLayout.JAVA_FLOAT, 0, out, 0, n);
                }
            }
        }
        long ns = System.nanoTime() - t0;
        check(out, expected);
        return ns;
    }

    private static void put(RawCl raw, ClMem mem, float[] data) {
        MemorySegment host = raw.queue.mapBuffer(mem, ClMemFlags.MAP_WRITE_INVALIDATE_REGION, 0, 4L * data.length,
                List.of());
        MemorySegment.copy(data, 0, host, ValueLayout.JAVA_FLOAT, 0, data.length);
        raw.queue.enqueueUnmap(mem, host, List.of()).close();
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    private static void check(float[] out, float[] expected) {
        if (!java.util.Arrays.equals(out, expected)) {
            throw new AssertionError("vector add result differs from plain Java");
        }
        java.util.Arrays.fill(out, 0f);
    }
}
