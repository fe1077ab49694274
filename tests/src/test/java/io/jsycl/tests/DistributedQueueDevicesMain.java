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
        float[] init = new float[rows * cols];
        for (int i = 0; i < init.length; i++) {
            init[i] = (i * 7919 % 1000) / 100f;
        }
        try (var dq = new DistributedQueue(devices)) {
            check(Arrays.equals(Jacobi2d.distributed(dq, init, rows, cols, 7), Jacobi2d.inJava(init, rows, cols, 7)),
                    "the stencil");
        }
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
