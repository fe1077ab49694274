package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.CommandGroup;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.KernelLoweringException;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code Queue.prepare}: a kernel built ahead of its first submit, on every device, without running anything. */
@ExtendWith(NoDiskCache.class) // every program a context needs is a build its program manager counts
class PrepareTest {
    private static final int ROWS = 37;
    private static final int COLUMNS = 70; // neither a multiple of a work-group's side: a GPU pads this range

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static CommandGroup scaleRows(Buffer.OfInt in, Buffer.OfInt out, int factor) {
        return h -> {
            var a = in.read(h);
            var b = out.writeNoInit(h);
            h.parallelFor(Range.of(ROWS, COLUMNS), it -> {
                int i = it.id(0);
                int j = it.id(1);
                b.set(i * COLUMNS + j, a.get(i * COLUMNS + j) * factor + i - j);
            });
        };
    }

    private static int[] input() {
        int[] data = new int[ROWS * COLUMNS];
        for (int k = 0; k < data.length; k++) {
            data[k] = k * 7 - 1000;
        }
        return data;
    }

    private static int[] read(Buffer.OfInt buffer) {
        int[] data = new int[ROWS * COLUMNS];
        try (var host = buffer.hostRead()) {
            host.copyTo(data);
        }
        return data;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aPreparedKernelRunsNothingAndItsSubmitsBuildNothingMore(Device device) {
        int[] in = input();
        int[] out = new int[in.length];
        Arrays.fill(out, -1);
        try (var context = new Context(device)) {
            try (var q = new Queue(context, device); var bin = Buffer.of(in); var bout = Buffer.of(out)) {
                q.prepare(scaleRows(bin, bout, 3));
                q.prepare(scaleRows(bin, bout, 3)); // a second prepare finds it built
                if (!device.isHost()) { // the host device compiles nothing
                    assertThat(context.programManager().stats().builds()).as("builds after prepare").isEqualTo(1);
                }
                q.await();
                assertThat(read(bout)).as("nothing ran, nothing was written").containsOnly(-1);

                for (int factor : new int[] {3, 5}) { // another scalar: the same program
                    q.submit(scaleRows(bin, bout, factor)).await();
                    int[] expected = new int[in.length];
                    for (int i = 0; i < ROWS; i++) {
                        for (int j = 0; j < COLUMNS; j++) {
                            expected[i * COLUMNS + j] = in[i * COLUMNS + j] * factor + i - j;
                        }
                    }
                    assertThat(read(bout)).as("factor %d on %s", factor, device).isEqualTo(expected);
                }
                if (!device.isHost()) {
                    assertThat(context.programManager().stats().builds()).as("builds after the submits").isEqualTo(1);
                }
            }
        }
    }

    @Test
    @Timeout(60)
    void aPrepareWaitsForNoDependencyAndMovesNoData() throws InterruptedException {
        Device device = TestDevices.firstOpenCl();
        int[] in = input();
        int[] out = new int[in.length];
        Arrays.fill(out, -1);
        var release = new CountDownLatch(1);
        try (var q = new Queue(device); var bin = Buffer.of(in); var bout = Buffer.of(out)) {
            // A host task holding the output buffer until released: a prepare that waited for it would hang here.
            Event blocker = q.submit(h -> {
                var b = bout.write(h);
                h.hostTask(() -> {
                    try {
                        release.await(50, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    b.set(0, 42);
                });
            });
            q.prepare(h -> {
                h.dependsOn(blocker);
                scaleRows(bin, bout, 2).apply(h);
            });
            assertThat(release.getCount()).as("the host task is still held").isEqualTo(1);
            release.countDown();
            blocker.await();
            int[] afterTask = read(bout);
            assertThat(afterTask[0]).isEqualTo(42);
            assertThat(Arrays.copyOfRange(afterTask, 1, afterTask.length)).as("the prepare wrote nothing")
                    .containsOnly(-1);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anUnsupportedKernelIsReportedByItsPrepare(Device device) {
        try (var q = new Queue(device); var buf = Buffer.of(new int[16])) {
            assertThatThrownBy(() -> q.prepare(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), String.valueOf(it.id(0)).length()));
            })).isInstanceOf(KernelLoweringException.class).hasMessageContaining("PrepareTest.java:");
        }
    }

    @Test
    void aCommandGroupWithoutAKernelOrAClosedQueueIsRefused() {
        Device device = TestDevices.firstOpenCl();
        var q = new Queue(device);
        try (var buf = Buffer.of(new int[4])) {
            assertThatThrownBy(() -> q.prepare(h -> buf.read(h))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("ran no kernel");
            q.close();
            assertThatThrownBy(() -> q.prepare(scaleRows(buf, buf, 1))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
        }
    }
}
