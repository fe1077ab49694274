package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.algorithms.Compaction;
import io.jsycl.algorithms.Reductions;
import io.jsycl.algorithms.Scans;
import io.jsycl.algorithms.Sorting;
import io.jsycl.algorithms.Transforms;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parallel algorithms over device arrays that AlgorithmsTest does not cover (partition, counts, extremes,
 * histograms, transforms, iota, float sorts), on every device against plain Java: each call after the events that
 * write its input, its result read back after the events it returns (or after the value it waited for).
 */
class DeviceArrayAlgorithmsTest {
    /** Past several tiles of every kernel, and not a multiple of any. */
    private static final int N = 5 * Scans.TILE + 37;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static int[] ints(long seed) {
        var r = new SplittableRandom(seed);
        int[] a = new int[N];
        for (int i = 0; i < N; i++) {
            a[i] = r.nextInt();
        }
        return a;
    }

    /** Gaussian floats with the values Float.compare orders specially: -0.0, 0.0, infinities and NaN. */
    private static float[] floats(long seed) {
        var r = new SplittableRandom(seed);
        float[] a = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = (float) r.nextGaussian();
        }
        a[40] = -0.0f;
        a[41] = Float.NEGATIVE_INFINITY;
        a[42] = 0.0f;
        a[N - 3] = Float.POSITIVE_INFINITY;
        a[N - 1] = Float.NaN;
        return a;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void partitionAndCountsMatchJava(Device device) {
        int[] ints = ints(31);
        float[] floats = floats(32);
        int[] parted = new int[N];
        float[] partedFloats = new float[N];
        int first;
        int firstF;
        int count;
        int countF;
        try (var q = new Queue(device); var in = DeviceArray.ofInt(q, N); var out = DeviceArray.ofInt(q, N + 3);
             var fin = DeviceArray.ofFloat(q, N); var fout = DeviceArray.ofFloat(q, N);
             var small = DeviceArray.ofInt(q, N - 1)) {
            Event copied = q.copy(ints, in);
            Event copiedF = q.copy(floats, fin);
            first = Compaction.partition(q, in, out, x -> x % 3 == 0, copied);
            firstF = Compaction.partition(q, fin, fout, x -> x < 0.25f, copiedF);
            count = Compaction.countIf(q, in, x -> x > 0);
            countF = Compaction.countIf(q, fin, x -> x != x || x >= 1.0f);
            q.copy(out, parted).await(); // the partition waited for its counts: its elements are written
            q.copy(fout, partedFloats).await();
            assertThatThrownBy(() -> Compaction.partition(q, in, small, x -> x > 0))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("partition output");
        }
        int[] expected = IntStream.concat(Arrays.stream(ints).filter(x -> x % 3 == 0),
                Arrays.stream(ints).filter(x -> x % 3 != 0)).toArray();
        assertThat(first).as("int partition's first part on %s", device.name())
                .isEqualTo((int) Arrays.stream(ints).filter(x -> x % 3 == 0).count());
        assertThat(parted).as("int partition on %s", device.name()).isEqualTo(expected);
        float[] expectedF = new float[N];
        int c = 0;
        for (float f : floats) {
            if (f < 0.25f) {
                expectedF[c++] = f;
            }
        }
        assertThat(firstF).isEqualTo(c);
        for (float f : floats) {
            if (!(f < 0.25f)) {
                expectedF[c++] = f;
            }
        }
        for (int i = 0; i < N; i++) {
            assertThat(Float.floatToRawIntBits(partedFloats[i])).as("float partition %d on %s", i, device.name())
                    .isEqualTo(Float.floatToRawIntBits(expectedF[i]));
        }
        assertThat(count).isEqualTo((int) Arrays.stream(ints).filter(x -> x > 0).count());
        int expectedCountF = 0;
        for (float f : floats) {
            expectedCountF += f != f || f >= 1.0f ? 1 : 0;
        }
        assertThat(countF).isEqualTo(expectedCountF);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void extremesHistogramTransformAndIotaMatchJava(Device device) {
        int[] ints = ints(33);
        ints[N - 7] = Integer.MIN_VALUE;
        ints[17] = Integer.MIN_VALUE; // the first of two minima wins
        ints[N / 2] = Integer.MAX_VALUE;
        float[] floats = floats(34);
        int[] bins = new int[10];
        bins[3] = 5; // counts add to what the bins hold
        int[] transformed = new int[N];
        double[] doubled = new double[N];
        int[] iota = new int[N];
        int minI;
        int maxI;
        int minF;
        int maxF;
        double[] doubles = Arrays.stream(ints).asDoubleStream().toArray();
        try (var q = new Queue(device); var in = DeviceArray.ofInt(q, N); var fin = DeviceArray.ofFloat(q, N);
             var b = DeviceArray.ofInt(q, 10); var t = DeviceArray.ofInt(q, N); var d = DeviceArray.ofDouble(q, N);
             var io = DeviceArray.ofInt(q, N)) {
            Event copied = q.copy(ints, in);
            Event copiedF = q.copy(floats, fin);
            minI = Reductions.minElement(q, in, copied);
            maxI = Reductions.maxElement(q, in);
            minF = Reductions.minElement(q, fin, copiedF);
            maxF = Reductions.maxElement(q, fin);
            Event counted = Transforms.histogram(q, in, b, -1_000_000_000, 1_000_000_000, q.copy(bins, b));
            q.copy(b, bins, counted).await();
            Event mapped = Transforms.transform(q, in, t, x -> x * 3 + 1);
            q.copy(t, transformed, mapped).await();
            Event inPlace = Transforms.transform(q, d, d, x -> x / 3.0, q.copy(doubles, d));
            q.copy(d, doubled, inPlace).await();
            Event filled = Transforms.iota(q, io, -5);
            q.copy(io, iota, filled).await();
        }
        assertThat(minI).isEqualTo(17);
        assertThat(maxI).isEqualTo(N / 2);
        assertThat(minF).as("Float.compare's least: -infinity").isEqualTo(41);
        assertThat(maxF).as("Float.compare's greatest: NaN").isEqualTo(N - 1);
        int[] expectedBins = new int[10];
        expectedBins[3] = 5;
        for (int x : ints) {
            long offset = (long) x + 1_000_000_000;
            if (offset >= 0 && offset < 2_000_000_000L) {
                expectedBins[(int) (offset * 10 / 2_000_000_000L)]++;
            }
        }
        assertThat(bins).as("histogram on %s", device.name()).isEqualTo(expectedBins);
        assertThat(transformed).isEqualTo(Arrays.stream(ints).map(x -> x * 3 + 1).toArray());
        assertThat(doubled).isEqualTo(Arrays.stream(doubles).map(x -> x / 3.0).toArray());
        assertThat(iota).isEqualTo(IntStream.range(-5, N - 5).toArray());
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatSortsOrderAsArraysSortAndAreStable(Device device) {
        float[] keys = floats(35);
        var r = new SplittableRandom(36);
        for (int i = 0; i < N; i += 5) {
            keys[i] = r.nextInt(4) - 1.5f; // repeated keys, whose indices must stay in order
        }
        keys[7] = Float.intBitsToFloat(0x7fc12345); // a NaN of other bits, which the sort writes as Float.NaN
        float[] sorted = new float[N];
        float[] byKey = new float[N];
        int[] index = new int[N];
        try (var q = new Queue(device); var a = DeviceArray.ofFloat(q, N); var k = DeviceArray.ofFloat(q, N);
             var v = DeviceArray.ofInt(q, N)) {
            Event done = Sorting.sort(q, a, q.copy(keys, a));
            q.copy(a, sorted, done).await();
            Event byKeyDone = Sorting.sortByKey(q, k, v, q.copy(keys, k), Transforms.iota(q, v, 0));
            q.copy(k, byKey, byKeyDone).await();
            q.copy(v, index, byKeyDone).await();
        }
        float[] expected = keys.clone();
        Arrays.sort(expected);
        for (int i = 0; i < N; i++) {
            // floatToIntBits: each NaN as Float.NaN's bits, as documented; -0.0f and 0.0f still apart
            assertThat(Float.floatToRawIntBits(sorted[i])).as("sort at %d on %s", i, device.name())
                    .isEqualTo(Float.floatToIntBits(expected[i]));
            assertThat(Float.floatToRawIntBits(byKey[i])).as("sortByKey at %d", i)
                    .isEqualTo(Float.floatToIntBits(expected[i]));
            assertThat(Float.compare(keys[index[i]], byKey[i])).as("the key at index %d", index[i]).isZero();
            if (i > 0 && Float.compare(byKey[i], byKey[i - 1]) == 0) {
                assertThat(index[i]).as("equal keys keep their order at %d", i).isGreaterThan(index[i - 1]);
            }
        }
    }
}
