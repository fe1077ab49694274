package io.jsycl.tests;

import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.DeviceType;
import io.jsycl.Event;
import io.jsycl.Platform;
import io.jsycl.Queue;
import java.util.Arrays;
import java.util.List;

/**
 * {@link PeerCopyTest}'s program, run in a process of its own so that PoCL can be asked for two devices
 * ({@code POCL_DEVICES}) before it loads: copies between device arrays of two devices of one context, both ways, of
 * sizes from none to several slices with a ragged end, with offsets and after a dependency on the other device, each
 * compared with the Java array it came from; on two GPUs of a platform where there are, else on any two devices of
 * one. Prints {@code OK} and the devices, or {@code SKIP} where no platform has two devices.
 */
public final class PeerCopyMain {
    private PeerCopyMain() {
    }

    public static void main(String[] args) {
        // Two GPUs where a platform has them (the multi-GPU hosts' conformance), else any two devices of a platform.
        List<Device> two = Platform.all().stream()
                .map(p -> p.devices().stream().filter(d -> d.type() == DeviceType.GPU).toList())
                .filter(d -> d.size() >= 2).findFirst()
                .orElse(Platform.all().stream().map(Platform::devices).filter(d -> d.size() >= 2).findFirst()
                        .orElse(List.of()));
        if (two.size() < 2) {
            System.out.println("SKIP: no platform with two devices: " + Device.all());
            return;
        }
        try (var context = new Context(two.get(0), two.get(1)); var q0 = new Queue(context, two.get(0));
             var q1 = new Queue(context, two.get(1))) {
            for (int n : new int[] {0, 1, 1000, (4 << 20) / 4 * 3 + 17}) {
                float[] data = new float[n];
                for (int i = 0; i < n; i++) {
                    data[i] = i * 0.25f - 7;
                }
                var a = DeviceArray.ofFloat(q0, n);
                var b = DeviceArray.ofFloat(q1, n);
                var c = DeviceArray.ofFloat(q0, n);
                Event written = q0.copy(data, a);
                q1.copy(a, b, written).await(); // pulled by the destination's queue
                q1.copy(b, c).await(); // pushed by the source's queue
                float[] back = new float[n];
                q0.copy(c, back).await();
                check(Arrays.equals(back, data), "round trip of " + n + " floats");
                if (n >= 1000) {
                    int count = n / 2;
                    q0.fill(c, -1f).await();
                    q1.copy(b, 3, c, 5, count).await();
                    q0.copy(c, back).await();
                    for (int i = 0; i < n; i++) {
                        float expected = i >= 5 && i < 5 + count ? data[i - 5 + 3] : -1f;
                        check(Float.compare(back[i], expected) == 0, n + " floats, offsets: element " + i);
                    }
                }
                a.close();
                b.close();
                c.close();
            }
        }
        System.out.println("OK on " + two);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("wrong result: " + what);
        }
    }
}
