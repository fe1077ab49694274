package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.Random;

/**
 * A matrix-vector product with the matrix in half precision, as ML weights often are: {@code y = A x} with
 * {@code A} held as binary16 bits in a {@code short[]} (half the memory and bandwidth of floats), {@code x} and
 * {@code y} in float. Each work-item computes one row in float, widening each weight with {@code Float.float16ToFloat},
 * in the same order as the Java loop, so the result is Java's bit for bit on every device, with or without the
 * device's own half support.
 */
public final class HalfGemv {
    private HalfGemv() {
    }

    /**
     * {@code y = A x}.
     *
     * @param q the queue
     * @param a the rows x cols matrix, row by row, each element {@code Float.floatToFloat16} of its value
     * @param x the vector, cols long
     * @param rows the matrix's rows, the length of the result
     * @return the product, rows long
     */
    public static float[] gemv(Queue q, short[] a, float[] x, int rows) {
        int cols = x.length;
        if ((long) rows * cols != a.length) {
            throw new IllegalArgumentException(a.length + " weights are not " + rows + " rows of " + cols);
        }
        float[] y = new float[rows];
        try (var ba = Buffer.of(a); var bx = Buffer.of(x); var by = Buffer.of(y)) {
            q.submit(h -> {
                var w = ba.read(h);
                var v = bx.read(h);
                var out = by.write(h);
                h.parallelFor(Range.of(rows), it -> {
                    int r = it.id(0);
                    float sum = 0f;
                    for (int c = 0; c < cols; c++) {
                        sum += Float.float16ToFloat(w.get(r * cols + c)) * v.get(c);
                    }
                    out.set(r, sum);
                });
            });
        }
        return y;
    }

    /** The same product by a Java loop. */
    public static float[] gemvInJava(short[] a, float[] x, int rows) {
        int cols = x.length;
        float[] y = new float[rows];
        for (int r = 0; r < rows; r++) {
            float sum = 0f;
            for (int c = 0; c < cols; c++) {
                sum += Float.float16ToFloat(a[r * cols + c]) * x[c];
            }
            y[r] = sum;
        }
        return y;
    }

    /**
     * A 4096 x 4096 product of random weights in [-1, 1) on the default device, checked against Java.
     *
     * @param args none
     */
    public static void main(String[] args) {
        int rows = 4096;
        int cols = 4096;
        var r = new Random(2);
        short[] a = new short[rows * cols];
        for (int i = 0; i < a.length; i++) {
            a[i] = Float.floatToFloat16(r.nextFloat() * 2 - 1);
        }
        float[] x = new float[cols];
        for (int i = 0; i < cols; i++) {
            x[i] = r.nextFloat();
        }
        try (var q = new Queue()) {
            gemv(q, a, x, rows); // the first run builds the kernel
            long t0 = System.nanoTime();
            float[] y = gemv(q, a, x, rows);
            System.out.printf("half-precision GEMV %dx%d on %s: %.2f ms from Java arrays to Java arrays%n", rows, cols,
                    q.device().name(), (System.nanoTime() - t0) / 1e6);
            System.out.println(Arrays.equals(y, gemvInJava(a, x, rows)) ? "matches Java bit for bit"
                    : "MISMATCH with Java");
        }
    }
}
