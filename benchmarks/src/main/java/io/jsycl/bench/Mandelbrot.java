package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.stream.IntStream;

/** Escape-time Mandelbrot over [-2, 1] × [-1.5, 1.5] in float; output is the iteration count per pixel. */
final class Mandelbrot extends Workload {
    private static final float X0 = -2.0f;
    private static final float Y0 = -1.5f;
    /** The hand-written kernel(s), OpenCL C; {@link AparapiGapProbe} builds them several ways. */
    static final String SOURCE = """
            __kernel void mandelbrot(__global int* out, int n, int maxIter, float x0, float y0, float d) {
                int j = get_global_id(0);
                int i = get_global_id(1);
                float cx = x0 + (float) j * d;
                float cy = y0 + (float) i * d;
                float zx = 0.0f;
                float zy = 0.0f;
                int k = 0;
                while (k < maxIter && zx * zx + zy * zy <= 4.0f) {
                    float t = zx * zx - zy * zy + cx;
                    zy = 2.0f * zx * zy + cy;
                    zx = t;
                    k++;
                }
                out[i * n + j] = k;
            }
            """;

    private final int n;
    private final int maxIter;
    private final float d;
    private long iterations = -1;
    private int[] javaOut;

    Mandelbrot(Config config, int n, int maxIter) {
        super(config);
        this.n = n;
        this.maxIter = maxIter;
        this.d = 3.0f / n;
    }

    @Override
    String name() {
        return "Mandelbrot";
    }

    @Override
    String size() {
        return n + "², ≤" + maxIter + " iter";
    }

    /** Iterations done (from the Java reference), 8 flops each (counting multiplies and adds). */
    @Override
    double work() {
        if (iterations < 0) {
            iterations = 0;
            int[] out = new int[n * n];
            IntStream.range(0, n).parallel().forEach(i -> javaRow(out, i));
            for (int k : out) {
                iterations += k;
            }
        }
        return 8.0 * iterations;
    }

    @Override
    String unit() {
        return "GFLOP/s";
    }

    static Event mandelbrot(Queue q, Buffer.OfInt bufOut, int n, int maxIter, float x0, float y0, float d) {
        return mandelbrot(q, bufOut, n, maxIter, x0, y0, d, false);
    }

    static Event mandelbrot(Queue q, Buffer.OfInt bufOut, int n, int maxIter, float x0, float y0, float d,
            boolean fastMath) {
        return q.submit(h -> {
            if (fastMath) {
                h.fastMath();
            }
            var out = bufOut.writeNoInit(h); // stores every element: nothing to bring in
            h.parallelFor(Range.of(n, n), it -> {
                int i = it.id(0);
                int j = it.id(1);
                float cx = x0 + (float) j * d;
                float cy = y0 + (float) i * d;
                float zx = 0.0f;
                float zy = 0.0f;
                int k = 0;
                while (k < maxIter && zx * zx + zy * zy <= 4.0f) {
                    float t = zx * zx - zy * zy + cx;
                    zy = 2.0f * zx * zy + cy;
                    zx = t;
                    k++;
                }
                out.set(i, j, k);
            });
        });
    }

    @Override
    Result jsycl(Queue q) {
        return kernelTimes(q, false);
    }

    private Result kernelTimes(Queue q, boolean fastMath) {
        int[] out = new int[n * n];
        Stats s;
        try (var bo = Buffer.of(out, Range.of(n, n))) {
            s = measure(() -> mandelbrot(q, bo, n, maxIter, X0, Y0, d, fastMath).profile().durationNanos());
        }
        return new Result(s, out);
    }

    @Override
    Result jsyclFastMath(Queue q) {
        return kernelTimes(q, true);
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        int[] out = new int[n * n];
        long t0 = System.nanoTime();
        try (var bo = Buffer.of(out, Range.of(n, n))) {
            mandelbrot(q, bo, n, maxIter, X0, Y0, d);
        }
        return System.nanoTime() - t0;
    }

    @Override
    Result jsyclEndToEndKept(Queue q, boolean arrays) {
        if (!arrays) {
            return null; // no version with buffers made from a shape
        }
        try (var bo = Buffer.of(new int[n * n], Range.of(n, n))) {
            Stats s = measureKept(() -> {
                long t0 = System.nanoTime();
                mandelbrot(q, bo, n, maxIter, X0, Y0, d);
                fetch(bo);
                return System.nanoTime() - t0;
            });
            return new Result(s, read(bo));
        }
    }

    private ClKernel kernel(ClProgram p, ClMem out) {
        ClKernel k = ClKernel.create(p, "mandelbrot");
        k.setArg(0, out);
        k.setArgInt(1, n);
        k.setArgInt(2, maxIter);
        k.setArgFloat(3, X0);
        k.setArgFloat(4, Y0);
        k.setArgFloat(5, d);
        return k;
    }

    @Override
    Result raw(RawCl cl) {
        int[] out = new int[n * n];
        try (var arena = Arena.ofConfined(); var p = cl.build(SOURCE); var o = cl.buffer(4L * n * n);
             var k = kernel(p, o)) {
            Stats s = measure(() -> cl.run(k, new long[] {n, n}, null));
            cl.download(arena, o, out);
            return new Result(s, out);
        }
    }

    @Override
    long rawEndToEnd(RawCl cl) {
        int[] out = new int[n * n];
        try (var p = cl.build(SOURCE)) {
            long t0 = System.nanoTime();
            try (var arena = Arena.ofConfined(); var o = cl.buffer(4L * n * n); var k = kernel(p, o)) {
                cl.enqueue(k, new long[] {n, n}, null);
                cl.download(arena, o, out);
            }
            return System.nanoTime() - t0;
        }
    }

    private void javaRow(int[] out, int i) {
        for (int j = 0; j < n; j++) {
            float cx = X0 + (float) j * d;
            float cy = Y0 + (float) i * d;
            float zx = 0.0f;
            float zy = 0.0f;
            int k = 0;
            while (k < maxIter && zx * zx + zy * zy <= 4.0f) {
                float t = zx * zx - zy * zy + cx;
                zy = 2.0f * zx * zy + cy;
                zx = t;
                k++;
            }
            out[i * n + j] = k;
        }
    }

    private int[] javaOut() {
        if (javaOut == null) {
            javaOut = new int[n * n];
        }
        return javaOut;
    }

    @Override
    void javaSequential() {
        int[] out = javaOut();
        for (int i = 0; i < n; i++) {
            javaRow(out, i);
        }
    }

    @Override
    void javaParallel() {
        int[] out = javaOut();
        IntStream.range(0, n).parallel().forEach(i -> javaRow(out, i));
    }
}
