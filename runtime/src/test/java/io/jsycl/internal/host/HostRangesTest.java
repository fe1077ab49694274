package io.jsycl.internal.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.ItemKernel;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@code Range} kernels on the host device run as one loop over a run of items with the kernel's body copied in
 * ({@link HostRanges}): 1-D, 2-D and 3-D ranges with every kind of local and capture, early returns, loops and private
 * static helpers, each against the same kernel run through its lambda per item and against plain Java; an item that
 * throws still lets the others run and is reported with its line and work-item.
 */
class HostRangesTest {
    private static float warped(float v, int k) {
        return v * 0.75f - k;
    }

    /** Runs {@code run} twice, compiled and through the lambda per item, and checks both give the same array. */
    private static <T> T sameBothWays(Function<Boolean, T> run, java.util.function.BiConsumer<T, T> equal) {
        T compiled = run.apply(true);
        HostRanges.enabled = false;
        T perItem;
        try {
            perItem = run.apply(false);
        } finally {
            HostRanges.enabled = true;
        }
        equal.accept(compiled, perItem);
        return compiled;
    }

    @Test
    void oneDimensionWithLocalsOfEveryKindLoopsAndEarlyReturns() {
        int n = 10_007;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = (i * 37 % 101) * 0.25f;
        }
        long bias = 1L << 40;
        double scale = 0.125;
        float[] out = sameBothWays(compiled -> {
            float[] o = new float[n];
            try (var q = new Queue(Device.host()); var bi = Buffer.of(in); var bo = Buffer.of(o)) {
                q.submit(h -> {
                    var a = bi.read(h);
                    var w = bo.write(h);
                    ItemKernel k = it -> {
                        int i = it.id(0);
                        if (i % 7 == 3) {
                            w.set(i, -1f);
                            return;
                        }
                        long acc = bias + i;
                        double d = scale * i;
                        float v = a.get(i);
                        for (int r = 0; r < i % 5; r++) {
                            v = warped(v, r);
                            acc += r;
                        }
                        w.set(i, v + (float) d + (float) (acc - bias));
                    };
                    assertThat(HostRanges.of(k)).as("compiled into a loop").isPresent();
                    h.parallelFor(Range.of(n), k);
                });
            }
            return o;
        }, (x, y) -> assertThat(x).containsExactly(y));
        for (int i = 0; i < n; i++) {
            float expected;
            if (i % 7 == 3) {
                expected = -1f;
            } else {
                long acc = bias + i;
                float v = in[i];
                for (int r = 0; r < i % 5; r++) {
                    v = warped(v, r);
                    acc += r;
                }
                expected = v + (float) (scale * i) + (float) (acc - bias);
            }
            assertThat(out[i]).as("item %d", i).isEqualTo(expected);
        }
    }

    @Test
    void twoAndThreeDimensionsVisitEveryItemOnceInEachOrder() {
        int h = 37;
        int w = 129;
        int d = 5;
        int[] two = sameBothWays(compiled -> {
            int[] o = new int[h * w];
            try (var q = new Queue(Device.host()); var bo = Buffer.of(o, Range.of(h, w))) {
                q.submit(cg -> {
                    var out = bo.readWrite(cg);
                    cg.parallelFor(Range.of(h, w), it -> out.set(it.id(0), it.id(1),
                            out.get(it.id(0), it.id(1)) + it.id(0) * 1000 + it.id(1) + (int) it.linearId() * 7));
                });
            }
            return o;
        }, (x, y) -> assertThat(x).containsExactly(y));
        int[] three = sameBothWays(compiled -> {
            int[] o = new int[d * h * w];
            try (var q = new Queue(Device.host()); var bo = Buffer.of(o, Range.of(d, h, w))) {
                q.submit(cg -> {
                    var out = bo.readWrite(cg);
                    cg.parallelFor(Range.of(d, h, w), it -> out.set(it.id(0), it.id(1), it.id(2),
                            out.get(it.id(0), it.id(1), it.id(2)) + it.id(0) * 1_000_000 + it.id(1) * 1000
                                    + it.id(2) + it.range(2)));
                });
            }
            return o;
        }, (x, y) -> assertThat(x).containsExactly(y));
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                assertThat(two[y * w + x]).isEqualTo(y * 1000 + x + (y * w + x) * 7);
                for (int z = 0; z < d; z++) {
                    assertThat(three[(z * h + y) * w + x]).isEqualTo(z * 1_000_000 + y * 1000 + x + w);
                }
            }
        }
    }

    @Test
    void anItemThatThrowsLetsTheOthersRunAndIsNamedWithItsLineAndWorkItem() {
        int n = 5000;
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i == 4321 ? 0 : 1 + i % 9;
        }
        int[] out = new int[n];
        try (var q = new Queue(Device.host()); var bv = Buffer.of(v); var bo = Buffer.of(out)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var x = bv.read(h);
                var o = bo.write(h);
                ItemKernel k = it -> o.set(it.id(0), 1000 / x.get(it.id(0)));
                assertThat(HostRanges.of(k)).as("compiled into a loop").isPresent();
                h.parallelFor(Range.of(n), k);
            }).await()).isInstanceOf(ArithmeticException.class)
                    .hasMessageContaining("HostRangesTest.java:")
                    .hasMessageContaining("work-item [4321, 0, 0]")
                    .hasMessageContaining("/ by zero");
        }
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).as("item %d", i).isEqualTo(i == 4321 ? 0 : 1000 / v[i]);
        }
    }

    /**
     * Atomic additions whose old value the kernel drops, on accessors it uses for nothing else, are summed per run and
     * added once (k-means' per-cluster sums): the sums are Java's, in ints (wrapping) and longs; an accessor too long
     * for private sums, and additions whose old value the kernel uses, still add item by item; an item that throws
     * keeps the additions it made before.
     */
    @Test
    void atomicSumsKeptPerRunAddUpAsJavasOnes() {
        int n = 100_003;
        int k = 13;
        int big = HostRanges.Privates.MOST + 1;
        int[] counts = new int[k];
        long[] sums = new long[k];
        int[] wide = new int[big];
        int[] firsts = new int[k];
        int[] seen = new int[n];
        try (var q = new Queue(Device.host()); var bc = Buffer.of(counts); var bs = Buffer.of(sums);
             var bw = Buffer.of(wide); var bf = Buffer.of(firsts); var bseen = Buffer.of(seen)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var c = bc.readWrite(h);
                var sum = bs.readWrite(h);
                var w = bw.readWrite(h);
                var f = bf.readWrite(h);
                var o = bseen.write(h);
                ItemKernel kernel = it -> {
                    int i = it.id(0);
                    int cluster = i % k;
                    c.atomicAdd(cluster, 1);
                    sum.atomicAdd(cluster, (long) i * 100_000L + Integer.MAX_VALUE);
                    w.atomicAdd(i % big, 3);
                    o.set(i, f.atomicAdd(cluster, 1) + 1000 / (i - 77_777 == 0 ? 0 : 1000)); // item 77777 throws
                };
                assertThat(HostRanges.of(kernel)).as("compiled into a loop").isPresent();
                h.parallelFor(Range.of(n), kernel);
            }).await()).isInstanceOf(ArithmeticException.class).hasMessageContaining("work-item [77777, 0, 0]");
        }
        int[] expectedCounts = new int[k];
        long[] expectedSums = new long[k];
        int[] expectedWide = new int[big];
        for (int i = 0; i < n; i++) {
            expectedCounts[i % k]++;
            expectedSums[i % k] += (long) i * 100_000L + Integer.MAX_VALUE;
            expectedWide[i % big] += 3;
        }
        assertThat(counts).containsExactly(expectedCounts);
        assertThat(sums).containsExactly(expectedSums);
        assertThat(wide).containsExactly(expectedWide);
        assertThat(firsts).containsExactly(expectedCounts);
        // Each cluster's old values are 0, 1, 2, ... in some order: every one handed out once.
        for (int c = 0; c < k; c++) {
            var handed = new java.util.TreeSet<Integer>();
            for (int i = c; i < n; i += k) {
                handed.add(i == 77_777 ? firstsHandedTo77777(seen, c, k, n) : seen[i] - 1);
            }
            assertThat(handed).hasSize(expectedCounts[c]).first().isEqualTo(0);
            assertThat(handed.last()).isEqualTo(expectedCounts[c] - 1);
        }
    }

    /** The old value item 77777 took, which it never stored (it threw): the one of its cluster's that no item holds. */
    private static int firstsHandedTo77777(int[] seen, int cluster, int k, int n) {
        var held = new java.util.HashSet<Integer>();
        int count = 0;
        for (int i = cluster; i < n; i += k) {
            count++;
            if (i != 77_777) {
                held.add(seen[i] - 1);
            }
        }
        for (int v = 0; v < count; v++) {
            if (!held.contains(v)) {
                return v;
            }
        }
        return -1;
    }

    /**
     * Nd-range kernels without barriers run each group as one loop too: local and global ids in 1-D, 2-D and 3-D,
     * the group's id and ranges, local memory used within a work-item, each against the per-item path and Java; a
     * failing work-item is named with its global id.
     */
    @Test
    void ndRangesWithoutBarriersRunEachGroupAsOneLoop() {
        int h = 24;
        int w = 40;
        int[] two = sameBothWays(compiled -> {
            int[] o = new int[h * w];
            try (var q = new Queue(Device.host()); var bo = Buffer.of(o, Range.of(h, w))) {
                q.submit(cg -> {
                    var out = bo.write(cg);
                    var scratch = io.jsycl.LocalAccessor.ofInt(cg, Range.of(4 * 8));
                    io.jsycl.NdItemKernel k = it -> {
                        int slot = it.localId(0) * 8 + it.localId(1);
                        scratch.set(slot, it.groupId(0) * 100 + it.groupId(1));
                        out.set(it.globalId(0), it.globalId(1), scratch.get(slot) * 10_000 + it.localId(0) * 100
                                + it.localId(1) + it.globalRange(1) * 0 + it.localRange(0) * 1_000_000);
                    };
                    if (compiled) {
                        assertThat(HostRanges.ofGroup(k)).as("compiled into a group's loop").isPresent();
                    }
                    cg.parallelFor(io.jsycl.NdRange.of(Range.of(h, w), Range.of(4, 8)), k);
                });
            }
            return o;
        }, (x, y) -> assertThat(x).containsExactly(y));
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                assertThat(two[y * w + x]).isEqualTo(((y / 4) * 100 + x / 8) * 10_000 + (y % 4) * 100 + x % 8
                        + 4_000_000);
            }
        }
        int n = 1024;
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i == 700 ? 0 : i + 1;
        }
        try (var q = new Queue(Device.host()); var bv = Buffer.of(v); var bo = Buffer.of(new int[n])) {
            assertThatThrownBy(() -> q.submit(cg -> {
                var x = bv.read(cg);
                var o = bo.write(cg);
                cg.parallelFor(io.jsycl.NdRange.of(Range.of(n), Range.of(64)),
                        it -> o.set(it.globalId(0), 5000 / x.get(it.globalId(0))));
            }).await()).isInstanceOf(ArithmeticException.class).hasMessageContaining("work-item [700, 0, 0]")
                    .hasMessageContaining("HostRangesTest.java:");
        }
    }
}
