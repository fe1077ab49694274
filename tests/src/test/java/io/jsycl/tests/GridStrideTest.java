package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.DeviceType;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A loop-free 1-D kernel may run its items a grid apart ({@code JSYCL_GRID_STRIDE}): one wave of 4 work-groups of 256
 * per compute unit, each work-item running the body for its global id and then for the ids a grid further on. On by
 * default on GPUs where the accessors span at most 48 MiB; forced on here. Either way every item runs exactly once, as
 * in Java: ranges just over one wave and odd ones, accessors with offsets, device arrays, Float4 loads, atomics; a
 * kernel with a loop, a checked kernel and a range of one wave or less run one item per work-item.
 */
@Isolated
class GridStrideTest {
    /**
     * Runs {@code body} on a padding queue on {@code device} with {@code JSYCL_GRID_STRIDE} set to {@code stride};
     * returns the kernel launches the scheduler traced.
     */
    private static List<String> launches(Device device, String stride, Consumer<Queue> body) {
        return LaunchShapes.launches(LaunchShapes.traced(device, body, "jsycl.gridStride", stride, "jsycl.padRanges",
                "on"));
    }

    /** The work-items of a grid-stride launch on {@code device}: 4 work-groups of 256 per compute unit. */
    private static int wave(Device device) {
        return 4 * device.maxComputeUnits() * 256;
    }

    /** Every OpenCL device (the GPU conformance run covers the GPU's driver too). */
    private static List<Device> devices() {
        List<Device> devices = TestDevices.openCl();
        org.junit.jupiter.api.Assumptions.assumeFalse(devices.isEmpty(), "no OpenCL device");
        return devices;
    }

    @Test
    void everyItemRunsOnceOverRangesAroundOneWave() {
        for (Device device : devices()) {
            int wave = wave(device);
            for (int n : new int[] {wave - 1, wave, wave + 1, 2 * wave + 3, 3 * wave, 5 * wave + 7}) {
                var probe = new EveryItemOnce(n);
                var launches = launches(device, "on", probe::submit);
                String as = device.name() + ", n " + n;
                probe.assertRanOnce(as);
                var launch = assertThat(launches).as(as).singleElement().asString();
                if (n > wave) {
                    launch.contains("items a grid apart over " + wave + " work-items");
                } else {
                    launch.doesNotContain("grid apart");
                }
            }
        }
    }

    @Test
    void offsetsDeviceArraysVectorsAndAtomicsKeepJavasResults() {
        for (Device device : devices()) {
            int n = 3 * wave(device) + 1001;
            offsetsDeviceArraysVectorsAndAtomics(device, n);
        }
    }

    private static void offsetsDeviceArraysVectorsAndAtomics(Device device, int n) {
        var probe = new AtomicsAndOffsets(n);
        float[] xs = new float[n];
        float[] wantDoubled = new float[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (i % 1000) * 0.25f;
            wantDoubled[i] = xs[i] * 2f - 1f;
        }
        float alpha = 1.5f;
        float[] x4 = new float[4 * n];
        float[] saxpy = new float[4 * n];
        float[] wantSaxpy = new float[4 * n];
        for (int i = 0; i < 4 * n; i++) {
            x4[i] = xs[i / 4] + i % 4;
            saxpy[i] = i * 0.125f;
            wantSaxpy[i] = alpha * x4[i] + saxpy[i];
        }
        float[] doubled = new float[n];
        var launches = launches(device, "on", q -> {
            try (var bd = Buffer.of(probe.data()); var bx = Buffer.of(x4); var by = Buffer.of(saxpy);
                 var arr = DeviceArray.ofFloat(q, n)) {
                probe.submit(q, bd);
                q.submit(h -> { // Float4 loads and stores
                    var x = bx.read(h);
                    var y = by.readWrite(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        y.set4(i, x.get4(i).mul(alpha).add(y.get4(i)));
                    });
                });
                q.copy(xs, arr).await();
                q.submit(h -> h.parallelFor(Range.of(n), it -> arr.set(it.id(0), arr.get(it.id(0)) * 2f - 1f)))
                        .await();
                q.copy(arr, doubled).await();
            }
        });
        String as = device.name() + ", n " + n;
        probe.assertJavasResults(as);
        assertThat(saxpy).as(as + ": Float4 SAXPY").isEqualTo(wantSaxpy);
        assertThat(doubled).as(as + ": device array").isEqualTo(wantDoubled);
        int wave = wave(device);
        assertThat(launches).as(as).hasSize(4)
                .allMatch(m -> m.contains("items a grid apart over " + wave + " work-items"));
    }

    @Test
    void loopsCheckedKernelsAndAutoOnCpusRunOneItemPerWorkItem() {
        for (Device device : devices()) {
            int wave = wave(device);
            int n = 4 * wave;
            int[] in = new int[n];
            int[] wantSteps = new int[n];
            int[] wantQuotients = new int[n];
            int[] wantCopy = new int[n];
            for (int i = 0; i < n; i++) {
                in[i] = i % 1000 + 1;
                int v = in[i];
                int steps = 0;
                while (v != 1 && steps < 50) {
                    v = (v & 1) == 0 ? v / 2 : 3 * v + 1;
                    steps++;
                }
                wantSteps[i] = steps;
                wantQuotients[i] = in[i] / (i + 1);
                wantCopy[i] = in[i] + 1;
            }
            int[] looped = new int[n];
            int[] checked = new int[n];
            var launches = launches(device, "on", q -> {
                try (var bi = Buffer.of(in); var bl = Buffer.of(looped); var bk = Buffer.of(checked)) {
                    q.submit(h -> { // a loop: items may cost differently, so the hardware schedules work-groups
                        var src = bi.read(h);
                        var dst = bl.write(h);
                        h.parallelFor(Range.of(n), it -> {
                            int v = src.get(it.id(0));
                            int steps = 0;
                            while (v != 1 && steps < 50) {
                                v = (v & 1) == 0 ? v / 2 : 3 * v + 1;
                                steps++;
                            }
                            dst.set(it.id(0), steps);
                        });
                    });
                    q.submit(h -> { // checked: a failing item is named by its global id
                        h.checked();
                        var src = bi.read(h);
                        var dst = bk.write(h);
                        h.parallelFor(Range.of(n), it -> dst.set(it.id(0), src.get(it.id(0)) / (it.id(0) + 1)));
                    });
                }
            });
            String as = device.name() + ", n " + n;
            assertThat(looped).as(as + ": a kernel with a loop").isEqualTo(wantSteps);
            assertThat(checked).as(as + ": a checked kernel").isEqualTo(wantQuotients);
            assertThat(launches).as(as).hasSize(2).noneMatch(m -> m.contains("grid apart"));

            // Auto: GPUs only, and only where the accessors span at most 48 MiB (here 2 x 4 x n bytes).
            int[] copy = new int[n];
            var auto = launches(device, null, q -> {
                try (var bi = Buffer.of(in); var bc = Buffer.of(copy)) {
                    q.submit(h -> {
                        var src = bi.read(h);
                        var dst = bc.write(h);
                        h.parallelFor(Range.of(n), it -> dst.set(it.id(0), src.get(it.id(0)) + 1));
                    });
                }
            });
            assertThat(copy).as(as + ": auto").isEqualTo(wantCopy);
            var launch = assertThat(auto).as(as + ": auto").singleElement().asString();
            if (device.type() == DeviceType.GPU) {
                launch.contains("items a grid apart over " + wave + " work-items");
            } else {
                launch.doesNotContain("grid apart");
            }
        }
    }
}
