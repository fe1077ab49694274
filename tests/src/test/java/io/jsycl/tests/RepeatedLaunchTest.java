package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Id;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A queue keeps its latest launches' decisions (the program variant, the work-groups, the kernel) and reuses them for
 * a submit that repeats one: the same kernel over the same range, buffers, accessor ranges and offsets. Each test
 * repeats one kernel, then changes one thing its launch is decided from, then repeats again: the results are Java's
 * at every launch, and the scheduler's trace shows the variant the change calls for.
 */
class RepeatedLaunchTest {
    private static final String RESTRICT = "accessors restrict";

    /** The first {@code n} elements of {@code b}. */
    private static float[] contents(Buffer.OfFloat b, int n) {
        float[] v = new float[b.size()];
        try (var h = b.hostAccess()) {
            h.copyTo(v);
        }
        return Arrays.copyOf(v, n);
    }

    /** out[i] = in[i] * f + i over {@code n} items: every launch of these tests is this one kernel. */
    private static void scale(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, float f, int n) {
        q.submit(h -> {
            var src = in.read(h);
            var dst = out.write(h);
            h.parallelFor(Range.of(n), it -> {
                int i = it.id(0);
                dst.set(i, src.get(i) * f + i);
            });
        }).await();
    }

    private static float[] scaled(float[] in, float f, int n) {
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            out[i] = in[i] * f + i;
        }
        return out;
    }

    private static List<String> launches(TraceCapture capture) {
        List<String> launches = capture.messages().stream().filter(m -> m.contains(" enqueued on ")).toList();
        capture.clear();
        return launches;
    }

    @Test
    void aRepeatPassesItsOwnScalarAndTwoBuffersInTurnKeepTheirOwnData() {
        for (Device device : TestDevices.openCl()) {
            int n = 1000;
            float[] a = TestData.floats(n, 1);
            float[] b = TestData.floats(n, 2);
            try (var q = new Queue(device); var ba = Buffer.of(a.clone()); var bb = Buffer.of(b.clone());
                 var out = Buffer.ofFloat(Range.of(n))) {
                for (int r = 0; r < 6; r++) {
                    float f = 1.5f + r;
                    var in = r % 2 == 0 ? ba : bb;
                    scale(q, in, out, f, n);
                    assertThat(contents(out, n)).as("%s, launch %d", device.name(), r)
                            .containsExactly(scaled(r % 2 == 0 ? a : b, f, n));
                }
            }
        }
    }

    @Test
    void oneBufferReadAndWrittenIsNotRestrictAfterRepeatsOverTwo() {
        for (Device device : TestDevices.openCl()) {
            int n = 777;
            float[] a = TestData.floats(n, 3);
            try (var capture = new TraceCapture(); var q = new Queue(device); var in = Buffer.of(a.clone());
                 var out = Buffer.ofFloat(Range.of(n))) {
                scale(q, in, out, 2f, n);
                scale(q, in, out, 2f, n);
                assertThat(launches(capture)).hasSize(2).allSatisfy(m -> assertThat(m).contains(RESTRICT));
                // In place: both accessors over one buffer, so its pointers may not be declared restrict.
                scale(q, in, in, 3f, n);
                assertThat(launches(capture)).singleElement().asString().doesNotContain(RESTRICT);
                float[] once = scaled(a, 3f, n);
                assertThat(contents(in, n)).as(device.name()).containsExactly(once);
                scale(q, in, out, 0.5f, n);
                assertThat(launches(capture)).singleElement().asString().contains(RESTRICT);
                assertThat(contents(out, n)).as(device.name()).containsExactly(scaled(once, 0.5f, n));
            }
        }
    }

    @Test
    void subBuffersAtAndPastTheOriginTakeTheirOwnOffsets() {
        for (Device device : TestDevices.openCl()) {
            int n = 600;
            int part = 200;
            float[] a = TestData.floats(n, 4);
            try (var q = new Queue(device); var in = Buffer.of(a.clone()); var out = Buffer.ofFloat(Range.of(n))) {
                // Views of one size over the same two buffers: only their offsets tell the launches apart.
                for (int origin : new int[] {0, 0, part, part, 0, 2 * part}) {
                    try (var from = in.subBuffer(Id.of(origin), Range.of(part));
                         var to = out.subBuffer(Id.of(origin), Range.of(part))) {
                        scale(q, from, to, origin + 1f, part);
                    }
                    float[] result = contents(out, n);
                    for (int i = 0; i < part; i++) {
                        assertThat(result[origin + i]).as("%s, origin %d, item %d", device.name(), origin, i)
                                .isEqualTo(a[origin + i] * (origin + 1f) + i);
                    }
                }
            }
        }
    }

    @Test
    void anotherRangeAndABufferMadeInPlaceOfAClosedOneDecideAfresh() {
        for (Device device : TestDevices.openCl()) {
            int n = 4096;
            float[] a = TestData.floats(n, 5);
            try (var q = new Queue(device); var in = Buffer.of(a.clone())) {
                // Even, odd, even again: two items per work-item and a padded range come and go with the range.
                for (int items : new int[] {n, n, n - 3, n - 3, n, 1, n}) {
                    try (var out = Buffer.ofFloat(Range.of(n))) {
                        scale(q, in, out, 2.5f, items);
                        float[] result = contents(out, items);
                        assertThat(result).as("%s, %d items", device.name(), items)
                                .containsExactly(scaled(a, 2.5f, items));
                    }
                }
            }
        }
    }

    /** dst[i] = src[i] + k over {@code n} items of two device arrays. */
    private static void addTo(Queue q, DeviceArray.OfFloat src, DeviceArray.OfFloat dst, float k, int n) {
        q.parallelFor(Range.of(n), it -> {
            int i = it.id(0);
            dst.set(i, src.get(i) + k);
        }).await();
    }

    @Test
    void deviceArraysInTurnAndOfAnotherLengthKeepTheirOwnData() {
        for (Device device : TestDevices.openCl()) {
            int n = 512;
            float[] a = TestData.floats(n, 6);
            try (var q = new Queue(device); var x = DeviceArray.ofFloat(q, n); var y = DeviceArray.ofFloat(q, n)) {
                q.copy(a, x).await();
                // x -> y -> x -> y: each launch reads what the one before wrote.
                float[] expected = a.clone();
                for (int r = 0; r < 4; r++) {
                    addTo(q, r % 2 == 0 ? x : y, r % 2 == 0 ? y : x, r + 1f, n);
                    for (int i = 0; i < n; i++) {
                        expected[i] += r + 1f;
                    }
                }
                float[] result = new float[n];
                q.copy(x, result).await();
                assertThat(result).as(device.name()).containsExactly(expected);
                // A shorter array, perhaps from the pool that x's memory came from.
                try (var shorter = DeviceArray.ofFloat(q, n / 2)) {
                    addTo(q, x, shorter, 10f, n / 2);
                    float[] half = new float[n / 2];
                    q.copy(shorter, half).await();
                    for (int i = 0; i < n / 2; i++) {
                        assertThat(half[i]).as("%s, item %d", device.name(), i).isEqualTo(expected[i] + 10f);
                    }
                }
            }
        }
    }
}
