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

/**
 * A 2-D 5-point Jacobi stencil ({@code 0.2 * (centre + 4 neighbours)}, borders copied) for an even number of
 * steps, ping-ponging between two buffers. A timed run is all the steps; its time is the sum of the kernels'.
 */
final class Stencil extends Workload {
    private static final String SOURCE = """
            __kernel void stencil(__global const float* src, __global float* dst, int n) {
                int j = get_global_id(0);
                int i = get_global_id(1);
                int c = i * n + j;
                if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                    dst[c] = src[c];
                } else {
                    dst[c] = 0.2f * (src[c] + src[c - n] + src[c + n] + src[c - 1] + src[c + 1]);
                }
            }
            """;

    private final int n;
    private final int steps;
    private final float[] grid;
    private float[] javaA;
    private float[] javaB;

    Stencil(Config config, int n, int steps) {
        super(config);
        if (steps % 2 != 0) {
            throw new IllegalArgumentException("stencil steps must be even (the result lands in the first buffer): " + steps);
        }
        this.n = n;
        this.steps = steps;
        this.grid = randomFloats(n * n, 6);
    }

    @Override
    String name() {
        return "stencil 5-point";
    }

    @Override
    String size() {
        return n + "² × " + steps + " steps";
    }

    @Override
    double work() {
        return 2.0 * n * n * Float.BYTES * steps;
    }

    @Override
    String unit() {
        return "GB/s";
    }

    static Event step(Queue q, Buffer.OfFloat from, Buffer.OfFloat to, int n) {
        return q.submit(h -> {
            var src = from.read(h);
            var dst = to.writeNoInit(h); // stores every element: nothing to bring in
            h.parallelFor(Range.of(n, n), it -> {
                int i = it.id(0);
                int j = it.id(1);
                if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                    dst.set(i, j, src.get(i, j));
                } else {
                    dst.set(i, j, 0.2f * (src.get(i, j) + src.get(i - 1, j) + src.get(i + 1, j)
                            + src.get(i, j - 1) + src.get(i, j + 1)));
                }
            });
        });
    }

    @Override
    Result jsycl(Queue q) {
        float[] a = grid.clone();
        float[] b = new float[n * n];
        Stats s;
        try (var ba = Buffer.of(a, Range.of(n, n)); var bb = Buffer.of(b, Range.of(n, n))) {
            s = measure(() -> {
                long sum = 0;
                for (int t = 0; t < steps; t += 2) {
                    sum += step(q, ba, bb, n).profile().durationNanos();
                    sum += step(q, bb, ba, n).profile().durationNanos();
                }
                return sum;
            });
        }
        return new Result(s, a);
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        float[] a = grid.clone();
        float[] b = new float[n * n];
        long t0 = System.nanoTime();
        try (var ba = Buffer.of(a, Range.of(n, n)); var bb = Buffer.of(b, Range.of(n, n))) {
            for (int t = 0; t < steps; t += 2) {
                step(q, ba, bb, n);
                step(q, bb, ba, n);
            }
        }
        return System.nanoTime() - t0;
    }

    @Override
    Result jsyclEndToEndKept(Queue q, boolean arrays) {
        if (!arrays) {
            return null; // no version with buffers made from a shape
        }
        var shape = Range.of(n, n);
        try (var ba = Buffer.of(new float[n * n], shape); var bb = Buffer.of(new float[n * n], shape)) {
            Stats s = measureKept(() -> {
                write(ba, grid);
                long t0 = System.nanoTime();
                for (int t = 0; t < steps; t += 2) {
                    step(q, ba, bb, n);
                    step(q, bb, ba, n);
                }
                fetch(ba);
                return System.nanoTime() - t0;
            });
            return new Result(s, read(ba));
        }
    }

    /** Against Java's steps from the initial grid (as many as the jsycl path runs: {@code steps} rounded up to even). */
    @Override
    String checkKept(Object kept, Object raw) {
        float[] src = grid.clone();
        float[] dst = new float[n * n];
        for (int t = 0; t < (steps + 1) / 2 * 2; t++) {
            for (int i = 0; i < n; i++) {
                javaRow(src, dst, i);
            }
            float[] s = src;
            src = dst;
            dst = s;
        }
        return Compare.floats((float[]) kept, src) + " (one run vs Java)";
    }

    private static ClKernel kernel(ClProgram p, ClMem src, ClMem dst, int n) {
        ClKernel k = ClKernel.create(p, "stencil");
        k.setArg(0, src);
        k.setArg(1, dst);
        k.setArgInt(2, n);
        return k;
    }

    @Override
    Result raw(RawCl cl) {
        float[] out = new float[n * n];
        long[] global = {n, n};
        try (var arena = Arena.ofConfined(); var p = cl.build(SOURCE); var a = cl.upload(arena, grid);
             var b = cl.buffer(4L * n * n); var ab = kernel(p, a, b, n); var ba = kernel(p, b, a, n)) {
            Stats s = measure(() -> {
                long sum = 0;
                for (int t = 0; t < steps; t += 2) {
                    sum += cl.run(ab, global, null);
                    sum += cl.run(ba, global, null);
                }
                return sum;
            });
            cl.download(arena, a, out);
            return new Result(s, out);
        }
    }

    @Override
    long rawEndToEnd(RawCl cl) {
        float[] out = new float[n * n];
        long[] global = {n, n};
        try (var p = cl.build(SOURCE)) {
            long t0 = System.nanoTime();
            try (var arena = Arena.ofConfined(); var a = cl.upload(arena, grid); var b = cl.buffer(4L * n * n);
                 var ab = kernel(p, a, b, n); var ba = kernel(p, b, a, n)) {
                for (int t = 0; t < steps; t += 2) {
                    cl.enqueue(ab, global, null);
                    cl.enqueue(ba, global, null);
                }
                cl.download(arena, a, out);
            }
            return System.nanoTime() - t0;
        }
    }

    private void javaRow(float[] src, float[] dst, int i) {
        for (int j = 0; j < n; j++) {
            int c = i * n + j;
            if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                dst[c] = src[c];
            } else {
                dst[c] = 0.2f * (src[c] + src[c - n] + src[c + n] + src[c - 1] + src[c + 1]);
            }
        }
    }

    private void java(boolean parallel) {
        if (javaA == null) {
            javaA = new float[n * n];
            javaB = new float[n * n];
        }
        System.arraycopy(grid, 0, javaA, 0, grid.length);
        float[] src = javaA;
        float[] dst = javaB;
        for (int t = 0; t < steps; t++) {
            float[] s = src;
            float[] d = dst;
            if (parallel) {
                IntStream.range(0, n).parallel().forEach(i -> javaRow(s, d, i));
            } else {
                for (int i = 0; i < n; i++) {
                    javaRow(s, d, i);
                }
            }
            src = d;
            dst = s;
        }
    }

    @Override
    void javaSequential() {
        java(false);
    }

    @Override
    void javaParallel() {
        java(true);
    }
}
