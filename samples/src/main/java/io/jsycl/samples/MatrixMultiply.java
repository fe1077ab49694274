package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceSelector;
import io.jsycl.Event;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.util.List;
import java.util.Random;

/**
 * Tiled single-precision matrix multiply {@code C = A B} with work-group local memory: each
 * {@value #TILE}×{@value #TILE} work-group copies one tile of {@code A} and one of {@code B} into
 * local memory, waits at a barrier, multiplies the tiles, waits again, and moves on to the next
 * pair of tiles.
 *
 * <p>The result is bit-exact with the plain Java triple loop {@link #multiplyInJava}: both
 * accumulate {@code sum += a[i][k] * b[k][j]} in a {@code float}, for {@code k} in increasing
 * order, and jsycl keeps Java's floating-point semantics (each product and each sum rounded, no
 * fused multiply-add). Tiling changes where the operands come from, not the order of the sums.
 */
public final class MatrixMultiply {
    /** The tile edge: work-groups are {@code TILE × TILE} work-items. */
    public static final int TILE = 16;

    private MatrixMultiply() {
    }

    /**
     * Computes {@code c = a b} for row-major {@code n × n} matrices.
     *
     * @return the kernel's event
     * @throws IllegalArgumentException if {@code n} is not a positive multiple of {@link #TILE} or
     *     an array is not {@code n * n} long
     */
    public static Event multiply(Queue q, float[] a, float[] b, float[] c, int n) {
        if (n <= 0 || n % TILE != 0) {
            throw new IllegalArgumentException("n must be a positive multiple of " + TILE + ": " + n);
        }
        for (float[] m : List.of(a, b, c)) {
            if (m.length != n * n) {
                throw new IllegalArgumentException("matrices must hold n * n = " + n * n + " floats: " + m.length);
            }
        }
        Range shape = Range.of(n, n);
        try (var bufA = Buffer.of(a, shape);
             var bufB = Buffer.of(b, shape);
             var bufC = Buffer.of(c, shape)) {
            return q.submit(h -> {
                var x = bufA.read(h);
                var y = bufB.read(h);
                var z = bufC.write(h);
                var tileA = LocalAccessor.ofFloat(h, Range.of(TILE, TILE));
                var tileB = LocalAccessor.ofFloat(h, Range.of(TILE, TILE));
                h.parallelFor(NdRange.of(shape, Range.of(TILE, TILE)), it -> {
                    int row = it.globalId(0);
                    int col = it.globalId(1);
                    int lr = it.localId(0);
                    int lc = it.localId(1);
                    float sum = 0f;
                    for (int t = 0; t < n; t += TILE) {
                        tileA.set(lr, lc, x.get(row, t + lc));
                        tileB.set(lr, lc, y.get(t + lr, col));
                        it.barrier();
                        for (int k = 0; k < TILE; k++) {
                            sum += tileA.get(lr, k) * tileB.get(k, lc);
                        }
                        it.barrier();
                    }
                    z.set(row, col, sum);
                });
            });
        }
    }

    /** The reference: {@code c = a b} by the textbook triple loop, {@code k} in increasing order. */
    public static void multiplyInJava(float[] a, float[] b, float[] c, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                float sum = 0f;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = sum;
            }
        }
    }

    /** Usage: {@code MatrixMultiply [n]}, {@code n} a multiple of 16 (default 256). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        var random = new Random(3);
        float[] a = new float[n * n];
        float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = random.nextFloat() * 2 - 1;
            b[i] = random.nextFloat() * 2 - 1;
        }
        float[] c = new float[n * n];
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            long t0 = System.nanoTime();
            Event kernel = multiply(q, a, b, c, n);
            long wall = System.nanoTime() - t0;
            SampleReport.kernelTime("sgemm " + n + "x" + n + " (" + TILE + "x" + TILE + " tiles)", List.of(kernel), wall);
            double gflops = 2.0 * n * n * n / 1e9;
            System.out.printf("work: %.3f GFLOP%n", gflops);
            float[] expected = new float[n * n];
            multiplyInJava(a, b, expected, n);
            System.exit(SampleReport.check(SampleReport.mismatch(c, expected).isEmpty(), SampleReport.mismatch(c, expected)));
        }
    }
}
