package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.CommandGroup;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DistributedQueue;
import io.jsycl.KernelLoweringException;
import io.jsycl.Range;
import io.jsycl.RangeMapper;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code DistributedQueue.prepare}: every device's chunk built ahead of the first submit, at once, without running
 * anything; the submits after it build nothing more and match a Java loop. The devices are one OpenCL device taken
 * two and three times, each in a context of its own (as {@code DistributedQueueTest}'s).
 */
@ExtendWith(NoDiskCache.class) // every program a context needs is a build its program manager counts
class DistributedPrepareTest {
    private static final int ROWS = 700; // chunks of 256-row multiples: each of three devices gets rows
    private static final int COLUMNS = 9;

    private static CommandGroup stencil(Buffer.OfInt in, Buffer.OfInt out, int factor) {
        return h -> {
            var a = in.read(h, RangeMapper.neighborhood(1));
            var b = out.writeNoInit(h, RangeMapper.oneToOne());
            h.parallelFor(Range.of(ROWS), it -> {
                int i = it.id(0);
                int up = i == 0 ? 0 : a.get(i - 1);
                int down = i == ROWS - 1 ? 0 : a.get(i + 1);
                b.set(i, (up + a.get(i) * factor + down) ^ i);
            });
        };
    }

    private static int[] expected(int[] in, int factor) {
        int[] out = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            int up = i == 0 ? 0 : in[i - 1];
            int down = i == ROWS - 1 ? 0 : in[i + 1];
            out[i] = (up + in[i] * factor + down) ^ i;
        }
        return out;
    }

    private static long builds(DistributedQueue dq) {
        return dq.contexts().stream().mapToLong(c -> c.programManager().stats().builds()).sum();
    }

    @Test
    void everyDevicesChunkIsBuiltAtOnceAndTheSubmitsBuildNothingMore() {
        Device d = TestDevices.firstOpenCl();
        int[] in = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            in[i] = i * 31 - 5000;
        }
        for (List<Device> devices : List.of(List.of(d, d), List.of(d, d, d))) {
            int[] out = new int[ROWS];
            Arrays.fill(out, -1);
            try (var dq = new DistributedQueue(devices); var bin = Buffer.of(in); var bout = Buffer.of(out)) {
                long[] bounds = dq.chunkBounds(ROWS);
                assertThat(bounds[devices.size() - 1]).as("every device gets rows").isLessThan(ROWS);
                dq.prepare(stencil(bin, bout, 3));
                for (Context c : dq.contexts()) {
                    assertThat(c.programManager().stats().builds()).as("builds on each of %d devices after prepare",
                            devices.size()).isEqualTo(1);
                }
                dq.prepare(stencil(bin, bout, 3)); // a second prepare finds them built
                assertThat(builds(dq)).as("after a second prepare").isEqualTo(devices.size());
                dq.await();
                try (var host = bout.hostRead()) {
                    int[] now = new int[ROWS];
                    host.copyTo(now);
                    assertThat(now).as("nothing ran, nothing was written").containsOnly(-1);
                }

                for (int factor : new int[] {3, -7}) {
                    dq.submit(stencil(bin, bout, factor)).await();
                    try (var host = bout.hostRead()) {
                        int[] now = new int[ROWS];
                        host.copyTo(now);
                        assertThat(now).as("factor %d on %d devices", factor, devices.size())
                                .isEqualTo(expected(in, factor));
                    }
                    if (factor == 3) {
                        // The first submit runs whole chunks (every row comes from the host): the prepared programs.
                        // A later one splits each chunk around the rows its neighbours hold, parts of other ranges.
                        assertThat(builds(dq)).as("builds after the first submit").isEqualTo(devices.size());
                    }
                }
            }
        }
    }

    /** Measured balance: the prepare builds the chunks of the split the first submit takes (the weights given). */
    @Test
    void aMeasuredQueuesFirstSubmitLaunchesThePreparedChunks() {
        Device d = TestDevices.firstOpenCl();
        int[] in = new int[ROWS];
        Arrays.setAll(in, i -> i * 3 - 700);
        try (var dq = new DistributedQueue(List.of(d, d), DistributedQueue.Balance.MEASURED, 1, 2);
             var bin = Buffer.of(in); var bout = Buffer.of(new int[ROWS])) {
            dq.prepare(stencil(bin, bout, 5));
            assertThat(builds(dq)).as("after the prepare").isEqualTo(2);
            dq.submit(stencil(bin, bout, 5)).await();
            assertThat(builds(dq)).as("after the first submit").isEqualTo(2);
            try (var host = bout.hostRead()) {
                int[] now = new int[ROWS];
                host.copyTo(now);
                assertThat(now).isEqualTo(expected(in, 5));
            }
        }
    }

    @Test
    void anUnsupportedKernelAGroupWithoutKernelAndAClosedQueueAreRefused() {
        Device d = TestDevices.firstOpenCl();
        var dq = new DistributedQueue(List.of(d, d));
        try (var bin = Buffer.of(new int[ROWS]); var bout = Buffer.of(new int[ROWS])) {
            Object lock = new Object();
            assertThatThrownBy(() -> dq.prepare(h -> {
                var a = bin.read(h, RangeMapper.oneToOne());
                var b = bout.writeNoInit(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(ROWS), it -> {
                    synchronized (lock) { // a monitor: no kernel can take one
                        b.set(it.id(0), a.get(it.id(0)));
                    }
                });
            })).isInstanceOf(KernelLoweringException.class).hasMessageContaining("DistributedPrepareTest.java:");
            assertThat(builds(dq)).as("nothing built").isZero();
            assertThatThrownBy(() -> dq.prepare(h -> bin.read(h, RangeMapper.oneToOne())))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("ran no kernel");
            dq.close();
            assertThatThrownBy(() -> dq.prepare(stencil(bin, bout, 1)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
        } finally {
            dq.close();
        }
    }
}
