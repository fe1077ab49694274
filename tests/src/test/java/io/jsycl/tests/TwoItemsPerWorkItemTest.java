package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Id;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A 1-D kernel over an even range may run two items per work-item (the second half the range after the first;
 * {@code JSYCL_TWO_ITEMS_PER_WORK_ITEM}, on by default on GPUs for large ranges, forced on here), and its accessors are
 * {@code restrict} when they are over different memory. Either way every item runs exactly once, as in Java: odd and
 * tiny ranges, padded launches, accessors with offsets, ids through {@code linearId()}, atomics, checked kernels.
 * Checked kernels and kernels with vector accesses ({@code get4}, {@code set2}, ...) run one item per work-item.
 */
@Isolated
class TwoItemsPerWorkItemTest {
    /** Runs {@code body} with the given settings on the first OpenCL device; returns the scheduler's trace. */
    private static List<String> traced(String twoItems, String padRanges, Consumer<Queue> body) {
        return LaunchShapes.traced(TestDevices.firstOpenCl(), body, "jsycl.twoItemsPerWorkItem", twoItems,
                "jsycl.padRanges", padRanges);
    }

    private static List<String> launches(List<String> trace) {
        return LaunchShapes.launches(trace);
    }

    @Test
    void everyItemRunsOnceForOddTinyAndPaddedRanges() {
        for (String pad : new String[] {"off", "on"}) {
            for (int n : new int[] {1, 2, 3, 5, 255, 256, 257, 1000, 1001, 65_538, 65_537}) {
                var probe = new EveryItemOnce(n);
                var trace = traced("on", pad, probe::submit);
                probe.assertRanOnce("pad " + pad + ", n " + n);
                var launch = assertThat(launches(trace)).as("pad %s, n %d", pad, n).singleElement().asString()
                        .contains("accessors restrict");
                if (n % 2 == 0) {
                    launch.contains("two items per work-item over " + n / 2 + " work-items");
                } else {
                    launch.doesNotContain("two items per work-item"); // only even ranges split in two halves
                }
            }
        }
    }

    @Test
    void subBufferOffsetsAtomicsAndCheckedKernelsKeepJavasResults() {
        int n = 10_002;
        var probe = new AtomicsAndOffsets(n);
        int[] data = probe.data();
        int[] checked = new int[n];
        var trace = traced("on", "on", q -> {
            try (var bd = Buffer.of(data); var bk = Buffer.of(checked)) {
                probe.submit(q, bd);
                q.submit(h -> { // a checked kernel names a failing item by its id: it runs one item per work-item
                    h.checked();
                    var d = bd.read(h);
                    var k = bk.write(h);
                    h.parallelFor(Range.of(n), it -> k.set(it.id(0), d.get(it.id(0)) / (it.id(0) + 1)));
                });
            }
        });
        probe.assertJavasResults("two items per work-item");
        for (int i = 0; i < n; i++) {
            assertThat(checked[i]).as("checked[%d]", i).isEqualTo(data[i] / (i + 1));
        }
        var launches = launches(trace);
        assertThat(launches).hasSize(3);
        assertThat(launches.get(0)).contains("two items per work-item over " + n / 2);
        assertThat(launches.get(1)).contains("two items per work-item over " + (n - AtomicsAndOffsets.OFFSET) / 2);
        assertThat(launches.get(2)).doesNotContain("two items per work-item");
    }

    @Test
    void accessorsOverOneBufferAreNotRestrictAndAutoLeavesCpuDevicesAlone() {
        int n = 4096;
        int[] values = new int[n];
        int[] other = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = i * 3;
        }
        var trace = traced(null, null, q -> {
            try (var bv = Buffer.of(values); var bo = Buffer.of(other);
                 var low = bv.subBuffer(Id.of(0), Range.of(n / 2));
                 var high = bv.subBuffer(Id.of(n / 2), Range.of(n / 2))) {
                q.submit(h -> { // two sub-buffers of one buffer: the same memory, so no restrict
                    var l = low.readWrite(h);
                    var u = high.read(h);
                    h.parallelFor(Range.of(n / 2), it -> l.set(it.id(0), l.get(it.id(0)) + u.get(it.id(0))));
                });
                q.submit(h -> { // different buffers: restrict
                    var v = bv.read(h);
                    var o = bo.write(h);
                    h.parallelFor(Range.of(n), it -> o.set(it.id(0), v.get(it.id(0)) - 1));
                });
            }
        });
        for (int i = 0; i < n; i++) {
            int want = i < n / 2 ? i * 3 + (i + n / 2) * 3 : i * 3;
            assertThat(values[i]).as("values[%d]", i).isEqualTo(want);
            assertThat(other[i]).as("other[%d]", i).isEqualTo(want - 1);
        }
        var launches = launches(trace);
        assertThat(launches).hasSize(2).noneMatch(m -> m.contains("two items per work-item"));
        assertThat(launches.get(0)).doesNotContain("restrict");
        assertThat(launches.get(1)).contains("accessors restrict");
        Device device = TestDevices.firstOpenCl();
        assertThat(device.type().toString()).as("this test's auto case assumes a CPU device").isNotEqualTo("GPU");
    }

    @Test
    void oneDeviceArrayCapturedTwiceIsNotRestrict() {
        int n = 2048;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 0.5f;
        }
        float[] out = new float[n];
        float[] other = new float[n];
        var trace = traced("on", null, q -> {
            try (var x = DeviceArray.ofFloat(q, n); var y = DeviceArray.ofFloat(q, n)) {
                var alias = x;
                q.copy(in, x).await();
                q.submit(h -> h.parallelFor(Range.of(n), it -> { // x twice: the same memory
                    int i = it.id(0);
                    alias.set(i, x.get(i) * 3f + 1f);
                })).await();
                q.submit(h -> h.parallelFor(Range.of(n), it -> y.set(it.id(0), x.get(it.id(0)) - 1f))).await();
                q.copy(x, out).await();
                q.copy(y, other).await();
            }
        });
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).as("x[%d]", i).isEqualTo(in[i] * 3f + 1f);
            assertThat(other[i]).as("y[%d]", i).isEqualTo(in[i] * 3f);
        }
        var launches = launches(trace);
        assertThat(launches).hasSize(2).allMatch(m -> m.contains("two items per work-item over " + n / 2));
        assertThat(launches.get(0)).doesNotContain("restrict");
        assertThat(launches.get(1)).contains("accessors restrict");
    }

    @Test
    void kernelsWithVectorAccessesRunOneItemPerWorkItem() {
        int n = 1000; // items: Float4s and Int2s
        float alpha = 1.5f;
        float[] x = new float[4 * n];
        float[] y = new float[4 * n];
        int[] pairs = new int[2 * n];
        int[] sums = new int[n];
        int[] scalar = new int[n];
        for (int i = 0; i < 4 * n; i++) {
            x[i] = i * 0.25f - 3f;
            y[i] = 1f / (i + 1);
        }
        for (int i = 0; i < 2 * n; i++) {
            pairs[i] = i * 7919 - 40_000;
        }
        float[] wantY = new float[4 * n];
        for (int i = 0; i < 4 * n; i++) {
            wantY[i] = x[i] * alpha + y[i];
        }
        int[] wantSums = new int[n];
        int[] wantScalar = new int[n];
        for (int i = 0; i < n; i++) {
            wantSums[i] = pairs[2 * i] + pairs[2 * i + 1];
            wantScalar[i] = pairs[i] ^ i;
        }
        var trace = traced("on", "on", q -> {
            try (var bx = Buffer.of(x); var by = Buffer.of(y); var bp = Buffer.of(pairs); var bs = Buffer.of(sums);
                 var bc = Buffer.of(scalar)) {
                q.submit(h -> { // Float4 loads and a store
                    var xs = bx.read(h);
                    var ys = by.readWrite(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        ys.set4(i, xs.get4(i).mul(alpha).add(ys.get4(i)));
                    });
                });
                q.submit(h -> { // an Int2 load only
                    var p = bp.read(h);
                    var s = bs.write(h);
                    h.parallelFor(Range.of(n), it -> s.set(it.id(0), p.get2(it.id(0)).sum()));
                });
                q.submit(h -> { // no vector access: two items per work-item, as forced
                    var p = bp.read(h);
                    var c = bc.write(h);
                    h.parallelFor(Range.of(n), it -> c.set(it.id(0), p.get(it.id(0)) ^ it.id(0)));
                });
            }
        });
        assertThat(y).as("Float4 SAXPY").isEqualTo(wantY);
        assertThat(sums).as("Int2 sums").isEqualTo(wantSums);
        assertThat(scalar).as("scalar kernel").isEqualTo(wantScalar);
        var launches = launches(trace);
        assertThat(launches).hasSize(3);
        assertThat(launches.subList(0, 2)).noneMatch(m -> m.contains("two items per work-item"));
        assertThat(launches.get(2)).contains("two items per work-item over " + n / 2);
    }
}
