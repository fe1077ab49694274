package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Aspect;
import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.SyclException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A submit that repeats one of its queue's latest launches takes that launch's kernel, decisions and arguments
 * whole ({@code schedule.RepeatLane}), comparing its captures in place. These tests repeat launches and then change
 * what the comparison must notice (a scalar every launch, local memory's size, a closed device array, local memory of
 * another command group, more kernels and buffer sets than are kept): every launch's result is Java's, and every
 * misuse is refused as the whole submit path refuses it. {@link RepeatedLaunchTest} changes the buffers, ranges and
 * offsets.
 */
class RepeatLaneTest {
    private static float[] contents(Buffer.OfFloat b) {
        float[] v = new float[b.size()];
        try (var h = b.hostAccess()) {
            h.copyTo(v);
        }
        return v;
    }

    /** out[i] = sum of in over i's work-group of {@code group} items, through local memory of {@code group} floats. */
    private static void groupSums(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, int n, int group) {
        q.submit(h -> {
            var src = in.read(h);
            var dst = out.write(h);
            var tile = LocalAccessor.ofFloat(h, group);
            h.parallelFor(NdRange.of(Range.of(n), Range.of(group)), it -> {
                int l = it.localId(0);
                tile.set(l, src.get(it.globalId(0)));
                it.barrier();
                float s = 0;
                for (int k = 0; k < group; k++) {
                    s += tile.get(k);
                }
                dst.set(it.globalId(0), s);
            });
        }).await();
    }

    private static float[] groupSums(float[] in, int group) {
        float[] out = new float[in.length];
        for (int g = 0; g < in.length; g += group) {
            float s = 0;
            for (int k = 0; k < group; k++) {
                s += in[g + k];
            }
            Arrays.fill(out, g, g + group, s);
        }
        return out;
    }

    @Test
    void localMemoryOfAnotherSizeIsBoundAfresh() {
        for (Device device : TestDevices.openCl()) {
            int n = 256;
            float[] a = TestData.floats(n, 11);
            try (var q = new Queue(device); var in = Buffer.of(a.clone()); var out = Buffer.ofFloat(Range.of(n))) {
                for (int group : new int[] {16, 16, 32, 32, 16, 64}) {
                    groupSums(q, in, out, n, group);
                    assertThat(contents(out)).as("%s, groups of %d", device.name(), group)
                            .containsExactly(groupSums(a, group));
                }
            }
        }
    }

    @Test
    void aScalarChangingAtEveryLaunchIsPassedEachTime() {
        for (Device device : TestDevices.openCl()) {
            int n = 300;
            try (var q = new Queue(device); var acc = Buffer.ofFloat(Range.of(n))) {
                float[] expected = new float[n];
                for (int step = 0; step < 40; step++) {
                    float t = step * 0.75f;
                    int k = step % 3;
                    q.submit(h -> {
                        var x = acc.readWrite(h);
                        h.parallelFor(Range.of(n), it -> x.set(it.id(0), x.get(it.id(0)) + t * (it.id(0) % 3 + k)));
                    });
                    for (int i = 0; i < n; i++) {
                        expected[i] += t * (i % 3 + k);
                    }
                }
                assertThat(contents(acc)).as(device.name()).containsExactly(expected);
            }
        }
    }

    /** x[i] = l + 3s + 5b + 7c + (z ? 11 : 0) + i: a scalar of each integral kind and a boolean, each a field of its own. */
    private static void integral(Queue q, Buffer.OfLong out, long l, short s, byte b, char c, boolean z) {
        q.submit(h -> {
            var x = out.write(h);
            h.parallelFor(Range.of(out.size()), it -> x.set(it.id(0), l + s * 3 + b * 5 + c * 7 + (z ? 11 : 0) + it.id(0)));
        }).await();
    }

    @Test
    void scalarsOfEveryKindChangingOneAtATimeArePassedEachTime() {
        long[] ls = {1L << 40, 1L << 40, -3, -3, -3, -3, -3, -3};
        short[] ss = {7, 7, 7, -300, -300, -300, -300, -300};
        byte[] bs = {-1, -1, -1, -1, 100, 100, 100, 100};
        char[] cs = {'a', 'a', 'a', 'a', 'a', 60000, 60000, 60000};
        boolean[] zs = {true, true, true, true, true, true, false, false};
        for (Device device : TestDevices.openCl()) {
            int n = 96;
            try (var q = new Queue(device); var out = Buffer.ofLong(Range.of(n))) {
                for (int r = 0; r < ls.length; r++) {
                    integral(q, out, ls[r], ss[r], bs[r], cs[r], zs[r]);
                    long[] result = new long[n];
                    try (var h = out.hostAccess()) {
                        h.copyTo(result);
                    }
                    for (int i = 0; i < n; i++) {
                        long expected = ls[r] + ss[r] * 3 + bs[r] * 5 + cs[r] * 7 + (zs[r] ? 11 : 0) + i;
                        assertThat(result[i]).as("%s, launch %d, item %d", device.name(), r, i).isEqualTo(expected);
                    }
                }
                if (device.hasAspect(Aspect.FP64)) {
                    try (var d = Buffer.ofDouble(Range.of(n))) {
                        for (double v : new double[] {0.1, 0.1, -0.0, 0.0, 1e300}) {
                            q.submit(h -> {
                                var x = d.write(h);
                                h.parallelFor(Range.of(n), it -> x.set(it.id(0), v * it.id(0)));
                            }).await();
                            double[] result = new double[n];
                            try (var h = d.hostAccess()) {
                                h.copyTo(result);
                            }
                            for (int i = 0; i < n; i++) {
                                assertThat(Double.doubleToRawLongBits(result[i])).as("%s, %s * %d", device.name(), v, i)
                                        .isEqualTo(Double.doubleToRawLongBits(v * i));
                            }
                        }
                    }
                }
            }
        }
    }

    /** y[i] += x[i] * s over {@code n} items of two device arrays. */
    private static void axpy(Queue q, DeviceArray.OfFloat x, DeviceArray.OfFloat y, float s, int n) {
        q.parallelFor(Range.of(n), it -> {
            int i = it.id(0);
            y.set(i, y.get(i) + x.get(i) * s);
        }).await();
    }

    @Test
    void aClosedDeviceArrayIsRefusedAfterRepeats() {
        for (Device device : TestDevices.openCl()) {
            int n = 128;
            try (var q = new Queue(device); var y = DeviceArray.ofFloat(q, n)) {
                var x = DeviceArray.ofFloat(q, n);
                q.copy(TestData.floats(n, 12), x).await();
                axpy(q, x, y, 2f, n);
                axpy(q, x, y, 2f, n);
                x.close();
                assertThatThrownBy(() -> axpy(q, x, y, 2f, n)).as(device.name())
                        .isInstanceOf(IllegalStateException.class).hasMessageContaining("is closed");
            }
        }
    }

    @Test
    void localMemoryOfAnEarlierCommandGroupIsRefusedAfterRepeats() {
        for (Device device : TestDevices.openCl()) {
            int n = 64;
            LocalAccessor.OfFloat[] earlier = new LocalAccessor.OfFloat[1];
            try (var q = new Queue(device); var out = Buffer.ofFloat(Range.of(n))) {
                for (int r = 0; r < 3; r++) {
                    boolean stale = r == 2;
                    var submit = (Runnable) () -> q.submit(h -> {
                        var dst = out.write(h);
                        var made = LocalAccessor.ofFloat(h, 16);
                        var tile = stale ? earlier[0] : made;
                        earlier[0] = made;
                        h.parallelFor(NdRange.of(Range.of(n), Range.of(16)), it -> {
                            tile.set(it.localId(0), it.globalId(0));
                            it.barrier();
                            dst.set(it.globalId(0), tile.get(15 - it.localId(0)));
                        });
                    }).await();
                    if (stale) {
                        assertThatThrownBy(submit::run).as(device.name()).isInstanceOf(SyclException.class)
                                .hasMessageContaining("local memory made in another command group");
                    } else {
                        submit.run();
                        float[] result = contents(out);
                        for (int i = 0; i < n; i++) {
                            assertThat(result[i]).as("%s, item %d", device.name(), i)
                                    .isEqualTo(i / 16 * 16 + 15 - i % 16);
                        }
                    }
                }
            }
        }
    }

    /** out[i] = in[i] * f + c. */
    private static void affine(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, float f, float c) {
        q.submit(h -> {
            var src = in.read(h);
            var dst = out.write(h);
            h.parallelFor(Range.of(in.size()), it -> dst.set(it.id(0), src.get(it.id(0)) * f + c));
        });
    }

    /** out[i] = in[i] - d: a second lambda class, taking turns with the first. */
    private static void shift(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, float d) {
        q.submit(h -> {
            var src = in.read(h);
            var dst = out.write(h);
            h.parallelFor(Range.of(in.size()), it -> dst.set(it.id(0), src.get(it.id(0)) - d));
        });
    }

    @Test
    void moreLaunchesThanAreKeptTakingTurnsKeepTheirOwnData() {
        for (Device device : TestDevices.openCl()) {
            int n = 500;
            int sets = 5; // more buffer pairs than one kernel keeps launches of, and with two kernels more than the lane
            var ins = new Buffer.OfFloat[sets];
            var outs = new Buffer.OfFloat[sets];
            float[][] data = new float[sets][];
            try (var q = new Queue(device)) {
                for (int s = 0; s < sets; s++) {
                    data[s] = TestData.floats(n, 20 + s);
                    ins[s] = Buffer.of(data[s].clone());
                    outs[s] = Buffer.ofFloat(Range.of(n));
                }
                try {
                    for (int r = 0; r < 4 * sets; r++) {
                        int s = r % sets;
                        float f = 1 + r % 2;
                        if (r % 4 < 2) {
                            affine(q, ins[s], outs[s], f, s);
                        } else {
                            shift(q, ins[s], outs[s], f);
                        }
                        float[] expected = new float[n];
                        for (int i = 0; i < n; i++) {
                            expected[i] = r % 4 < 2 ? data[s][i] * f + s : data[s][i] - f;
                        }
                        assertThat(contents(outs[s])).as("%s, launch %d", device.name(), r).containsExactly(expected);
                    }
                } finally {
                    for (int s = 0; s < sets; s++) {
                        ins[s].close();
                        outs[s].close();
                    }
                }
            }
        }
    }
}
