package io.jsycl.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The SGEMM workloads' plain-Java side: C = A B for {@code n x n} row-major matrices, each element summed in k order,
 * either rounding every multiply and add as Java does ({@code c += a * b}) or with {@code Math.fma}, as the kernel
 * being checked does. Used for the Java rows and for checking a sample of a device's output bit for bit.
 */
final class JavaGemm {
    private final float[] a;
    private final float[] b;
    private final int n;
    private final boolean fma;
    private float[] out;

    JavaGemm(float[] a, float[] b, int n, boolean fma) {
        this.a = a;
        this.b = b;
        this.n = n;
        this.fma = fma;
    }

    /** 1000 sampled elements of {@code c} against Java, bit for bit. */
    String checkSampled(float[] c) {
        var r = new SplittableRandom(5);
        int bad = 0;
        for (int s = 0; s < 1000; s++) {
            int row = r.nextInt(n);
            int col = r.nextInt(n);
            float sum = 0.0f;
            for (int k = 0; k < n; k++) {
                sum = fma ? Math.fma(a[row * n + k], b[k * n + col], sum) : sum + a[row * n + k] * b[k * n + col];
            }
            bad += Float.floatToIntBits(sum) != Float.floatToIntBits(c[row * n + col]) ? 1 : 0;
        }
        return bad == 0 ? "exact (1000 sampled vs Java" + (fma ? " fma)" : ")")
                : "MISMATCH: " + bad + " of 1000 sampled elements differ from Java";
    }

    /** The whole product on one thread. */
    void sequential() {
        float[] c = out();
        for (int i = 0; i < n; i++) {
            row(c, i);
        }
    }

    /** The whole product, rows in a parallel stream. */
    void parallel() {
        float[] c = out();
        IntStream.range(0, n).parallel().forEach(i -> row(c, i));
    }

    private float[] out() {
        if (out == null) {
            out = new float[n * n];
        }
        return out;
    }

    /** Row {@code i} of C in i-k-j order: the j loop vectorizes, each element still sums in k order. */
    private void row(float[] c, int i) {
        Arrays.fill(c, i * n, (i + 1) * n, 0.0f);
        int ci = i * n;
        for (int k = 0; k < n; k++) {
            float aik = a[i * n + k];
            int bk = k * n;
            if (fma) {
                for (int j = 0; j < n; j++) {
                    c[ci + j] = Math.fma(aik, b[bk + j], c[ci + j]);
                }
            } else {
                for (int j = 0; j < n; j++) {
                    c[ci + j] += aik * b[bk + j];
                }
            }
        }
    }
}
