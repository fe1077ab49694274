package io.jsycl.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The sweep's inputs, made once at the largest size: each size uses the first {@code n} elements. SAXPY's {@code x}
 * and {@code y} are floats uniform in [0, 1); the int sum adds ints uniform in [0, 1000) (as {@link SumReduce} and
 * the PyTorch peer do); the float sum adds {@code x}. Each block of {@value #BLOCK} elements has a random generator
 * of its own, so the arrays are made in parallel and are the same on every run. The Java sums of every power-of-two
 * prefix: ints wrapping as Java's {@code int} does, floats in {@code double} (for at most 2^30 values in [0, 1) its
 * rounding error is below 1e-7 of the sum, far under the float tolerance).
 */
final class SweepData {
    /** SAXPY's constant. */
    static final float ALPHA = 2.5f;
    /**
     * The relative tolerance of a float sum against Java's, |got − exact| ≤ tol × exact: the device adds in another
     * order (per-item partial sums, a tree per work-group, one atomic add per group in whatever order groups finish),
     * and each order rounds differently. The worst order we run adds 2^20 group sums one after the other into a
     * float near 2^27 (jsycl's one-item-per-element reduction at 2^28): about 1.3e-5 (one standard deviation) of
     * unbiased rounding. 1e-4 leaves room for that and still catches a lost work-group up to 2^16 elements; the int
     * sum, checked exactly, catches lost elements at every size.
     */
    static final double FLOAT_SUM_TOLERANCE = 1e-4;
    private static final int BLOCK = 1 << 16;

    final float[] x;
    final float[] y;
    final int[] ints;
    private final int[] intSums;
    private final double[] floatSums;

    SweepData(int maxLog2) {
        int n = 1 << maxLog2;
        x = new float[n];
        y = new float[n];
        ints = new int[n];
        int blocks = (n + BLOCK - 1) / BLOCK;
        int[] blockInts = new int[blocks];
        double[] blockFloats = new double[blocks];
        IntStream.range(0, blocks).parallel().forEach(b -> {
            var r = new SplittableRandom(b);
            int end = Math.min(n, (b + 1) * BLOCK);
            int is = 0;
            double fs = 0;
            for (int i = b * BLOCK; i < end; i++) {
                x[i] = (float) r.nextDouble();
                y[i] = (float) r.nextDouble();
                ints[i] = r.nextInt(1000);
                is += ints[i];
                fs += x[i];
            }
            blockInts[b] = is;
            blockFloats[b] = fs;
        });
        intSums = new int[maxLog2 + 1];
        floatSums = new double[maxLog2 + 1];
        int is = 0;
        double fs = 0;
        for (int i = 0; i < Math.min(n, BLOCK); i++) { // prefixes shorter than a block
            is += ints[i];
            fs += x[i];
            if (Integer.bitCount(i + 1) == 1) {
                intSums[Integer.numberOfTrailingZeros(i + 1)] = is;
                floatSums[Integer.numberOfTrailingZeros(i + 1)] = fs;
            }
        }
        for (int b = 1; b < blocks; b++) { // longer ones end on a block's end
            is += blockInts[b];
            fs += blockFloats[b];
            if (Integer.bitCount(b + 1) == 1) {
                intSums[Integer.numberOfTrailingZeros((b + 1) * BLOCK)] = is;
                floatSums[Integer.numberOfTrailingZeros((b + 1) * BLOCK)] = fs;
            }
        }
    }

    /** Java's (wrapping) sum of the first 2^log2n ints. */
    int intSum(int log2n) {
        return intSums[log2n];
    }

    /** The sum of the first 2^log2n floats of {@code x}, in double. */
    double floatSum(int log2n) {
        return floatSums[log2n];
    }

    static float[] prefix(float[] a, int n) {
        return Arrays.copyOf(a, n);
    }

    static int[] prefix(int[] a, int n) {
        return Arrays.copyOf(a, n);
    }

    /** The check of an int sum: exact. */
    static String checkIntSum(int got, int want) {
        return got == want ? "ok: exact (= Java " + want + ")" : "MISMATCH: sum " + got + ", Java " + want;
    }

    /** The check of a float sum: within {@link #FLOAT_SUM_TOLERANCE} of the exact sum. */
    static String checkFloatSum(float got, double want) {
        double rel = Math.abs(got - want) / Math.abs(want);
        return rel <= FLOAT_SUM_TOLERANCE ? String.format("ok: rel err %.1e", rel)
                : String.format("MISMATCH: sum %s, exact %s, rel err %.1e > %.0e", got, want, rel, FLOAT_SUM_TOLERANCE);
    }

    /**
     * The check of SAXPY's output {@code got} after one run from {@code y0}: bit for bit against Java's
     * {@code ALPHA * x[i] + y0[i]} (float multiply, then float add: no fused multiply-add).
     */
    static String checkSaxpy(float[] got, float[] x, float[] y0) {
        int bad = 0;
        int first = -1;
        for (int i = 0; i < got.length; i++) {
            float want = ALPHA * x[i] + y0[i];
            if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(want)) {
                bad++;
                first = first < 0 ? i : first;
            }
        }
        return bad == 0 ? "ok: bit-exact" : "MISMATCH: " + bad + " of " + got.length + " differ, first y[" + first
                + "] = " + got[first] + ", Java " + (ALPHA * x[first] + y0[first]);
    }
}
