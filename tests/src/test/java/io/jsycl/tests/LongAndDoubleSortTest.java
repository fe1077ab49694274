package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.algorithms.Sorting;
import io.jsycl.algorithms.Transforms;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sorts of {@code long} and {@code double} keys against {@link Arrays#sort}: the order (signed longs, doubles as
 * {@code Double.compare} orders them, NaNs written back as {@code Double.NaN}), the stability of {@code sortByKey}
 * and the indices it moves, for buffers and device arrays, on every device, and on every OpenCL device with the
 * 32-bit sort it does not run by default too.
 */
class LongAndDoubleSortTest {
    static Stream<Arguments> devicesAndLengths() {
        // Past several tiles of either 32-bit sort (2048 and 4096 keys).
        return TestDevices.all().flatMap(d -> Stream.of(1, 2, 1000, 3 * 4096 + 1, 60_000).map(n -> Arguments.of(d, n)));
    }

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /** Keys that differ in their low words only, in their high words only, repeat, and span the sign. */
    static long[] longs(int n, long seed) {
        var r = new SplittableRandom(seed);
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = switch (i % 4) {
                case 0 -> r.nextLong();
                case 1 -> r.nextLong(-50, 50);
                case 2 -> (long) r.nextInt() << 32;
                default -> r.nextInt();
            };
        }
        if (n > 2) {
            keys[0] = Long.MAX_VALUE;
            keys[n - 1] = Long.MIN_VALUE;
        }
        return keys;
    }

    /** Gaussian doubles, repeated values, and every special value, NaNs of several bit patterns among them. */
    static double[] doubles(int n, long seed) {
        var r = new SplittableRandom(seed);
        double[] keys = new double[n];
        for (int i = 0; i < n; i++) {
            keys[i] = i % 3 == 0 ? r.nextInt(20) - 10 : r.nextGaussian() * 1e6;
        }
        double[] special = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.longBitsToDouble(0xfff8000000000001L), Double.longBitsToDouble(0x7ff0000000000001L),
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL};
        System.arraycopy(special, 0, keys, 0, Math.min(n, special.length));
        return keys;
    }

    @ParameterizedTest
    @MethodSource("devicesAndLengths")
    void longSortsMatchArraysSortAndAreStable(Device device, int n) {
        checkLongs(device, n);
    }

    @ParameterizedTest
    @MethodSource("devicesAndLengths")
    void doubleSortsOrderAsArraysSort(Device device, int n) {
        checkDoubles(device, n);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void sortsOfDeviceArraysMatchArraysSort(Device device) {
        int n = 3 * 4096 + 77;
        long[] keys = longs(n, 5);
        double[] reals = doubles(n, 6);
        long[] sorted = new long[n];
        long[] byKey = new long[n];
        double[] sortedReals = new double[n];
        int[] index = new int[n];
        try (var q = new Queue(device); var a = DeviceArray.ofLong(q, n); var k = DeviceArray.ofLong(q, n);
             var v = DeviceArray.ofInt(q, n); var d = DeviceArray.ofDouble(q, n)) {
            Event done = Sorting.sort(q, a, q.copy(keys, a));
            q.copy(a, sorted, done).await();
            Event filled = q.copy(IntStream.range(0, n).toArray(), v);
            Event byKeyDone = Sorting.sortByKey(q, k, v, q.copy(keys, k), filled);
            q.copy(k, byKey, byKeyDone).await();
            q.copy(v, index, byKeyDone).await();
            if (device.hasFp64()) {
                Event realsDone = Sorting.sort(q, d, q.copy(reals, d));
                q.copy(d, sortedReals, realsDone).await();
            }
        }
        long[] expected = keys.clone();
        Arrays.sort(expected);
        assertThat(sorted).as("sort on %s", device.name()).isEqualTo(expected);
        assertThat(byKey).as("sortByKey on %s", device.name()).isEqualTo(expected);
        checkIndices(keys, byKey, index);
        if (device.hasFp64()) {
            assertSameBits(sortedReals, reals, device);
        }
    }

    /** The 64-bit sorts over the 32-bit sort each OpenCL device does not run by default. */
    @ParameterizedTest
    @MethodSource("io.jsycl.tests.AlgorithmsTest#openClDevices")
    void theOther32BitSortGivesTheSame(Device device) {
        AlgorithmsTest.withTheOtherSort(device, () -> {
            checkLongs(device, 3 * 4096 + 1);
            checkDoubles(device, 20_000);
        });
    }

    private static void checkLongs(Device device, int n) {
        long[] keys = longs(n, n);
        long[] sorted = keys.clone();
        long[] byKey = keys.clone();
        int[] index = new int[n];
        try (var q = new Queue(device); var s = Buffer.of(sorted); var k = Buffer.of(byKey); var v = Buffer.of(index)) {
            Sorting.sort(q, s);
            Transforms.iota(q, v, 0);
            Sorting.sortByKey(q, k, v);
        }
        long[] expected = keys.clone();
        Arrays.sort(expected);
        assertThat(sorted).as("sort of %d on %s", n, device.name()).isEqualTo(expected);
        assertThat(byKey).as("sortByKey of %d on %s", n, device.name()).isEqualTo(expected);
        checkIndices(keys, byKey, index);
    }

    private static void checkDoubles(Device device, int n) {
        if (!device.hasFp64()) {
            return; // a double sort needs a device that computes in double
        }
        double[] keys = doubles(n, n);
        double[] sorted = keys.clone();
        double[] byKey = keys.clone();
        int[] index = new int[n];
        try (var q = new Queue(device); var s = Buffer.of(sorted); var k = Buffer.of(byKey); var v = Buffer.of(index)) {
            Sorting.sort(q, s);
            Transforms.iota(q, v, 0);
            Sorting.sortByKey(q, k, v);
        }
        assertSameBits(sorted, keys, device);
        assertSameBits(byKey, keys, device);
        for (int i = 0; i < n; i++) {
            assertThat(Double.compare(keys[index[i]], byKey[i])).as("the key at index %d", index[i]).isZero();
            if (i > 0 && Double.compare(byKey[i], byKey[i - 1]) == 0) {
                assertThat(index[i]).as("equal keys keep their order at %d", i).isGreaterThan(index[i - 1]);
            }
        }
    }

    /** {@code sorted} holds {@code keys} in {@link Arrays#sort(double[])}'s order, bit for bit (NaNs as Double.NaN). */
    private static void assertSameBits(double[] sorted, double[] keys, Device device) {
        double[] expected = keys.clone();
        Arrays.sort(expected);
        for (int i = 0; i < expected.length; i++) {
            assertThat(Double.doubleToRawLongBits(sorted[i])).as("element %d on %s", i, device.name())
                    .isEqualTo(Double.doubleToLongBits(expected[i]));
        }
    }

    /** {@code index[i]} is where {@code byKey[i]} came from in {@code keys}, ascending among equal keys. */
    private static void checkIndices(long[] keys, long[] byKey, int[] index) {
        for (int i = 0; i < keys.length; i++) {
            assertThat(keys[index[i]]).as("the key at index %d", index[i]).isEqualTo(byKey[i]);
            if (i > 0 && byKey[i] == byKey[i - 1]) {
                assertThat(index[i]).as("equal keys keep their order at %d", i).isGreaterThan(index[i - 1]);
            }
        }
    }
}
