package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;

/**
 * Two measurements of the scheduler for the record: host↔device transfers of a 5-kernel chain over
 * one buffer (kept on the device between kernels, against a buffer made and closed around each
 * kernel, which is what copy-in/copy-out per launch costs), and the profiling timeline of two
 * independent kernels on one out-of-order queue (whether the device overlaps them).
 *
 * <pre>Timeline [gpu|cpu|NAME]</pre>
 */
public final class Timeline {
    private Timeline() {
    }

    public static void main(String[] args) {
        Device device = Suite.devices(args.length > 0 ? args[0] : null).getFirst();
        System.out.println("device: " + device.name());
        transfers(device);
        overlap(device);
    }

    private static void transfers(Device device) {
        int n = 1 << 20;
        float[] data = new float[n];
        try (var q = new Queue(device)) {
            long[] c0 = transferCalls();
            try (var buf = Buffer.of(data)) {
                for (int k = 0; k < 5; k++) {
                    step(q, buf, n);
                }
            }
            String kept = since(c0);
            c0 = transferCalls();
            for (int k = 0; k < 5; k++) {
                try (var buf = Buffer.of(data)) {
                    step(q, buf, n);
                }
            }
            System.out.printf("host<->device calls (clEnqueueWriteBuffer / ReadBuffer / MapBuffer; a map is a transfer on "
                    + "host-unified devices, else the pinned staging's once per copy): 5-kernel chain over one buffer: %s; "
                    + "copy-in/copy-out per kernel: %s%n", kept, since(c0));
        }
    }

    private static long[] transferCalls() {
        return new long[] {ClObjects.calls("clEnqueueWriteBuffer"), ClObjects.calls("clEnqueueReadBuffer"),
            ClObjects.calls("clEnqueueMapBuffer")};
    }

    private static String since(long[] before) {
        long[] now = transferCalls();
        return (now[0] - before[0]) + " / " + (now[1] - before[1]) + " / " + (now[2] - before[2]);
    }

    private static void step(Queue q, Buffer.OfFloat buf, int n) {
        q.submit(h -> {
            var a = buf.readWrite(h);
            h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 0.5f + 1f));
        });
    }

    private static void overlap(Device device) {
        int n = 1 << 16;
        float[] x = new float[n];
        float[] y = new float[n];
        try (var q = new Queue(new Context(device), device, QueueProperty.ENABLE_PROFILING);
             var bx = Buffer.of(x); var by = Buffer.of(y)) {
            for (int round = 0; round < 3; round++) {
                Event a = busy(q, bx, n);
                Event b = busy(q, by, n);
                a.await();
                b.await();
                var pa = a.profile();
                var pb = b.profile();
                long origin = Math.min(pa.startNanos(), pb.startNanos());
                boolean overlaps = pa.startNanos() < pb.endNanos() && pb.startNanos() < pa.endNanos();
                System.out.printf("round %d: kernel A %.3f..%.3f ms, kernel B %.3f..%.3f ms -> %s%n", round,
                        (pa.startNanos() - origin) / 1e6, (pa.endNanos() - origin) / 1e6,
                        (pb.startNanos() - origin) / 1e6, (pb.endNanos() - origin) / 1e6,
                        overlaps ? "overlap" : "serialized");
            }
        }
    }

    private static Event busy(Queue q, Buffer.OfFloat buf, int n) {
        return q.submit(h -> {
            var a = buf.readWrite(h);
            h.parallelFor(Range.of(n), it -> {
                float v = a.get(it.id(0));
                for (int s = 0; s < 2000; s++) {
                    v = v * 0.999f + 0.5f;
                }
                a.set(it.id(0), v);
            });
        });
    }
}
