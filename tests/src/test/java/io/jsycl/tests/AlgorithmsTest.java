package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.DeviceType;
import io.jsycl.Event;
import io.jsycl.Id;
import io.jsycl.Queue;
import io.jsycl.Range;
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
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parallel algorithms on every device against plain Java loops: scans (sums and other operators, inclusive and
 * exclusive, in place, lengths around the tile and across two levels of tiles), stream compaction (stable, counts,
 * too small an output), reductions with a transformation, counts, transformations.
 */
class AlgorithmsTest {
    /**
     * Lengths: one, a few, around a tile, around the one-pass kernels' tile (two tiles: 4096 elements), several
     * tiles, and more tiles than one tile holds (a second level of the tile-by-tile scan; look-backs over many windows).
     */
    private static final int[] LENGTHS = {1, 7, Scans.TILE - 1, Scans.TILE, Scans.TILE + 1,
        2 * Scans.TILE - 1, 2 * Scans.TILE, 2 * Scans.TILE + 1, 5 * Scans.TILE + 13,
        Scans.TILE * Scans.TILE + 3 * Scans.TILE + 5};

    static Stream<Arguments> devicesAndLengths() {
        return TestDevices.all().flatMap(d -> Arrays.stream(LENGTHS)
                // the host device runs the big case in minutes' worth of barrier phases on 2 cores: a smaller one
                .filter(n -> !d.isHost() || n < Scans.TILE * Scans.TILE)
                .mapToObj(n -> Arguments.of(d, n)));
    }

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static int[] ints(int n, long seed) {
        var r = new SplittableRandom(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt();
        }
        return a;
    }

    /** Floats that are exact in sums of up to 2^24 of them: small integers, so any grouping gives Java's result. */
    private static float[] smallFloats(int n, long seed) {
        var r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(-8, 9);
        }
        return a;
    }

    @ParameterizedTest
    @MethodSource("devicesAndLengths")
    void intScansMatchJava(Device device, int n) {
        int[] data = ints(n, n);
        int[] inclusive = new int[n];
        int[] exclusive = new int[n];
        int[] maxScan = new int[n];
        int[] inPlace = data.clone();
        try (var q = new Queue(device); var in = Buffer.of(data); var inc = Buffer.of(inclusive);
             var exc = Buffer.of(exclusive); var max = Buffer.of(maxScan); var same = Buffer.of(inPlace)) {
            Scans.inclusiveScan(q, in, inc);
            Scans.exclusiveScan(q, in, exc);
            Scans.inclusiveScan(q, in, max, Integer.MIN_VALUE, Math::max);
            Scans.exclusiveScan(q, same, same, 0, Integer::sum);
        }
        int sum = 0;
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            assertThat(exclusive[i]).as("exclusive %d of %d on %s", i, n, device.name()).isEqualTo(sum);
            assertThat(inPlace[i]).as("in place %d of %d on %s", i, n, device.name()).isEqualTo(sum);
            sum += data[i];
            m = Math.max(m, data[i]);
            assertThat(inclusive[i]).as("inclusive %d of %d on %s", i, n, device.name()).isEqualTo(sum);
            assertThat(maxScan[i]).as("max %d of %d on %s", i, n, device.name()).isEqualTo(m);
        }
    }

    static Stream<Arguments> devicesAndReductionLengths() {
        // Tiles of 4096 elements, and past 2048 such tiles, the first length whose work-items take 32 elements each.
        return TestDevices.all().flatMap(d -> Stream.of(300_001, 2048 * 4096 + 4097).map(n -> Arguments.of(d, n)));
    }

    @ParameterizedTest
    @MethodSource("devicesAndReductionLengths")
    void aFloatReductionGroupsItsAdditionsInItsDocumentedOrderEveryRun(Device device, int n) {
        // Random floats, whose sums depend on the grouping: the device's result must be the documented tree's, bit for
        // bit, in the value-returning call and in the one that leaves its result in a buffer.
        var r = new SplittableRandom(3);
        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = (float) r.nextDouble(-1, 1);
        }
        float[] kept = new float[2];
        float returned;
        try (var q = new Queue(device); var in = Buffer.of(data); var out = Buffer.of(kept)) {
            returned = Reductions.reduce(q, in, n, 0f, Float::sum);
            Reductions.reduce(q, in, n, 0f, Float::sum, out);
        }
        float expected = treeSum(data, n);
        assertThat(Float.floatToRawIntBits(returned)).as("%d elements on %s", n, device.name())
                .isEqualTo(Float.floatToRawIntBits(expected));
        assertThat(kept[0]).isEqualTo(returned);
        assertThat(kept[1]).as("the result buffer's other elements are left").isZero();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void compactionOfDeviceArraysKeepsJavasElementsInOrder(Device device) {
        int n = 7 * Scans.TILE + 5;
        var r = new SplittableRandom(14);
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) r.nextDouble();
        }
        float[] expected = new float[n];
        int count = 0;
        for (float v : values) {
            if (v > 0.5f) {
                expected[count++] = v;
            }
        }
        float[] got = new float[count];
        float[] gotUnwaited = new float[count];
        float[] firstTen = new float[10];
        int[] counts = new int[2];
        int kept;
        try (var q = new Queue(device); var in = DeviceArray.ofFloat(q, n); var out = DeviceArray.ofFloat(q, n);
             var small = DeviceArray.ofFloat(q, 10); var c = DeviceArray.ofInt(q, 1);
             var c2 = DeviceArray.ofInt(q, 1); var out2 = DeviceArray.ofFloat(q, n)) {
            Event copied = q.copy(values, in);
            kept = Compaction.copyIf(q, in, out, x -> x > 0.5f, copied);
            q.copy(out, got).await(); // the count was waited for, so the kept elements are written
            assertThatThrownBy(() -> Compaction.copyIf(q, in, small, x -> x > 0.5f))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("output array holds 10");
            // The count left on the device: ordered by events, and past the output's room.
            Event done = Compaction.copyIf(q, in, out2, x -> x > 0.5f, c, copied);
            Event past = Compaction.copyIf(q, in, small, x -> x > 0.5f, c2, done);
            int[] one = new int[1];
            q.copy(c, one, done).await();
            counts[0] = one[0];
            q.copy(c2, one, past).await();
            counts[1] = one[0];
            q.copy(out2, gotUnwaited, done).await();
            q.copy(small, firstTen, past).await();
        }
        assertThat(kept).as("count on %s", device.name()).isEqualTo(count);
        assertThat(got).isEqualTo(Arrays.copyOf(expected, count));
        assertThat(counts).as("counts left on the device by %s", device.name()).containsExactly(count, count);
        assertThat(gotUnwaited).isEqualTo(Arrays.copyOf(expected, count));
        assertThat(firstTen).isEqualTo(Arrays.copyOf(expected, 10));
    }

    @ParameterizedTest
    @MethodSource("devices")
    void sortsOfDeviceArraysMatchArraysSortAndAreStable(Device device) {
        // Past several tiles, with repeated keys; the passes alternate between the arrays and the queue's copies, each
        // use of an array ordered after the pass before by its event.
        int n = 5 * Scans.TILE + 123;
        var r = new SplittableRandom(12);
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = i % 4 == 0 ? r.nextInt(10) : r.nextInt();
        }
        int[] sorted = new int[n];
        int[] byKey = new int[n];
        int[] index = new int[n];
        try (var q = new Queue(device); var a = DeviceArray.ofInt(q, n); var k = DeviceArray.ofInt(q, n);
             var v = DeviceArray.ofInt(q, n)) {
            Event done = Sorting.sort(q, a, q.copy(keys, a));
            q.copy(a, sorted, done).await();
            Event filled = q.copy(IntStream.range(0, n).toArray(), v);
            Event byKeyDone = Sorting.sortByKey(q, k, v, q.copy(keys, k), filled);
            q.copy(k, byKey, byKeyDone).await();
            q.copy(v, index, byKeyDone).await();
        }
        int[] expected = keys.clone();
        Arrays.sort(expected);
        assertThat(sorted).as("sort on %s", device.name()).isEqualTo(expected);
        assertThat(byKey).as("sortByKey on %s", device.name()).isEqualTo(expected);
        assertIndicesOfAStableSort(keys, byKey, index, device);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void scansOverDeviceArraysGiveJavasPrefixes(Device device) {
        // Past one tile-by-tile level (a second level of tiles' totals) and past the one-pass kernels' tile; ints and
        // longs (the tile-by-tile kernels on every device), out of place and in place.
        int n = 3 * Scans.TILE * 256 + 17;
        var r = new SplittableRandom(8);
        int[] ints = new int[n];
        long[] longs = new long[n];
        for (int i = 0; i < n; i++) {
            ints[i] = r.nextInt(-50, 50);
            longs[i] = r.nextLong(-1L << 40, 1L << 40);
        }
        int[] inclusive = ints.clone();
        Arrays.parallelPrefix(inclusive, Integer::sum);
        long[] exclusiveLongs = new long[n];
        for (int i = 1; i < n; i++) {
            exclusiveLongs[i] = exclusiveLongs[i - 1] + longs[i - 1];
        }
        int[] gotInts = new int[n];
        long[] gotLongs = new long[n];
        try (var q = new Queue(device); var di = DeviceArray.ofInt(q, n); var dout = DeviceArray.ofInt(q, n);
             var dl = DeviceArray.ofLong(q, n)) {
            Event scanned = Scans.inclusiveScan(q, di, dout, 0, Integer::sum, q.copy(ints, di));
            q.copy(dout, gotInts, scanned).await();
            assertThat(gotInts).as("inclusive, out of place, on %s", device.name()).isEqualTo(inclusive);
            Event inPlace = Scans.exclusiveScan(q, dl, dl, 0L, Long::sum, q.copy(longs, dl));
            q.copy(dl, gotLongs, inPlace).await();
            assertThat(gotLongs).as("exclusive, in place").isEqualTo(exclusiveLongs);
            try (var shorter = DeviceArray.ofInt(q, n - 1)) {
                assertThatThrownBy(() -> Scans.inclusiveScan(q, di, shorter, 0, Integer::sum))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds " + (n - 1));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void reductionsOfEveryTypeMatchJavaAroundTheirFoursAndTiles(Device device) {
        // Lengths that end inside a work-item's four (1 to 5), inside and at the end of a tile of 4096, and one tile
        // past: the partial tile's per-element bounds and the whole tiles' unrolled runs, every element type.
        int[] lengths = {1, 2, 3, 4, 5, 1023, 4093, 4095, 4096, 4097, 8190, 3 * 4096 + 2};
        for (int n : lengths) {
            var in = Inputs.random(n, n);
            try (var q = new Queue(device); var bi = Buffer.of(in.ints()); var bl = Buffer.of(in.longs());
                 var bf = Buffer.of(in.floats()); var bd = Buffer.of(in.doubles())) {
                assertThat(Reductions.reduce(q, bi, n, 0, Integer::sum)).as("int sum of %d on %s", n, device.name())
                        .isEqualTo(in.intSum());
                assertThat(Reductions.reduce(q, bl, n, Long.MAX_VALUE, Math::min)).as("long min of %d", n)
                        .isEqualTo(Arrays.stream(in.longs()).min().orElseThrow());
                assertThat(Reductions.reduce(q, bd, n, 0d, Double::sum)).as("double sum of %d", n)
                        .isEqualTo(in.doubleSum());
                assertThat(Float.floatToRawIntBits(Reductions.reduce(q, bf, n, 0f, Float::sum)))
                        .as("float sum of %d on %s, in the documented order", n, device.name())
                        .isEqualTo(Float.floatToRawIntBits(treeSum(in.floats(), n)));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void reductionsOverDeviceArraysGiveWhatTheBuffersGive(Device device) {
        // The same kernels over a device array, after the copy that fills it: Java's exact results for integers, and
        // the buffer's float sum bit for bit (the same order).
        int n = 300_001;
        var in = Inputs.random(n, 5);
        try (var q = new Queue(device); var di = DeviceArray.ofInt(q, n); var dl = DeviceArray.ofLong(q, n);
             var df = DeviceArray.ofFloat(q, n); var dd = DeviceArray.ofDouble(q, n); var bf = Buffer.of(in.floats())) {
            Event ci = q.copy(in.ints(), di);
            Event cl = q.copy(in.longs(), dl);
            Event cf = q.copy(in.floats(), df);
            Event cd = q.copy(in.doubles(), dd);
            assertThat(Reductions.reduce(q, di, n, 0, Integer::sum, ci)).as("int sum on %s", device.name())
                    .isEqualTo(in.intSum());
            assertThat(Reductions.reduce(q, dl, n, Long.MIN_VALUE, Math::max, cl))
                    .isEqualTo(Arrays.stream(in.longs()).max().orElseThrow());
            assertThat(Reductions.transformReduce(q, dd, n, 0d, Double::sum, x -> 2 * x, cd))
                    .isEqualTo(2 * in.doubleSum());
            float fromArray = Reductions.reduce(q, df, n, 0f, Float::sum, cf);
            float fromBuffer = Reductions.reduce(q, bf, n, 0f, Float::sum);
            assertThat(Float.floatToRawIntBits(fromArray)).isEqualTo(Float.floatToRawIntBits(fromBuffer));
            assertThat(Reductions.reduce(q, di, 0, Integer.MIN_VALUE, Math::max)).as("no elements: the identity")
                    .isEqualTo(Integer.MIN_VALUE);
            assertThatThrownBy(() -> Reductions.reduce(q, di, n + 1, 0, Integer::sum))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds " + n);
        }
    }

    /**
     * Random values of every element type for the reductions' tests; the doubles are integers, so that their sum is
     * exact in any order.
     */
    private record Inputs(int[] ints, long[] longs, float[] floats, double[] doubles) {
        static Inputs random(int n, long seed) {
            var r = new SplittableRandom(seed);
            var in = new Inputs(new int[n], new long[n], new float[n], new double[n]);
            for (int i = 0; i < n; i++) {
                in.ints[i] = r.nextInt();
                in.longs[i] = r.nextLong();
                in.floats[i] = (float) r.nextDouble(-1, 1);
                in.doubles[i] = r.nextInt(-1000, 1000);
            }
            return in;
        }

        /** Java's int sum, wrapping as the kernels' does. */
        int intSum() {
            int sum = 0;
            for (int v : ints) {
                sum += v;
            }
            return sum;
        }

        double doubleSum() {
            double sum = 0;
            for (double v : doubles) {
                sum += v;
            }
            return sum;
        }
    }

    /**
     * The reductions' order: the input in tiles of 256 work-items, each taking {@code perItem} elements (16, doubled
     * until 2048 tiles cover the input) as fours: work-item {@code l} takes the tile's fours {@code l, l + 256, ...},
     * adding the k-th element of each four into its k-th running value, then {@code (a0 + a1) + (a2 + a3)}; the 256
     * values are combined by {@link #halve}; then one group does the same over the tiles' values
     * ({@code l, l + 256, ...}, one running value each).
     */
    private static float treeSum(float[] data, int n) {
        int perItem = 16;
        while ((long) perItem * 256 * 2048 < n) {
            perItem *= 2;
        }
        int tile = 256 * perItem;
        int tiles = Math.max(1, (n + tile - 1) / tile);
        float[] partials = new float[tiles];
        for (int t = 0; t < tiles; t++) {
            float[] part = new float[256];
            for (int l = 0; l < 256; l++) {
                float[] a = new float[4];
                for (int j = 0; j < perItem / 4; j++) {
                    for (int k = 0; k < 4; k++) {
                        int i = t * tile + 4 * (j * 256 + l) + k;
                        if (i < n) {
                            a[k] += data[i];
                        }
                    }
                }
                part[l] = (a[0] + a[1]) + (a[2] + a[3]);
            }
            partials[t] = halve(part);
        }
        float[] part = new float[256];
        for (int l = 0; l < 256; l++) {
            float acc = 0f;
            for (int i = l; i < tiles; i += 256) {
                acc += partials[i];
            }
            part[l] = acc;
        }
        return halve(part);
    }

    /**
     * A work-group's 256 values combined as the kernels combine them: within each sub-group of 32, five butterfly
     * steps ({@code v[l] + v[l ^ mask]}, masks 16 to 1, every lane at once), then the sub-groups' first lanes in order.
     */
    private static float halve(float[] part) {
        float total = 0f;
        for (int s = 0; s < part.length / 32; s++) {
            float[] lanes = Arrays.copyOfRange(part, 32 * s, 32 * s + 32);
            for (int mask = 16; mask > 0; mask >>= 1) {
                float[] next = new float[32];
                for (int l = 0; l < 32; l++) {
                    next[l] = lanes[l] + lanes[l ^ mask];
                }
                lanes = next;
            }
            total = s == 0 ? lanes[0] : total + lanes[0];
        }
        return total;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void oneQueuesCallsOfGrowingAndShrinkingLengthsReuseAndGrowItsDeviceMemory(Device device) {
        // The queue's scratch buffers grow to the largest call's need (the old ones closed once their commands are
        // done) and serve the smaller calls after it; a closed queue refuses the next call.
        Queue closed;
        try (var q = new Queue(device)) {
            for (int n : new int[] {5, 3 * Scans.TILE + 1, 40 * Scans.TILE + 7, 2 * Scans.TILE, 1}) {
                int[] data = ints(n, n);
                int[] scanned = new int[n];
                int[] kept = new int[n];
                int count;
                try (var in = Buffer.of(data); var out = Buffer.of(scanned); var k = Buffer.of(kept)) {
                    Scans.inclusiveScan(q, in, out);
                    count = Compaction.copyIf(q, in, k, x -> x < 0);
                    Sorting.sort(q, in);
                }
                int[] prefix = ints(n, n);
                Arrays.parallelPrefix(prefix, Integer::sum);
                assertThat(scanned).as("scan of %d on %s", n, device.name()).isEqualTo(prefix);
                int[] negative = Arrays.stream(ints(n, n)).filter(x -> x < 0).toArray();
                assertThat(Arrays.copyOf(kept, count)).as("copyIf of %d", n).isEqualTo(negative);
                int[] sorted = ints(n, n);
                Arrays.sort(sorted);
                assertThat(data).as("sort of %d", n).isEqualTo(sorted);
            }
            closed = q;
        }
        try (var in = Buffer.of(new int[8]); var out = Buffer.of(new int[8])) {
            assertThatThrownBy(() -> Scans.inclusiveScan(closed, in, out)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void threadsSharingAQueueEachGetTheirOwnResults(Device device) throws Exception {
        // The algorithms keep their device memory with the queue between calls: calls from several threads at once
        // must take it in turn, and a call that returns before its kernels finish must not disturb the next.
        int n = 3 * Scans.TILE + 11;
        try (var q = new Queue(device); var pool = java.util.concurrent.Executors.newFixedThreadPool(4)) {
            var results = new java.util.ArrayList<java.util.concurrent.Future<?>>();
            for (int task = 0; task < 4; task++) {
                int seed = task;
                results.add(pool.submit(() -> {
                    for (int round = 0; round < 5; round++) {
                        int[] data = ints(n, 100L * seed + round);
                        int[] scanned = new int[n];
                        int[] kept = new int[n];
                        int count;
                        int sum;
                        try (var in = Buffer.of(data); var s = Buffer.of(scanned); var k = Buffer.of(kept)) {
                            Scans.exclusiveScan(q, in, s);
                            count = Compaction.copyIf(q, in, k, x -> (x & 1) == 0);
                            sum = Reductions.reduce(q, in, n, 0, Integer::sum);
                        }
                        int[] prefix = new int[n];
                        for (int i = 1; i < n; i++) {
                            prefix[i] = prefix[i - 1] + data[i - 1];
                        }
                        int[] even = Arrays.stream(data).filter(x -> (x & 1) == 0).toArray();
                        assertThat(scanned).as("scan, thread %d round %d on %s", seed, round, device.name())
                                .isEqualTo(prefix);
                        assertThat(count).isEqualTo(even.length);
                        assertThat(Arrays.copyOf(kept, count)).isEqualTo(even);
                        assertThat(sum).isEqualTo(Arrays.stream(data).sum());
                    }
                    return null;
                }));
            }
            for (var r : results) {
                r.get();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aScanAppliesANonCommutativeOperatorInOrder(Device device) {
        // Affine maps x -> a*x + b packed as (a, b) in one int each 16 bits wide, composed in order: associative, not
        // commutative, so a scan that swapped operands anywhere would differ.
        int n = 3 * Scans.TILE + 77;
        var r = new SplittableRandom(5);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (r.nextInt(1, 4) << 16) | r.nextInt(0, 100);
        }
        int[] out = new int[n];
        try (var q = new Queue(device); var in = Buffer.of(data); var o = Buffer.of(out)) {
            Scans.inclusiveScan(q, in, o, 1 << 16, AlgorithmsTest::thenApply);
        }
        int acc = 1 << 16;
        for (int i = 0; i < n; i++) {
            acc = thenApply(acc, data[i]);
            assertThat(out[i]).as("element %d on %s", i, device.name()).isEqualTo(acc);
        }
    }

    /** First the map {@code f}, then {@code g}, each {@code (a << 16) | b} meaning {@code x -> a * x + b}, mod 2^16. */
    static int thenApply(int f, int g) {
        int fa = f >>> 16;
        int fb = f & 0xffff;
        int ga = g >>> 16;
        int gb = g & 0xffff;
        return ((ga * fa & 0xffff) << 16) | ((ga * fb + gb) & 0xffff);
    }

    @ParameterizedTest
    @MethodSource("devicesAndLengths")
    void floatScansMatchJava(Device device, int n) {
        float[] data = smallFloats(n, n);
        float[] inclusive = new float[n];
        float[] exclusive = new float[n];
        try (var q = new Queue(device); var in = Buffer.of(data); var inc = Buffer.of(inclusive);
             var exc = Buffer.of(exclusive)) {
            Scans.inclusiveScan(q, in, inc);
            Scans.exclusiveScan(q, in, exc, 0f, Float::sum);
        }
        float sum = 0;
        for (int i = 0; i < n; i++) {
            assertThat(exclusive[i]).as("exclusive %d of %d on %s", i, n, device.name()).isEqualTo(sum);
            sum += data[i];
            assertThat(inclusive[i]).as("inclusive %d of %d on %s", i, n, device.name()).isEqualTo(sum);
        }
    }

    @ParameterizedTest
    @MethodSource("devicesAndLengths")
    void copyIfKeepsTheMatchesInOrder(Device device, int n) {
        var r = new SplittableRandom(n);
        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = r.nextFloat();
        }
        float threshold = 0.5f;
        float[] kept = new float[n];
        float[] keptUnwaited = new float[n];
        float[] below = new float[n];
        int[] counts = {0, 0, -99}; // the last is no count: a call leaves the other elements as they were
        int count;
        float sum;
        int counted;
        try (var q = new Queue(device); var in = Buffer.of(data); var out = Buffer.of(kept)) {
            count = Compaction.copyIf(q, in, out, x -> x > threshold);
            counted = Compaction.countIf(q, in, x -> x > threshold);
            sum = Reductions.transformReduce(q, out, count, 0f, Float::sum, x -> x >= 0.75f ? 1f : 0f);
            // The form that leaves its count on the device: two calls back to back, no wait between them.
            try (var unwaited = Buffer.of(keptUnwaited); var rest = Buffer.of(below); var c = Buffer.of(counts);
                 var second = c.subBuffer(Id.of(1), Range.of(1))) {
                Compaction.copyIf(q, in, unwaited, x -> x > threshold, c);
                Compaction.copyIf(q, in, rest, x -> x <= threshold, second);
            }
        }
        float[] expected = new float[n];
        float[] expectedBelow = new float[n];
        int c = 0;
        int b = 0;
        for (float v : data) {
            if (v > threshold) {
                expected[c++] = v;
            } else {
                expectedBelow[b++] = v;
            }
        }
        assertThat(count).as("count on %s", device.name()).isEqualTo(c);
        assertThat(counted).as("countIf on %s", device.name()).isEqualTo(c);
        assertThat(Arrays.copyOf(kept, c)).as("kept on %s", device.name()).isEqualTo(Arrays.copyOf(expected, c));
        assertThat(counts).as("counts left on the device by %s", device.name()).containsExactly(c, b, -99);
        assertThat(Arrays.copyOf(keptUnwaited, c)).as("kept unwaited on %s", device.name())
                .isEqualTo(Arrays.copyOf(expected, c));
        assertThat(Arrays.copyOf(below, b)).as("the rest on %s", device.name())
                .isEqualTo(Arrays.copyOf(expectedBelow, b));
        int quarter = 0;
        for (int i = 0; i < c; i++) {
            quarter += expected[i] >= 0.75f ? 1 : 0;
        }
        assertThat(sum).as("transformReduce on %s", device.name()).isEqualTo(quarter);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void intCompactionReductionTransformAndIota(Device device) {
        int n = 4 * Scans.TILE + 9;
        int[] data = ints(n, 11);
        int[] kept = new int[n];
        int[] squares = new int[n];
        int[] ids = new int[n];
        int count;
        int max;
        int sumOfSquares;
        int odd;
        try (var q = new Queue(device); var in = Buffer.of(data); var out = Buffer.of(kept);
             var sq = Buffer.of(squares); var id = Buffer.of(ids)) {
            count = Compaction.copyIf(q, in, out, x -> (x & 3) == 1);
            max = Reductions.reduce(q, in, n, Integer.MIN_VALUE, Math::max);
            sumOfSquares = Reductions.transformReduce(q, in, n, 0, Integer::sum, x -> x * x);
            odd = Compaction.countIf(q, in, x -> (x & 1) != 0);
            Transforms.transform(q, in, sq, x -> x * x);
            Transforms.iota(q, id, -5);
        }
        int[] expected = Arrays.stream(data).filter(x -> (x & 3) == 1).toArray();
        assertThat(count).isEqualTo(expected.length);
        assertThat(Arrays.copyOf(kept, count)).isEqualTo(expected);
        assertThat(max).isEqualTo(Arrays.stream(data).max().orElseThrow());
        int s = 0;
        for (int x : data) {
            s += x * x;
        }
        assertThat(sumOfSquares).isEqualTo(s);
        assertThat(odd).isEqualTo((int) Arrays.stream(data).filter(x -> (x & 1) != 0).count());
        for (int i = 0; i < n; i++) {
            assertThat(squares[i]).isEqualTo(data[i] * data[i]);
            assertThat(ids[i]).isEqualTo(i - 5);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void copyIfIntoTooSmallAnOutputSaysSo(Device device) {
        float[] data = new float[1000];
        Arrays.fill(data, 1f);
        try (var q = new Queue(device); var in = Buffer.of(data); var out = Buffer.ofFloat(Range.of(10))) {
            assertThatThrownBy(() -> Compaction.copyIf(q, in, out, x -> x > 0f))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("1000 elements satisfy the predicate")
                    .hasMessageContaining("holds 10");
        }
        int[] count = new int[1];
        float[] first = new float[12];
        try (var q = new Queue(device); var in = Buffer.of(data); var out = Buffer.of(first);
             var c = Buffer.of(count); var firstTen = out.subBuffer(Id.of(0), Range.of(10))) {
            Compaction.copyIf(q, in, firstTen, x -> x > 0f, c);
        }
        assertThat(count[0]).as("the count of all that satisfy it, on %s", device.name()).isEqualTo(1000);
        assertThat(first).as("the first ten written, on %s", device.name())
                .containsExactly(1f, 1f, 1f, 1f, 1f, 1f, 1f, 1f, 1f, 1f, 0f, 0f);
    }

    static Stream<Arguments> devicesAndSortLengths() {
        // The counting sort's tiles are Scans.TILE keys, the one-pass sort's 4096: exactly two, and a few past three.
        return TestDevices.all().flatMap(d -> Stream.of(1, 2, 1000, 2 * Scans.TILE, 3 * Scans.TILE + 17, 4096,
                2 * 4096, 3 * 4096 + 1, 300_000).map(n -> Arguments.of(d, n)));
    }

    @ParameterizedTest
    @MethodSource("devicesAndSortLengths")
    void intSortsMatchArraysSortAndAreStable(Device device, int n) {
        checkIntSorts(device, n);
    }

    static Stream<Arguments> openClDevicesAndOtherSortLengths() {
        // Tiles of both sorts, 10 of the one-pass sort's (its look-back reads 8 tiles a step), and 256 of them, where
        // on a CPU's OpenCL with several threads nearly every look-back waits for a tile: the wait is where PoCL 5
        // once gave wrong prefixes (docs/algorithms/sorting.md, "The look-back on PoCL 5").
        return TestDevices.all().filter(d -> !d.isHost()).flatMap(d -> Stream.of(1, 2, 1000, 2 * Scans.TILE, 4096,
                2 * 4096, 3 * 4096 + 1, 40_000, 1 << 20).map(n -> Arguments.of(d, n)));
    }

    static Stream<Device> openClDevices() {
        return TestDevices.all().filter(d -> !d.isHost());
    }

    /**
     * The sort an OpenCL device does not run by default (the counting sort on GPUs, the one-pass sort on CPUs), so
     * that every OpenCL device runs both.
     */
    @ParameterizedTest
    @MethodSource("openClDevicesAndOtherSortLengths")
    void theOtherIntSortMatchesArraysSortAndIsStable(Device device, int n) {
        withTheOtherSort(device, () -> checkIntSorts(device, n));
    }

    @ParameterizedTest
    @MethodSource("openClDevices")
    void theOtherSortOfSharedDigitsFloatsAndDeviceArraysMatchesJava(Device device) {
        withTheOtherSort(device, () -> {
            sortsOfKeysSharingDigitsAreStable(device);
            floatSortsOrderAsArraysSort(device);
            sortsOfDeviceArraysMatchArraysSortAndAreStable(device);
        });
    }

    static Stream<Arguments> openClDevicesAndOtherLayoutLengths() {
        // Around a striped tile (8192 elements: 4 tiles of the tile-by-tile kernels, 2 of the blocked one-pass ones),
        // and past a look-back window of 32 striped tiles.
        int striped = 4 * Scans.TILE;
        return TestDevices.all().filter(d -> !d.isHost()).flatMap(d -> Stream.of(1, 5, striped - 1, striped,
                striped + 1, 3 * striped + 4095, 40 * striped + 7).map(n -> Arguments.of(d, n)));
    }

    /**
     * The layout of the one-pass scan's and compaction's tiles that an OpenCL device does not run by default (blocked
     * on GPUs, striped on CPUs: {@code JSYCL_STRIPED_TILES}), so that every OpenCL device runs both.
     */
    @ParameterizedTest
    @MethodSource("openClDevicesAndOtherLayoutLengths")
    void theOtherTileLayoutScansAndCompactsAsJava(Device device, int n) {
        withTheOtherTileLayout(device, () -> {
            intScansMatchJava(device, n);
            floatScansMatchJava(device, n);
            copyIfKeepsTheMatchesInOrder(device, n);
        });
    }

    @ParameterizedTest
    @MethodSource("openClDevices")
    void theOtherTileLayoutAppliesANonCommutativeOperatorInOrder(Device device) {
        withTheOtherTileLayout(device, () -> aScanAppliesANonCommutativeOperatorInOrder(device));
    }

    /** Runs {@code check} with {@code jsycl.stripedTiles} set to what {@code device} does not default to. */
    static void withTheOtherTileLayout(Device device, Runnable check) {
        withProperty("jsycl.stripedTiles", device.type() == DeviceType.GPU ? "off" : "on", check);
    }

    /** Runs {@code check} with {@code jsycl.onePassSort} set to what {@code device} does not default to. */
    static void withTheOtherSort(Device device, Runnable check) {
        withProperty("jsycl.onePassSort", device.type() == DeviceType.GPU ? "off" : "on", check);
    }

    /** Runs {@code check} with system property {@code name} set to {@code value}, then as it was. */
    static void withProperty(String name, String value, Runnable check) {
        String was = System.setProperty(name, value);
        try {
            check.run();
        } finally {
            if (was == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, was);
            }
        }
    }

    private static void checkIntSorts(Device device, int n) {
        int[] keys = ints(n, 3 * n);
        for (int i = 0; i < n; i += 3) {
            keys[i] = keys[i] % 50; // repeated keys, for stability
        }
        keys[0] = Integer.MIN_VALUE;
        // The largest key last: in the last, partial tile, beside the places past the end.
        keys[n - 1] = n > 1 ? Integer.MAX_VALUE : keys[n - 1];
        int[] sorted = keys.clone();
        int[] byKey = keys.clone();
        int[] index = new int[n];
        try (var q = new Queue(device); var s = Buffer.of(sorted); var k = Buffer.of(byKey); var v = Buffer.of(index)) {
            Sorting.sort(q, s);
            Transforms.iota(q, v, 0);
            Sorting.sortByKey(q, k, v);
        }
        int[] expected = keys.clone();
        Arrays.sort(expected);
        assertThat(sorted).as("sort of %d on %s", n, device.name()).isEqualTo(expected);
        assertThat(byKey).as("sortByKey of %d on %s", n, device.name()).isEqualTo(expected);
        assertIndicesOfAStableSort(keys, byKey, index, device);
    }

    /**
     * That {@code index} holds, for each key of {@code byKey} (the keys sorted), the index of that key in {@code keys},
     * ascending among equal keys.
     */
    static void assertIndicesOfAStableSort(int[] keys, int[] byKey, int[] index, Device device) {
        for (int i = 0; i < keys.length; i++) {
            assertThat(keys[index[i]]).as("the key at index %d", index[i]).isEqualTo(byKey[i]);
            if (i > 0 && byKey[i] == byKey[i - 1]) {
                assertThat(index[i]).as("equal keys keep their order at %d on %s", i, device.name())
                        .isGreaterThan(index[i - 1]);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void sortsOfKeysSharingDigitsAreStable(Device device) {
        // Small keys share their three high digits, and one run of equal keys fills whole tiles: every key of a
        // tile, or of a sub-group's votes, on one counter.
        int n = 5 * 4096 + 77;
        var r = new SplittableRandom(31);
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = i >= 4096 && i < 3 * 4096 ? 42 : r.nextInt(7);
        }
        int[] byKey = keys.clone();
        int[] index = new int[n];
        try (var q = new Queue(device); var k = Buffer.of(byKey); var v = Buffer.of(index)) {
            Transforms.iota(q, v, 0);
            Sorting.sortByKey(q, k, v);
        }
        int[] expected = keys.clone();
        Arrays.sort(expected);
        assertThat(byKey).as("sortByKey on %s", device.name()).isEqualTo(expected);
        assertIndicesOfAStableSort(keys, byKey, index, device);
    }

    /** docs/algorithms.md's descending order: the sort of the complement (ints) or of the negation (floats). */
    @ParameterizedTest
    @MethodSource("devices")
    void descendingOrderIsTheSortOfTheComplementOrTheNegation(Device device) {
        int n = 2 * 4096 + 5;
        int[] keys = ints(n, 7);
        for (int i = 0; i < n; i += 2) {
            keys[i] = keys[i] % 20; // equal keys: their order kept
        }
        float[] reals = new float[n];
        var r = new SplittableRandom(8);
        for (int i = 0; i < n; i++) {
            reals[i] = i % 3 == 0 ? r.nextInt(5) : (float) r.nextGaussian();
        }
        reals[1] = Float.NaN;
        reals[2] = -0.0f;
        reals[3] = 0.0f;
        int[] byKey = keys.clone();
        int[] index = new int[n];
        float[] sortedReals = reals.clone();
        try (var q = new Queue(device); var k = Buffer.of(byKey); var v = Buffer.of(index);
             var f = Buffer.of(sortedReals)) {
            Transforms.iota(q, v, 0);
            Transforms.transform(q, k, k, x -> ~x);
            Sorting.sortByKey(q, k, v);
            Transforms.transform(q, k, k, x -> ~x);
            Transforms.transform(q, f, f, x -> -x);
            Sorting.sort(q, f);
            Transforms.transform(q, f, f, x -> -x);
        }
        Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        Arrays.sort(order, (a, b) -> Integer.compare(keys[b], keys[a])); // stable: equal keys in their first order
        for (int i = 0; i < n; i++) {
            assertThat(index[i]).as("descending place %d on %s", i, device.name()).isEqualTo(order[i]);
            assertThat(byKey[i]).isEqualTo(keys[order[i]]);
        }
        assertThat(Float.isNaN(sortedReals[n - 1])).as("NaN last").isTrue();
        for (int i = 1; i < n - 1; i++) {
            assertThat(Float.compare(sortedReals[i - 1], sortedReals[i])).as("descending at %d on %s", i,
                    device.name()).isNotNegative();
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatSortsOrderAsArraysSort(Device device) {
        int n = 5 * Scans.TILE + 3;
        var r = new SplittableRandom(9);
        float[] keys = new float[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (float) r.nextGaussian() * 1e3f;
        }
        float[] special = {Float.NaN, -0.0f, 0.0f, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.intBitsToFloat(0xffc00001), Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE};
        System.arraycopy(special, 0, keys, 100, special.length);
        float[] sorted = keys.clone();
        int[] index = new int[n];
        try (var q = new Queue(device); var s = Buffer.of(sorted); var v = Buffer.of(index)) {
            Transforms.iota(q, v, 0);
            Sorting.sortByKey(q, s, v);
        }
        float[] expected = keys.clone();
        Arrays.sort(expected);
        for (int i = 0; i < n; i++) {
            assertThat(Float.floatToIntBits(sorted[i])).as("element %d on %s", i, device.name())
                    .isEqualTo(Float.floatToIntBits(expected[i]));
            assertThat(Float.floatToIntBits(keys[index[i]])).as("the key at index %d", index[i])
                    .isEqualTo(Float.floatToIntBits(sorted[i]));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void extremesPartitionAndHistogramMatchJava(Device device) {
        int n = 3 * Scans.TILE + 5;
        int[] ints = ints(n, 21);
        ints[n - 7] = Integer.MIN_VALUE;
        ints[17] = Integer.MIN_VALUE; // the first of two minima wins
        ints[n / 2] = Integer.MAX_VALUE;
        var r = new SplittableRandom(22);
        float[] floats = new float[n];
        for (int i = 0; i < n; i++) {
            floats[i] = (float) r.nextGaussian();
        }
        floats[40] = -0.0f;
        floats[41] = Float.NEGATIVE_INFINITY;
        floats[n - 1] = Float.NaN; // above everything for Float.compare
        int[] parted = new int[n];
        float[] partedFloats = new float[n];
        int[] bins = new int[10];
        bins[3] = 5; // counts add to what the bins hold
        int minI;
        int maxI;
        int minF;
        int maxF;
        int first;
        int firstF;
        try (var q = new Queue(device); var in = Buffer.of(ints); var fin = Buffer.of(floats);
             var p = Buffer.of(parted); var pf = Buffer.of(partedFloats); var b = Buffer.of(bins)) {
            minI = Reductions.minElement(q, in);
            maxI = Reductions.maxElement(q, in);
            minF = Reductions.minElement(q, fin);
            maxF = Reductions.maxElement(q, fin);
            first = Compaction.partition(q, in, p, x -> x % 3 == 0);
            firstF = Compaction.partition(q, fin, pf, x -> x < 0.25f);
            Transforms.histogram(q, in, b, -1_000_000_000, 1_000_000_000);
        }
        assertThat(minI).isEqualTo(17);
        assertThat(maxI).isEqualTo(n / 2);
        assertThat(minF).isEqualTo(41);
        assertThat(maxF).isEqualTo(n - 1);
        int[] expected = java.util.stream.IntStream.concat(Arrays.stream(ints).filter(x -> x % 3 == 0),
                Arrays.stream(ints).filter(x -> x % 3 != 0)).toArray();
        assertThat(first).isEqualTo((int) Arrays.stream(ints).filter(x -> x % 3 == 0).count());
        assertThat(parted).as("int partition on %s", device.name()).isEqualTo(expected);
        float[] below = new float[n];
        int c = 0;
        for (float f : floats) {
            if (f < 0.25f) {
                below[c++] = f;
            }
        }
        assertThat(firstF).isEqualTo(c);
        for (float f : floats) {
            if (!(f < 0.25f)) {
                below[c++] = f;
            }
        }
        for (int i = 0; i < n; i++) {
            assertThat(Float.floatToRawIntBits(partedFloats[i])).as("float partition %d", i)
                    .isEqualTo(Float.floatToRawIntBits(below[i]));
        }
        int[] expectedBins = new int[10];
        expectedBins[3] = 5;
        for (int x : ints) {
            long offset = (long) x + 1_000_000_000;
            if (offset >= 0 && offset < 2_000_000_000L) {
                expectedBins[(int) (offset * 10 / 2_000_000_000L)]++;
            }
        }
        assertThat(bins).as("histogram on %s", device.name()).isEqualTo(expectedBins);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void longAndDoubleOverloadsMatchJava(Device device) {
        int n = 2 * Scans.TILE + 31;
        var r = new SplittableRandom(31);
        long[] longs = new long[n];
        double[] doubles = new double[n];
        for (int i = 0; i < n; i++) {
            longs[i] = r.nextLong();
            doubles[i] = r.nextInt(-100, 100); // exact in any grouping of their sums
        }
        long[] scanned = new long[n];
        double[] dScanned = new double[n];
        long[] kept = new long[n];
        double[] halves = new double[n];
        int count;
        long max;
        double sum;
        try (var q = new Queue(device); var in = Buffer.of(longs); var din = Buffer.of(doubles);
             var s = Buffer.of(scanned); var ds = Buffer.of(dScanned); var k = Buffer.of(kept);
             var h = Buffer.of(halves)) {
            Scans.inclusiveScan(q, in, s);
            Scans.exclusiveScan(q, din, ds);
            count = Compaction.copyIf(q, in, k, x -> x > 0);
            max = Reductions.reduce(q, in, n, Long.MIN_VALUE, Math::max);
            sum = Reductions.transformReduce(q, din, n, 0d, Double::sum, x -> x * 2);
            Transforms.transform(q, din, h, x -> x / 2);
        }
        long acc = 0;
        double dAcc = 0;
        for (int i = 0; i < n; i++) {
            acc += longs[i];
            assertThat(scanned[i]).as("long scan %d", i).isEqualTo(acc);
            assertThat(dScanned[i]).as("double exclusive scan %d", i).isEqualTo(dAcc);
            dAcc += doubles[i];
            assertThat(halves[i]).isEqualTo(doubles[i] / 2);
        }
        long[] positive = Arrays.stream(longs).filter(x -> x > 0).toArray();
        assertThat(count).isEqualTo(positive.length);
        assertThat(Arrays.copyOf(kept, count)).isEqualTo(positive);
        assertThat(max).isEqualTo(Arrays.stream(longs).max().orElseThrow());
        assertThat(sum).isEqualTo(2 * dAcc);
    }
}
