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
 * {@code C = A B} for square row-major float matrices, register-blocked as a GPU SGEMM is written by hand: each
 * work-group of 16x16 work-items computes a 128x128 block of C, each work-item an 8x8 sub-block kept in a private
 * array ({@code float[] acc = new float[64]}). Per step of 8 along k the group stages a 128x8 slice of A
 * (transposed, so the inner loop reads it without bank conflicts) and an 8x128 slice of B in local memory, four
 * loads per work-item each; a work-item's rows and columns are strided by 16 so that neighbouring work-items read
 * neighbouring local words and write neighbouring words of C.
 *
 * <p>The products are {@code Math.fma} (OpenCL {@code fma}, correctly rounded like Java's): without contraction a
 * multiply and an add cost two instructions where a GPU SGEMM issues one fused one. Every element is summed in k
 * order, so jsycl's output, the hand-written one and {@code Math.fma} in Java agree bit for bit.
 */
final class SgemmBlocked extends Workload {
    /** Rows (and columns) of C per work-group. */
    static final int BM = 128;
    /** Step along k staged in local memory. */
    static final int BK = 8;
    /** Rows (and columns) of C per work-item. */
    static final int TM = 8;
    /** Work-items per work-group dimension: BM / TM. */
    static final int WG = 16;
    /** Work-items per work-group. */
    static final int THREADS = WG * WG;

    private static final String SOURCE = """
            #define BM 128
            #define BK 8
            #define TM 8
            #define WG 16
            #define THREADS (WG * WG)
            __kernel void sgemm_blocked(__global const float* restrict a, __global const float* restrict b,
                                        __global float* restrict c, int n) {
                __local float as[BK * BM];
                __local float bs[BK * BM];
                int ty = get_local_id(1);
                int tx = get_local_id(0);
                int tid = ty * WG + tx;
                int rowBase = get_group_id(1) * BM;
                int colBase = get_group_id(0) * BM;
                float acc[TM * TM];
                float ra[TM];
                float rb[TM];
                for (int i = 0; i < TM * TM; i++) {
                    acc[i] = 0.0f;
                }
                for (int t = 0; t < n; t += BK) {
                    for (int l = 0; l < BM * BK / THREADS; l++) {
                        int e = tid + l * THREADS;
                        int r = e / BK;
                        int k = e % BK;
                        as[k * BM + r] = a[(rowBase + r) * n + t + k];
                        int br = e / BM;
                        int bc = e % BM;
                        bs[br * BM + bc] = b[(t + br) * n + colBase + bc];
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (int k = 0; k < BK; k++) {
                        for (int i = 0; i < TM; i++) {
                            ra[i] = as[k * BM + ty + i * WG];
                        }
                        for (int j = 0; j < TM; j++) {
                            rb[j] = bs[k * BM + tx + j * WG];
                        }
                        for (int i = 0; i < TM; i++) {
                            for (int j = 0; j < TM; j++) {
                                acc[i * TM + j] = fma(ra[i], rb[j], acc[i * TM + j]);
                            }
                        }
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                for (int i = 0; i < TM; i++) {
                    for (int j = 0; j < TM; j++) {
                        c[(rowBase + ty + i * WG) * n + colBase + tx + j * WG] = acc[i * TM + j];
                    }
                }
            }
            """;

    private final int n;
    private final float[] a;
    private final float[] b;
    private final JavaGemm plainJava;

    SgemmBlocked(Config config, int n) {
        super(config);
        if (n <= 0 || n % BM != 0) {
            throw new IllegalArgumentException("register-blocked sgemm size must be a positive multiple of " + BM + ": " + n);
        }
        this.n = n;
        this.a = randomFloats(n * n, 3);
        this.b = randomFloats(n * n, 4);
        this.plainJava = new JavaGemm(a, b, n, true);
    }

    @Override
    String name() {
        return "SGEMM register-blocked 128x128, 8x8 per item (fma)";
    }

    @Override
    String size() {
        return n + "³";
    }

    @Override
    double work() {
        return 2.0 * n * n * n;
    }

    @Override
    String unit() {
        return "GFLOP/s";
    }

    /** The kernel as a user writes it: id 0 is the row (OpenCL dimension 1), id 1 the column. */
    static Event sgemmBlocked(Queue q, Buffer.OfFloat bufA, Buffer.OfFloat bufB, Buffer.OfFloat bufC, int n) {
        return q.submit(h -> {
            var x = bufA.read(h);
            var y = bufB.read(h);
            var z = bufC.writeNoInit(h); // stores every element: nothing to bring in
            var as = LocalAccessor.ofFloat(h, BK * BM);
            var bs = LocalAccessor.ofFloat(h, BK * BM);
            h.parallelFor(NdRange.of(Range.of(n / TM, n / TM), Range.of(WG, WG)), it -> {
                int ty = it.localId(0);
                int tx = it.localId(1);
                int tid = ty * WG + tx;
                int rowBase = it.groupId(0) * BM;
                int colBase = it.groupId(1) * BM;
                float[] acc = new float[TM * TM];
                float[] ra = new float[TM];
                float[] rb = new float[TM];
                for (int t = 0; t < n; t += BK) {
                    for (int l = 0; l < BM * BK / THREADS; l++) {
                        int e = tid + l * THREADS;
                        int r = e / BK;
                        int k = e % BK;
                        as.set(k * BM + r, x.get((rowBase + r) * n + t + k));
                        int br = e / BM;
                        int bc = e % BM;
                        bs.set(br * BM + bc, y.get((t + br) * n + colBase + bc));
                    }
                    it.barrier(Fence.LOCAL);
                    for (int k = 0; k < BK; k++) {
                        for (int i = 0; i < TM; i++) {
                            ra[i] = as.get(k * BM + ty + i * WG);
                        }
                        for (int j = 0; j < TM; j++) {
                            rb[j] = bs.get(k * BM + tx + j * WG);
                        }
                        for (int i = 0; i < TM; i++) {
                            for (int j = 0; j < TM; j++) {
                                acc[i * TM + j] = Math.fma(ra[i], rb[j], acc[i * TM + j]);
                            }
                        }
                    }
                    it.barrier(Fence.LOCAL);
                }
                for (int i = 0; i < TM; i++) {
                    for (int j = 0; j < TM; j++) {
                        z.set((rowBase + ty + i * WG) * n + colBase + tx + j * WG, acc[i * TM + j]);
                    }
                }
            });
        });
    }

    @Override
    Result jsycl(Queue q) {
        float[] c = new float[n * n];
        Stats s;
        try (var ba = Buffer.of(a); var bb = Buffer.of(b); var bc = Buffer.of(c)) {
            s = measure(() -> sgemmBlocked(q, ba, bb, bc, n).profile().durationNanos());
        }
        return new Result(s, c);
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        float[] c = new float[n * n];
        long t0 = System.nanoTime();
        try (var ba = Buffer.of(a); var bb = Buffer.of(b); var bc = Buffer.of(c)) {
            sgemmBlocked(q, ba, bb, bc, n);
        }
        return System.nanoTime() - t0;
    }

    private ClKernel kernel(ClProgram p, ClMem x, ClMem y, ClMem z) {
        ClKernel k = ClKernel.create(p, "sgemm_blocked");
        k.setArg(0, x);
        k.setArg(1, y);
        k.setArg(2, z);
        k.setArgInt(3, n);
        return k;
    }

    private long[] global() {
        return new long[] {n / TM, n / TM};
    }

    private static final long[] LOCAL = {WG, WG};

    @Override
    Result raw(RawCl cl) {
        float[] c = new float[n * n];
        try (var arena = Arena.ofConfined(); var p = cl.build(SOURCE); var x = cl.upload(arena, a);
             var y = cl.upload(arena, b); var z = cl.buffer(4L * n * n); var k = kernel(p, x, y, z)) {
            Stats s = measure(() -> cl.run(k, global(), LOCAL));
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
                cl.enqueue(k, global(), LOCAL);
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
