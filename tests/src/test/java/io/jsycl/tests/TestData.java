package io.jsycl.tests;

import java.util.SplittableRandom;
import java.util.function.ToIntFunction;

/** Inputs for the tests, the same from run to run. */
final class TestData {
    private TestData() {
    }

    /**
     * {@code n} ints drawn by {@code next} from a generator seeded with {@code seed}.
     *
     * @param n how many
     * @param seed the generator's seed
     * @param next one draw, e.g. {@code SplittableRandom::nextInt} or {@code r -> r.nextInt(-100, 100)}
     * @return the ints
     */
    static int[] ints(int n, int seed, ToIntFunction<SplittableRandom> next) {
        var r = new SplittableRandom(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = next.applyAsInt(r);
        }
        return a;
    }

    /**
     * {@code n} floats from -4 to 4, from a generator seeded with {@code seed}.
     *
     * @param n how many
     * @param seed the generator's seed
     * @return the floats
     */
    static float[] floats(int n, int seed) {
        var r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) r.nextDouble(-4, 4);
        }
        return a;
    }

    /**
     * Points and starting centres for a k-means step: coordinates that are integers from -100 to 99 (their float sums
     * are exact in any order), centres half-way between integers (no point is as near to two of them).
     *
     * @param xs the points' x
     * @param ys their y
     * @param centres x0, y0, x1, y1 ...
     */
    record Points(float[] xs, float[] ys, float[] centres) {
        static Points of(int n, int k, int seed) {
            var r = new SplittableRandom(seed);
            float[] xs = new float[n];
            float[] ys = new float[n];
            for (int i = 0; i < n; i++) {
                xs[i] = r.nextInt(-100, 100);
                ys[i] = r.nextInt(-100, 100);
            }
            float[] centres = new float[2 * k];
            for (int c = 0; c < 2 * k; c++) {
                centres[c] = r.nextInt(-100, 100) + 0.5f;
            }
            return new Points(xs, ys, centres);
        }
    }
}
