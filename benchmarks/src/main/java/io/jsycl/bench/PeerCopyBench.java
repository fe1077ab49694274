package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.DeviceType;
import io.jsycl.Event;
import io.jsycl.HostArray;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Moving device memory between the first two GPUs of a host, one context over both: jsycl's
 * {@code q.copy(DeviceArray, DeviceArray)} across the devices (pinned host memory in slices, both DMA engines at once),
 * beside the driver's own way (a {@code clEnqueueCopyBuffer} on the second GPU's queue from a buffer the first GPU
 * wrote last) and each GPU's pinned host-to-device copy in jsycl ({@code q.copy(HostArray, DeviceArray)}), the bound of
 * a staged move. Also what a {@code Buffer} used by both GPUs in turn costs (one OpenCL buffer, which the driver
 * moves), and the driver's explicit move ({@code clEnqueueMigrateMemObjects}). Median of {@code --runs} runs each,
 * GB/s of the bytes moved; every jsycl move checked.
 *
 * <pre>PeerCopyBench [--runs 5] [--mib 64,1024] [--type gpu|cpu]</pre>
 *
 * ({@code --type cpu} with {@code POCL_DEVICES="pthread pthread"} runs it on two PoCL CPU devices.)
 */
public final class PeerCopyBench {
    private PeerCopyBench() {
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 5);
        int[] mibs = Arrays.stream(opts.getOrDefault("mib", "64,1024").split(",")).mapToInt(Integer::parseInt).toArray();
        DeviceType type = DeviceType.valueOf(opts.getOrDefault("type", "gpu").toUpperCase(Locale.ROOT));
        List<Device> gpus = Device.all().stream().filter(d -> d.type() == type).toList();
        if (gpus.size() < 2) {
            System.out.println("PeerCopyBench: needs two GPUs, found " + gpus);
            return;
        }
        Device d0 = gpus.get(0);
        Device d1 = gpus.get(1);
        System.out.printf("## %s (PCI %s) and %s (PCI %s): moving device memory between two GPUs of one context%n%n",
                d0.name(), d0.pciBusId().orElse("?"), d1.name(), d1.pciBusId().orElse("?"));
        System.out.println("| MiB | way | median ms | GB/s | check |");
        System.out.println("|---|---|---|---|---|");
        try (var context = new Context(d0, d1); var q0 = new Queue(context, d0); var q1 = new Queue(context, d1)) {
            for (int mib : mibs) {
                int n = (int) ((long) mib << 20) / 4;
                float[] data = new float[n];
                for (int i = 0; i < n; i++) {
                    data[i] = i;
                }
                try (var a = DeviceArray.ofFloat(q0, n); var b = DeviceArray.ofFloat(q1, n);
                     var host = HostArray.ofFloat(context, n)) {
                    q0.copy(data, a).await();
                    Stats t = Stats.wall(0, runs, () -> q1.copy(a, b).await());
                    float[] back = new float[n];
                    q1.copy(b, back).await();
                    row(mib, "jsycl q.copy, GPU 0 to GPU 1 (staged in slices)", t, Arrays.equals(back, data) ? "ok"
                            : "MISMATCH");
                    host.copyFrom(data);
                    for (int g = 0; g < 2; g++) {
                        Queue q = g == 0 ? q0 : q1;
                        var dst = g == 0 ? a : b;
                        row(mib, "jsycl q.copy, pinned host memory to GPU " + g,
                                Stats.wall(0, runs, () -> q.copy(host, dst).await()), "-");
                    }
                }
                bufferHop(q0, q1, n, runs, mib);
                driverCopy(d0, d1, (long) mib << 20, runs, mib);
            }
        }
    }

    /** The driver's own move: the second GPU's queue copies a buffer that the first GPU's queue wrote last. */
    private static void driverCopy(Device d0, Device d1, long bytes, int runs, int mib) {
        ClDevice c0 = Suite.match(d0);
        ClDevice c1 = Suite.match(d1);
        try (var context = ClContext.create(List.of(c0, c1));
             var q0 = ClCommandQueue.create(context, c0, false, false);
             var q1 = ClCommandQueue.create(context, c1, false, false);
             var src = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, bytes, MemorySegment.NULL);
             var dst = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, bytes, MemorySegment.NULL);
             var arena = java.lang.foreign.Arena.ofConfined()) {
            MemorySegment pattern = arena.allocate(4);
            Stats t = Stats.measure(0, runs, () -> {
                try (ClEvent fill = q0.enqueueFillBuffer(src, pattern, 0, bytes, List.of())) {
                    q0.finish();
                    long t0 = System.nanoTime();
                    try (ClEvent copy = q1.enqueueCopyBuffer(src, dst, 0, 0, bytes, List.of(fill))) {
                        q1.finish();
                    }
                    return System.nanoTime() - t0;
                }
            });
            row(mib, "driver: clEnqueueCopyBuffer on GPU 1 of a buffer GPU 0 wrote", t, "-");
            Stats migrate = Stats.measure(0, runs, () -> {
                try (ClEvent fill = q0.enqueueFillBuffer(src, pattern, 0, bytes, List.of())) {
                    q0.finish();
                    long t0 = System.nanoTime();
                    try (ClEvent move = q1.enqueueMigrate(src, List.of(fill))) {
                        q1.finish();
                    }
                    return System.nanoTime() - t0;
                }
            });
            row(mib, "driver: clEnqueueMigrateMemObjects to GPU 1 of a buffer GPU 0 wrote", migrate, "-");
        } catch (RuntimeException e) {
            System.out.printf("| %d | driver: clEnqueueCopyBuffer across the GPUs | failed: %s | | |%n", mib,
                    e.getMessage());
        }
    }

    /**
     * A jsycl {@code Buffer} used by both GPUs of the context in turn: a kernel on GPU 1 adds one to every element
     * that a kernel on GPU 0 wrote last, so the contents must move before it runs (one context: one OpenCL buffer,
     * which the driver moves). The time of GPU 1's submit and wait, its small kernel included.
     */
    private static void bufferHop(Queue q0, Queue q1, int n, int runs, int mib) {
        float[] data = new float[n];
        try (var buf = Buffer.of(data)) {
            Stats t = Stats.measure(0, runs, () -> {
                addOne(q0, buf, n).await();
                long t0 = System.nanoTime();
                addOne(q1, buf, n).await();
                return System.nanoTime() - t0;
            });
            row(mib, "jsycl Buffer: a kernel on GPU 1 after one on GPU 0 wrote it (the driver moves it)", t, "-");
        }
        float expected = 2f * runs;
        boolean ok = true;
        for (float v : data) {
            ok &= v == expected;
        }
        System.out.printf("| %d | (the hops' result) | | | %s |%n", mib, ok ? "ok" : "MISMATCH");
    }

    private static Event addOne(Queue q, Buffer.OfFloat buf, int n) {
        return q.submit(h -> {
            var a = buf.readWrite(h);
            h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) + 1f));
        });
    }

    private static void row(int mib, String way, Stats times, String check) {
        double ms = times.medianMs();
        System.out.printf("| %d | %s | %.3f | %.1f | %s |%n", mib, way, ms, ((long) mib << 20) / (ms * 1e6), check);
    }
}
