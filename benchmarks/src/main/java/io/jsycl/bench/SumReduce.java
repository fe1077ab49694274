package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Fence;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Sum of {@code n} ints (uniform in [0, 1000), as the PyTorch peer uses), one work-item per element. Hand-written:
 * each work-group of {@link #group} items sums its elements by a tree in local memory, then work-item 0 adds the
 * group's sum to the result with one {@code atomic_add}. jsycl, two ways: {@link Reduction#sum} (the runtime's own
 * reduction, also one launch of groups of the same size) and the hand-written algorithm as an nd-range lambda.
 *
 * <p>The result is combined with the output's prior contents on both paths (SYCL 2020), and neither path clears it
 * between timed runs, so after the same number of runs both hold that many times the sum (wrapping), which is
 * compared exactly with each other and with Java.
 */
final class SumReduce extends Workload {
    private static final String SOURCE = """
            __kernel void sum_tree(__global const int* x, __global int* out, int n) {
                __local int scratch[GROUP];
                int lid = get_local_id(0);
                int gid = get_global_id(0);
                scratch[lid] = gid < n ? x[gid] : 0;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
                    if (lid < s) {
                        scratch[lid] += scratch[lid + s];
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (lid == 0) {
                    atomic_add(out, scratch[0]);
                }
            }
            """;

    private final boolean builtin;
    private final int n;
    private final int[] data;
    private final int javaSum;
    private volatile int sink;

    SumReduce(Config config, boolean builtin, int n, int[] data) {
        super(config);
        this.builtin = builtin;
        this.n = n;
        this.data = data;
        int s = 0;
        for (int v : data) {
            s += v;
        }
        this.javaSum = s;
    }

    /** {@code n} ints uniform in [0, 1000). */
    static int[] data(int n) {
        var r = new SplittableRandom(7);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextInt(1000);
        }
        return d;
    }

    @Override
    String name() {
        return builtin ? "sum reduction (jsycl Reduction.sum)" : "sum reduction (jsycl nd-range tree + atomic)";
    }

    @Override
    String size() {
        return pow2(n) + " ints";
    }

    static String pow2(int n) {
        return Integer.bitCount(n) == 1 ? "2^" + Integer.numberOfTrailingZeros(n) : String.valueOf(n);
    }

    @Override
    double work() {
        return 4.0 * n;
    }

    @Override
    String unit() {
        return "GB/s";
    }

    /** The work-group size: a power of two up to 256 that the device accepts (what {@link Reduction} uses). */
    static int group(long maxWorkGroupSize) {
        int g = 256;
        while (g > maxWorkGroupSize) {
            g /= 2;
        }
        return g;
    }

    static int padded(int n, int group) {
        return (n + group - 1) / group * group;
    }

    static Event reductionSum(Queue q, Buffer.OfInt bufX, Buffer.OfInt bufOut, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            h.parallelFor(Range.of(n), Reduction.sum(bufOut), (it, sum) -> sum.combine(x.get(it.id(0))));
        });
    }

    static Event treeSum(Queue q, Buffer.OfInt bufX, Buffer.OfInt bufOut, int n, int group) {
        return q.submit(h -> {
            var x = bufX.read(h);
            var out = bufOut.readWrite(h);
            var scratch = LocalAccessor.ofInt(h, group);
            h.parallelFor(NdRange.of(Range.of(padded(n, group)), Range.of(group)), it -> {
                int lid = it.localId(0);
                int gid = it.globalId(0);
                scratch.set(lid, gid < n ? x.get(gid) : 0);
                it.barrier(Fence.LOCAL);
                for (int s = it.localRange(0) / 2; s > 0; s >>= 1) {
                    if (lid < s) {
                        scratch.set(lid, scratch.get(lid) + scratch.get(lid + s));
                    }
                    it.barrier(Fence.LOCAL);
                }
                if (lid == 0) {
                    out.atomicAdd(0, scratch.get(0));
                }
            });
        });
    }

    private Event submit(Queue q, Buffer.OfInt x, Buffer.OfInt out) {
        return builtin ? reductionSum(q, x, out, n) : treeSum(q, x, out, n, group(q.device().maxWorkGroupSize()));
    }

    @Override
    Result jsycl(Queue q) {
        int[] out = {0};
        Stats s;
        try (var bx = Buffer.of(data); var bo = Buffer.of(out)) {
            s = measure(() -> submit(q, bx, bo).profile().durationNanos());
        }
        return new Result(s, out);
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        int[] out = {0};
        long t0 = System.nanoTime();
        try (var bx = Buffer.of(data); var bo = Buffer.of(out)) {
            submit(q, bx, bo);
        }
        long t = System.nanoTime() - t0;
        check(out[0], 1);
        return t;
    }

    @Override
    Result jsyclEndToEndKept(Queue q, boolean arrays) {
        try (var bx = keptInts(n, arrays); var bo = keptInts(1, arrays)) {
            Stats s = measureKept(() -> {
                write(bx, data);
                write(bo, new int[1]);
                long t0 = System.nanoTime();
                submit(q, bx, bo);
                fetch(bo);
                return System.nanoTime() - t0;
            });
            return new Result(s, read(bo));
        }
    }

    @Override
    String checkKept(Object kept, Object raw) {
        int got = ((int[]) kept)[0];
        return got == javaSum ? "exact (one run = Java)" : "MISMATCH: one run " + got + " != Java " + javaSum;
    }

    private ClProgram build(RawCl cl) {
        return cl.build("#define GROUP " + group(cl.device.maxWorkGroupSize()) + "\n" + SOURCE);
    }

    private ClKernel kernel(ClProgram p, ClMem x, ClMem out) {
        ClKernel k = ClKernel.create(p, "sum_tree");
        k.setArg(0, x);
        k.setArg(1, out);
        k.setArgInt(2, n);
        return k;
    }

    @Override
    Result raw(RawCl cl) {
        int g = group(cl.device.maxWorkGroupSize());
        int[] out = {0};
        try (var arena = Arena.ofConfined(); var p = build(cl); var x = cl.upload(arena, data);
             var o = cl.upload(arena, out); var k = kernel(p, x, o)) {
            Stats s = measure(() -> cl.run(k, new long[] {padded(n, g)}, new long[] {g}));
            cl.download(arena, o, out);
            return new Result(s, out);
        }
    }

    @Override
    long rawEndToEnd(RawCl cl) {
        int g = group(cl.device.maxWorkGroupSize());
        int[] out = {0};
        long t;
        try (var p = build(cl)) {
            long t0 = System.nanoTime();
            try (var arena = Arena.ofConfined(); var x = cl.upload(arena, data); var o = cl.upload(arena, out);
                 var k = kernel(p, x, o)) {
                cl.enqueue(k, new long[] {padded(n, g)}, new long[] {g});
                cl.download(arena, o, out);
            }
            t = System.nanoTime() - t0;
        }
        check(out[0], 1);
        return t;
    }

    private void check(int got, int runs) {
        if (got != javaSum * runs) {
            System.err.println("*** " + name() + ": end-to-end sum " + got + " != Java's " + javaSum * runs);
        }
    }

    @Override
    String compare(Object jsycl, Object raw) {
        String c = super.compare(jsycl, raw);
        int runs = config.warmup() + config.repeats();
        int got = ((int[]) raw)[0];
        return !c.equals("exact") ? c : got == javaSum * runs ? "exact; = Java × " + runs + " runs"
                : "MISMATCH: " + got + " != Java " + javaSum + " × " + runs + " runs";
    }

    @Override
    void javaSequential() {
        int s = 0;
        for (int v : data) {
            s += v;
        }
        sink = s;
    }

    @Override
    void javaParallel() {
        sink = Arrays.stream(data).parallel().sum();
    }
}
