package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Fence;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * 256-bin histogram of {@code n} ints (uniform in [0, 256), as the PyTorch peer uses; bin {@code v & 0xFF}), two
 * algorithms, each written as a jsycl lambda and as hand-written OpenCL C:
 * <ul>
 *   <li>global atomics: one work-item per element, one {@code atomic_add} on the global bins each;</li>
 *   <li>local bins: {@code groups} work-groups of {@value #GROUP} items stride over the data, count into the
 *       group's bins in local memory with local atomics, then add each non-zero bin to the global bins with one
 *       global atomic.</li>
 * </ul>
 * Counting is exact. Neither path clears the bins between timed runs, so after the same number of runs both hold
 * that many times the histogram, compared exactly with each other and with Java.
 */
final class Histogram extends Workload {
    static final int BINS = 256;
    static final int GROUP = 256;
    /** Elements per work-item in the local-bins version: {@code groups = n / (GROUP * PER_ITEM)}. */
    static final int PER_ITEM = 256;
    private static final String SOURCE = """
            __kernel void hist_global(__global const int* x, __global int* bins) {
                int i = get_global_id(0);
                atomic_add(&bins[x[i] & 0xFF], 1);
            }
            __kernel void hist_local(__global const int* x, __global int* bins, int n) {
                __local int local_bins[256];
                int lid = get_local_id(0);
                int lsize = get_local_size(0);
                for (int b = lid; b < 256; b += lsize) {
                    local_bins[b] = 0;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
                int stride = get_global_size(0);
                for (int i = get_global_id(0); i < n; i += stride) {
                    atomic_add(&local_bins[x[i] & 0xFF], 1);
                }
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int b = lid; b < 256; b += lsize) {
                    int count = local_bins[b];
                    if (count != 0) {
                        atomic_add(&bins[b], count);
                    }
                }
            }
            """;

    private final boolean local;
    private final int n;
    private final int[] data;
    private final int[] javaBins;
    private final int groups;
    private int[] javaOut;

    Histogram(Config config, boolean local, int n, int[] data) {
        super(config);
        this.local = local;
        this.n = n;
        this.data = data;
        this.javaBins = new int[BINS];
        for (int v : data) {
            javaBins[v & 0xFF]++;
        }
        this.groups = Math.max(1, n / (GROUP * PER_ITEM));
    }

    /** {@code n} ints uniform in [0, 256). */
    static int[] data(int n) {
        var r = new SplittableRandom(11);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextInt(BINS);
        }
        return d;
    }

    @Override
    String name() {
        return local ? "histogram 256 bins, local bins (" + groups + "×" + GROUP + " items)"
                : "histogram 256 bins, global atomics";
    }

    @Override
    String size() {
        return SumReduce.pow2(n) + " ints";
    }

    @Override
    double work() {
        return 4.0 * n;
    }

    @Override
    String unit() {
        return "GB/s";
    }

    static Event globalAtomics(Queue q, Buffer.OfInt bufX, Buffer.OfInt bufBins, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            var bins = bufBins.readWrite(h);
            h.parallelFor(Range.of(n), it -> bins.atomicAdd(x.get(it.id(0)) & 0xFF, 1));
        });
    }

    static Event localBins(Queue q, Buffer.OfInt bufX, Buffer.OfInt bufBins, int n, int groups) {
        return q.submit(h -> {
            var x = bufX.read(h);
            var bins = bufBins.readWrite(h);
            var localBins = LocalAccessor.ofInt(h, BINS);
            h.parallelFor(NdRange.of(Range.of(groups * GROUP), Range.of(GROUP)), it -> {
                int lid = it.localId(0);
                int lsize = it.localRange(0);
                for (int b = lid; b < BINS; b += lsize) {
                    localBins.set(b, 0);
                }
                it.barrier(Fence.LOCAL);
                int stride = it.globalRange(0);
                for (int i = it.globalId(0); i < n; i += stride) {
                    localBins.atomicAdd(x.get(i) & 0xFF, 1);
                }
                it.barrier(Fence.LOCAL);
                for (int b = lid; b < BINS; b += lsize) {
                    int count = localBins.get(b);
                    if (count != 0) {
                        bins.atomicAdd(b, count);
                    }
                }
            });
        });
    }

    private Event submit(Queue q, Buffer.OfInt x, Buffer.OfInt bins) {
        return local ? localBins(q, x, bins, n, groups) : globalAtomics(q, x, bins, n);
    }

    @Override
    Result jsycl(Queue q) {
        int[] bins = new int[BINS];
        Stats s;
        try (var bx = Buffer.of(data); var bb = Buffer.of(bins)) {
            s = measure(() -> submit(q, bx, bb).profile().durationNanos());
        }
        return new Result(s, bins);
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        int[] bins = new int[BINS];
        long t0 = System.nanoTime();
        try (var bx = Buffer.of(data); var bb = Buffer.of(bins)) {
            submit(q, bx, bb);
        }
        long t = System.nanoTime() - t0;
        check(bins);
        return t;
    }

    @Override
    Result jsyclEndToEndKept(Queue q, boolean arrays) {
        try (var bx = keptInts(n, arrays); var bb = keptInts(BINS, arrays)) {
            Stats s = measureKept(() -> {
                write(bx, data);
                write(bb, new int[BINS]);
                long t0 = System.nanoTime();
                submit(q, bx, bb);
                fetch(bb);
                return System.nanoTime() - t0;
            });
            return new Result(s, read(bb));
        }
    }

    @Override
    String checkKept(Object kept, Object raw) {
        return java.util.Arrays.equals((int[]) kept, javaBins) ? "exact (one run = Java)"
                : "MISMATCH: one run's bins differ from Java's";
    }

    private ClKernel kernel(ClProgram p, ClMem x, ClMem bins) {
        ClKernel k = ClKernel.create(p, local ? "hist_local" : "hist_global");
        k.setArg(0, x);
        k.setArg(1, bins);
        if (local) {
            k.setArgInt(2, n);
        }
        return k;
    }

    private long[] global() {
        return new long[] {local ? (long) groups * GROUP : n};
    }

    private long[] localSize() {
        return local ? new long[] {GROUP} : null;
    }

    @Override
    Result raw(RawCl cl) {
        int[] bins = new int[BINS];
        try (var arena = Arena.ofConfined(); var p = cl.build(SOURCE); var x = cl.upload(arena, data);
             var b = cl.upload(arena, bins); var k = kernel(p, x, b)) {
            Stats s = measure(() -> cl.run(k, global(), localSize()));
            cl.download(arena, b, bins);
            return new Result(s, bins);
        }
    }

    @Override
    long rawEndToEnd(RawCl cl) {
        int[] bins = new int[BINS];
        long t;
        try (var p = cl.build(SOURCE)) {
            long t0 = System.nanoTime();
            try (var arena = Arena.ofConfined(); var x = cl.upload(arena, data); var b = cl.upload(arena, bins);
                 var k = kernel(p, x, b)) {
                cl.enqueue(k, global(), localSize());
                cl.download(arena, b, bins);
            }
            t = System.nanoTime() - t0;
        }
        check(bins);
        return t;
    }

    private void check(int[] bins) {
        if (!java.util.Arrays.equals(bins, javaBins)) {
            System.err.println("*** " + name() + ": end-to-end histogram differs from Java's");
        }
    }

    @Override
    String compare(Object jsycl, Object raw) {
        String c = super.compare(jsycl, raw);
        if (!c.equals("exact")) {
            return c;
        }
        int runs = config.warmup() + config.repeats();
        int[] got = (int[]) raw;
        for (int b = 0; b < BINS; b++) {
            if (got[b] != javaBins[b] * runs) {
                return "MISMATCH: bin " + b + " is " + got[b] + ", Java " + javaBins[b] + " × " + runs + " runs";
            }
        }
        return "exact; = Java × " + runs + " runs";
    }

    @Override
    void javaSequential() {
        int[] bins = new int[BINS];
        for (int v : data) {
            bins[v & 0xFF]++;
        }
        javaOut = bins;
    }

    @Override
    void javaParallel() {
        int chunks = Runtime.getRuntime().availableProcessors() * 4;
        int step = (n + chunks - 1) / chunks;
        int[][] partial = new int[chunks][BINS];
        IntStream.range(0, chunks).parallel().forEach(c -> {
            int[] bins = partial[c];
            for (int i = c * step, end = Math.min(n, i + step); i < end; i++) {
                bins[data[i] & 0xFF]++;
            }
        });
        int[] bins = new int[BINS];
        for (int[] p : partial) {
            for (int b = 0; b < BINS; b++) {
                bins[b] += p[b];
            }
        }
        javaOut = bins;
    }
}
