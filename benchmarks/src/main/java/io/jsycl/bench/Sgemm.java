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

/**
 * {@code C = A B} for square row-major float matrices, one work-item per element of C, the dot product summed
 * in k order. The tiled variant (16x16 tiles in local memory, an nd-range kernel with barriers) sums in the same
 * order, so jsycl's and the hand-written outputs compare bit-exactly, and both equal sampled Java dot products.
 */
final class Sgemm extends Workload {
    static final int TILE = 16;
    /** The hand-written kernel(s), OpenCL C; {@link AparapiGapProbe} builds them several ways. */
    static final String SOURCE = """
            __kernel void sgemm(__global const float* a, __global const float* b, __global float* c, int n) {
                int col = get_global_id(0);
                int row = get_global_id(1);
                float sum = 0.0f;
                for (int k = 0; k < n; k++) {
                    sum += a[row * n + k] * b[k * n + col];
                }
                c[row * n + col] = sum;
            }
            #define TILE 16
            __kernel void sgemm_tiled(__global const float* a, __global const float* b, __global float* c, int n) {
                __local float as[TILE][TILE];
                __local float bs[TILE][TILE];
                int col = get_global_id(0);
                int row = get_global_id(1);
                int lx = get_local_id(0);
                int ly = get_local_id(1);
                float sum = 0.0f;
                for (int t = 0; t < n; t += TILE) {
                    as[ly][lx] = a[row * n + t + lx];
                    bs[ly][lx] = b[(t + ly) * n + col];
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (int k = 0; k < TILE; k++) {
                        sum += as[ly][k] * bs[k][lx];
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                c[row * n + col] = sum;
            }
            """;

    private final boolean tiled;
    private final int n;
    private final float[] a;
    private final float[] b;
    private final JavaGemm plainJava;

    Sgemm(Config config, boolean tiled, int n) {
        super(config);
        if (n % TILE != 0) {
            throw new IllegalArgumentException("sgemm size must be a multiple of " + TILE + ": " + n);
        }
        this.tiled = tiled;
        this.n = n;
        this.a = randomFloats(n * n, 3);
        this.b = randomFloats(n * n, 4);
        this.plainJava = new JavaGemm(a, b, n, false);
    }

    @Override
    String name() {
        return tiled ? "SGEMM tiled 16x16 (local mem)" : "SGEMM naive";
    }

    @Override
    String size() {
        return n + "²";
    }

    @Override
    double work() {
        return 2.0 * n * n * n;
    }

    @Override
    String unit() {
        return "GFLOP/s";
    }

    static Event sgemm(Queue q, Buffer.OfFloat bufA, Buffer.OfFloat bufB, Buffer.OfFloat bufC, int n) {
        return sgemm(q, bufA, bufB, bufC, n, false);
    }

    static Event sgemm(Queue q, Buffer.OfFloat bufA, Buffer.OfFloat bufB, Buffer.OfFloat bufC, int n,
            boolean fastMath) {
        return q.submit(h -> {
            if (fastMath) {
                h.fastMath();
            }
            var x = bufA.read(h);
            var y = bufB.read(h);
            var z = bufC.writeNoInit(h); // stores every element: nothing to bring in
            h.parallelFor(Range.of(n, n), it -> {
                int row = it.id(0);
                int col = it.id(1);
                float sum = 0.0f;
                for (int k = 0; k < n; k++) {
                    sum += x.get(row, k) * y.get(k, col);
                }
                z.set(row, col, sum);
            });
        });
    }

    /** {@code sgemm_tiled} as a jsycl lambda: id 0 is the row (OpenCL dimension 1), id 1 the column. */
    static Event sgemmTiled(Queue q, Buffer.OfFloat bufA, Buffer.OfFloat bufB, Buffer.OfFloat bufC, int n) {
        return q.submit(h -> {
            var x = bufA.read(h);
            var y = bufB.read(h);
            var z = bufC.writeNoInit(h); // stores every element: nothing to bring in
            var as = LocalAccessor.ofFloat(h, Range.of(TILE, TILE));
            var bs = LocalAccessor.ofFloat(h, Range.of(TILE, TILE));
            h.parallelFor(NdRange.of(Range.of(n, n), Range.of(TILE, TILE)), it -> {
                int row = it.globalId(0);
                int col = it.globalId(1);
                int ly = it.localId(0);
                int lx = it.localId(1);
                float sum = 0.0f;
                for (int t = 0; t < n; t += TILE) {
                    as.set(ly, lx, x.get(row, t + lx));
                    bs.set(ly, lx, y.get(t + ly, col));
                    it.barrier(Fence.LOCAL);
                    for (int k = 0; k < TILE; k++) {
                        sum += as.get(ly, k) * bs.get(k, lx);
                    }
                    it.barrier(Fence.LOCAL);
                }
                z.set(row, col, sum);
            });
        });
    }

    private Event submit(Queue q, Buffer.OfFloat x, Buffer.OfFloat y, Buffer.OfFloat z) {
        return tiled ? sgemmTiled(q, x, y, z, n) : sgemm(q, x, y, z, n);
    }

    @Override
    Result jsycl(Queue q) {
        return kernelTimes(q, false);
    }

    @Override
    Result jsyclFastMath(Queue q) {
        // Measured for the naive kernel, whose gap to Aparapi is the one to explain.
        return tiled ? null : kernelTimes(q, true);
    }

    private Result kernelTimes(Queue q, boolean fastMath) {
        float[] c = new float[n * n];
        Stats s;
        try (var ba = Buffer.of(a, Range.of(n, n)); var bb = Buffer.of(b, Range.of(n, n));
             var bc = Buffer.of(c, Range.of(n, n))) {
            s = measure(() -> (fastMath ? sgemm(q, ba, bb, bc, n, true) : submit(q, ba, bb, bc)).profile()
                    .durationNanos());
        }
        return new Result(s, c);
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        float[] c = new float[n * n];
        long t0 = System.nanoTime();
        try (var ba = Buffer.of(a, Range.of(n, n)); var bb = Buffer.of(b, Range.of(n, n));
             var bc = Buffer.of(c, Range.of(n, n))) {
            submit(q, ba, bb, bc);
        }
        return System.nanoTime() - t0;
    }

    @Override
    Result jsyclEndToEndKept(Queue q, boolean arrays) {
        var shape = Range.of(n, n);
        try (var ba = keptFloats(shape, arrays); var bb = keptFloats(shape, arrays);
             var bc = keptFloats(shape, arrays)) {
            Stats s = measureKept(() -> {
                write(ba, a);
                write(bb, b);
                long t0 = System.nanoTime();
                submit(q, ba, bb, bc);
                fetch(bc);
                return System.nanoTime() - t0;
            });
            return new Result(s, read(bc));
        }
    }

    private ClKernel kernel(ClProgram p, ClMem x, ClMem y, ClMem z) {
        ClKernel k = ClKernel.create(p, tiled ? "sgemm_tiled" : "sgemm");
        k.setArg(0, x);
        k.setArg(1, y);
        k.setArg(2, z);
        k.setArgInt(3, n);
        return k;
    }

    /**
     * The tiles' work-group; for the naive kernel what jsycl uses for a 2-D {@code Range}: 32 x 8 on a GPU, the
     * driver's choice elsewhere.
     */
    private long[] local(RawCl cl) {
        return tiled ? new long[] {TILE, TILE} : cl.device.isGpu() ? new long[] {32, 8} : null;
    }

    @Override
    Result raw(RawCl cl) {
        float[] c = new float[n * n];
        try (var arena = Arena.ofConfined(); var p = cl.build(SOURCE); var x = cl.upload(arena, a);
             var y = cl.upload(arena, b); var z = cl.buffer(4L * n * n); var k = kernel(p, x, y, z)) {
            Stats s = measure(() -> cl.run(k, new long[] {n, n}, local(cl)));
            cl.download(arena, z, c);
            return new Result(s, c);
        }
    }

    @Override
    long rawEndToEnd(RawCl cl) {
        float[] c = new float[n * n];
        try (var p = cl.build(SOURCE)) {
            long t0 = System.nanoTime();
            try (var arena = Arena.ofConfined(); var x = cl.upload(arena, a); var y = cl.upload(arena, b);
                 var z = cl.buffer(4L * n * n); var k = kernel(p, x, y, z)) {
                cl.enqueue(k, new long[] {n, n}, local(cl));
                cl.download(arena, z, c);
            }
            return System.nanoTime() - t0;
        }
    }

    @Override
    String compare(Object jsycl, Object raw) {
        String c = super.compare(jsycl, raw);
        return c.equals("exact") ? "exact; " + checkRawOnly(raw) : c;
    }

    @Override
    String checkRawOnly(Object raw) {
        return plainJava.checkSampled((float[]) raw);
    }

    @Override
    void javaSequential() {
        plainJava.sequential();
    }

    @Override
    void javaParallel() {
        plainJava.parallel();
    }
}
