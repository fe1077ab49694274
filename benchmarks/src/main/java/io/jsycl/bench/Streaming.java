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
 * Memory-bound element-wise kernels: vector add ({@code c = a + b}) and SAXPY ({@code y = alpha * x + y}, in place,
 * so every timed run changes y; both paths run it the same number of times before their outputs are compared).
 */
final class Streaming extends Workload {
    private static final float ALPHA = 2.5f;
    static final String RAW_VADD = """
            __kernel void vadd(__global const float* a, __global const float* b, __global float* c) {
                int i = get_global_id(0);
                c[i] = a[i] + b[i];
            }
            """;
    private static final String SOURCE = RAW_VADD + """
            __kernel void saxpy(float alpha, __global const float* x, __global float* y) {
                int i = get_global_id(0);
                y[i] = alpha * x[i] + y[i];
            }
            """;

    private final boolean saxpy;
    private final int n;
    private final float[] a;
    private final float[] b;
    private float[] javaOut;

    Streaming(Config config, boolean saxpy, int n) {
        super(config);
        this.saxpy = saxpy;
        this.n = n;
        this.a = randomFloats(n, 1);
        this.b = randomFloats(n, 2);
    }

    @Override
    String name() {
        return saxpy ? "SAXPY" : "vector add";
    }

    @Override
    String size() {
        return "2^" + Integer.numberOfTrailingZeros(n) + " floats";
    }

    @Override
    double work() {
        return 3.0 * n * Float.BYTES;
    }

    @Override
    String unit() {
        return "GB/s";
    }

    static Event vectorAdd(Queue q, Buffer.OfFloat bufA, Buffer.OfFloat bufB, Buffer.OfFloat bufC, int n) {
        return q.submit(h -> {
            var x = bufA.read(h);
            var y = bufB.read(h);
            var z = bufC.writeNoInit(h); // stores every element: nothing to bring in
            h.parallelFor(Range.of(n), it -> {
                int i = it.id(0);
                z.set(i, x.get(i) + y.get(i));
            });
        });
    }

    static Event saxpy(Queue q, float alpha, Buffer.OfFloat bufX, Buffer.OfFloat bufY, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            var y = bufY.readWrite(h);
            h.parallelFor(Range.of(n), it -> {
                int i = it.id(0);
                y.set(i, alpha * x.get(i) + y.get(i));
            });
        });
    }

    private Event submit(Queue q, Buffer.OfFloat x, Buffer.OfFloat y, Buffer.OfFloat out) {
        return saxpy ? saxpy(q, ALPHA, x, y, n) : vectorAdd(q, x, y, out, n);
    }

    @Override
    Result jsycl(Queue q) {
        float[] y = b.clone();
        float[] out = new float[n];
        Stats s;
        try (var bx = Buffer.of(a); var by = Buffer.of(y); var bo = Buffer.of(out)) {
            s = measure(() -> submit(q, bx, by, bo).profile().durationNanos());
        }
        return new Result(s, saxpy ? y : out);
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        float[] y = b.clone();
        float[] out = new float[n];
        long t0 = System.nanoTime();
        if (saxpy) {
            try (var bx = Buffer.of(a); var by = Buffer.of(y)) {
                saxpy(q, ALPHA, bx, by, n);
            }
        } else {
            try (var bx = Buffer.of(a); var by = Buffer.of(y); var bo = Buffer.of(out)) {
                vectorAdd(q, bx, by, bo, n);
            }
        }
        return System.nanoTime() - t0;
    }

    @Override
    Result jsyclEndToEndKept(Queue q, boolean arrays) {
        try (var bx = keptFloats(n, arrays); var by = keptFloats(n, arrays); var bo = keptFloats(n, arrays)) {
            Stats s = measureKept(() -> {
                write(bx, a);
                write(by, b);
                long t0 = System.nanoTime();
                submit(q, bx, by, bo);
                fetch(saxpy ? by : bo);
                return System.nanoTime() - t0;
            });
            return new Result(s, read(saxpy ? by : bo));
        }
    }

    @Override
    String checkKept(Object kept, Object raw) {
        if (!saxpy) {
            return super.checkKept(kept, raw);
        }
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            expected[i] = ALPHA * a[i] + b[i];
        }
        return Compare.floats((float[]) kept, expected) + " (one run vs Java)";
    }

    private ClKernel kernel(ClProgram p, ClMem x, ClMem y, ClMem out) {
        ClKernel k = ClKernel.create(p, saxpy ? "saxpy" : "vadd");
        if (saxpy) {
            k.setArgFloat(0, ALPHA);
            k.setArg(1, x);
            k.setArg(2, y);
        } else {
            k.setArg(0, x);
            k.setArg(1, y);
            k.setArg(2, out);
        }
        return k;
    }

    @Override
    Result raw(RawCl cl) {
        float[] result = new float[n];
        try (var arena = Arena.ofConfined(); var p = cl.build(SOURCE);
             var x = cl.upload(arena, a); var y = cl.upload(arena, b); var out = cl.buffer(4L * n);
             var k = kernel(p, x, y, out)) {
            Stats s = measure(() -> cl.run(k, new long[] {n}, null));
            cl.download(arena, saxpy ? y : out, result);
            return new Result(s, result);
        }
    }

    @Override
    long rawEndToEnd(RawCl cl) {
        float[] result = new float[n];
        try (var p = cl.build(SOURCE)) {
            long t0 = System.nanoTime();
            try (var arena = Arena.ofConfined(); var x = cl.upload(arena, a); var y = cl.upload(arena, b);
                 var out = saxpy ? null : cl.buffer(4L * n); var k = kernel(p, x, y, out)) {
                cl.enqueue(k, new long[] {n}, null);
                cl.download(arena, saxpy ? y : out, result);
            }
            return System.nanoTime() - t0;
        }
    }

    @Override
    void javaSequential() {
        float[] out = javaOut();
        if (saxpy) {
            for (int i = 0; i < n; i++) {
                out[i] = ALPHA * a[i] + b[i];
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[i] = a[i] + b[i];
            }
        }
    }

    @Override
    void javaParallel() {
        float[] out = javaOut();
        if (saxpy) {
            IntStream.range(0, n).parallel().forEach(i -> out[i] = ALPHA * a[i] + b[i]);
        } else {
            IntStream.range(0, n).parallel().forEach(i -> out[i] = a[i] + b[i]);
        }
    }

    private float[] javaOut() {
        if (javaOut == null) {
            javaOut = new float[n];
        }
        return javaOut;
    }
}
