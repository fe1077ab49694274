package io.jsycl.tests;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceType;
import io.jsycl.DistributedQueue;
import io.jsycl.Platform;
import io.jsycl.Range;
import io.jsycl.RangeMapper;
import io.jsycl.Reduction;
import java.util.Arrays;
import java.util.List;

/**
 * {@link DistributedQueueDevicesTest}'s program, in a process of its own so that PoCL can be asked for two devices
 * ({@code POCL_DEVICES}) before it loads: a {@link DistributedQueue} over distinct devices (every GPU of a platform
 * that has two or more, else every device of a platform that has two), each result compared with Java's: a 2-D
 * stencil with halo rows (its interior running before the halo arrives), a sum, and replicated reads. Prints
 * {@code OK} and the devices, or {@code SKIP} where no platform has two devices; exits with an error on a wrong result.
 */
public final class DistributedQueueDevicesMain {
    private DistributedQueueDevicesMain() {
    }

    public static void main(String[] args) {
        List<Device> devices = Platform.all().stream()
                .map(p -> p.devices().stream().filter(d -> d.type() == DeviceType.GPU).toList())
                .filter(d -> d.size() >= 2).findFirst()
                .orElse(Platform.all().stream().map(Platform::devices).filter(d -> d.size() >= 2).findFirst()
                        .orElse(List.of()));
        if (devices.size() < 2) {
            System.out.println("SKIP: no platform with two devices: " + Device.all());
            return;
        }
        stencil(devices);
        sumAndReplicatedReads(devices);
        System.out.println("OK on " + devices);
    }

    private static void stencil(List<Device> devices) {
        int rows = 256 * 4 * devices.size() + 37;
        int cols = 64;
        int steps = 7;
        float[] init = new float[rows * cols];
        for (int i = 0; i < init.length; i++) {
            init[i] = (i * 7919 % 1000) / 100f;
        }
        float[] p = init.clone();
        float[] q = new float[p.length];
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    int c = i * cols + j;
                    q[c] = i == 0 || j == 0 || i == rows - 1 || j == cols - 1 ? p[c]
                            : 0.25f * (p[c - cols] + p[c + cols] + p[c - 1] + p[c + 1]);
                }
            }
            float[] t = p;
            p = q;
            q = t;
        }
        float[] a = init.clone();
        float[] b = new float[a.length];
        Range shape = Range.of(rows, cols);
        try (var dq = new DistributedQueue(devices); var ba = Buffer.of(a, shape); var bb = Buffer.of(b, shape)) {
            for (int s = 0; s < steps; s++) {
                var src = s % 2 == 0 ? ba : bb;
                var dst = s % 2 == 0 ? bb : ba;
                dq.submit(h -> {
                    var in = src.read(h, RangeMapper.neighborhood(1));
                    var out = dst.writeNoInit(h, RangeMapper.oneToOne());
                    h.parallelFor(shape, it -> {
                        int i = it.id(0);
                        int j = it.id(1);
                        out.set(i, j, i == 0 || j == 0 || i == rows - 1 || j == cols - 1 ? in.get(i, j)
                                : 0.25f * (in.get(i - 1, j) + in.get(i + 1, j) + in.get(i, j - 1) + in.get(i, j + 1)));
                    });
                });
            }
        }
        check(Arrays.equals(steps % 2 == 0 ? a : b, p), "the stencil");
    }

    private static void sumAndReplicatedReads(List<Device> devices) {
        int n = 5000;
        int[] v = new int[n];
        long sum = 0;
        for (int i = 0; i < n; i++) {
            v[i] = i % 97 - 40;
            sum += v[i];
        }
        int[] total = new int[1];
        int[] counts = new int[n];
        try (var dq = new DistributedQueue(devices); var bv = Buffer.of(v); var out = Buffer.of(total);
             var bc = Buffer.of(counts)) {
            dq.submit(h -> {
                var x = bv.read(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), Reduction.sum(out), (it, s) -> s.combine(x.get(it.id(0))));
            });
            dq.submit(h -> { // every device reads every value: how many are below each one
                var x = bv.read(h, RangeMapper.all());
                var c = bc.writeNoInit(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), it -> {
                    int mine = x.get(it.id(0));
                    int below = 0;
                    for (int j = 0; j < n; j++) {
                        below += x.get(j) < mine ? 1 : 0;
                    }
                    c.set(it.id(0), below);
                });
            });
        }
        check(total[0] == (int) sum, "the sum: " + total[0] + " against " + sum);
        for (int i = 0; i < n; i++) {
            int below = 0;
            for (int j = 0; j < n; j++) {
                below += v[j] < v[i] ? 1 : 0;
            }
            check(counts[i] == below, "replicated reads: element " + i);
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.out.println("WRONG: " + what);
            System.exit(1);
        }
    }
}
