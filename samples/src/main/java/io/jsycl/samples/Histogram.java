package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceSelector;
import io.jsycl.Event;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.util.List;
import java.util.Random;

/**
 * A 256-bin histogram of bytes, two ways: every work-item adds to the global bins with
 * {@code atomicAdd} ({@link #histogram}), or each work-group first counts into its own bins in
 * local memory and then adds those to the global bins, one global atomic per bin and group
 * ({@link #histogramPrivatized}). Counting is exact, so both match Java exactly.
 */
public final class Histogram {
    /** The number of bins: one per byte value. */
    public static final int BINS = 256;
    /** Work-items per group in the privatized version: one per bin. */
    public static final int GROUP = 256;

    private Histogram() {
    }

    /** Adds the count of each byte value (as unsigned, {@code b & 0xFF}) of {@code data} to {@code bins}. */
    public static Event histogram(Queue q, byte[] data, int[] bins) {
        checkBins(bins);
        int n = data.length;
        try (var bufData = Buffer.of(data);
             var bufBins = Buffer.of(bins)) {
            return q.submit(h -> {
                var in = bufData.read(h);
                var out = bufBins.readWrite(h);
                h.parallelFor(Range.of(n), it -> out.atomicAdd(in.get(it.id(0)) & 0xFF, 1));
            });
        }
    }

    /**
     * As {@link #histogram}, with per-work-group bins in local memory. {@code groups} work-groups
     * of {@value #GROUP} work-items stride over the data.
     */
    public static Event histogramPrivatized(Queue q, byte[] data, int[] bins, int groups) {
        checkBins(bins);
        if (groups <= 0) {
            throw new IllegalArgumentException("groups must be positive: " + groups);
        }
        int n = data.length;
        try (var bufData = Buffer.of(data);
             var bufBins = Buffer.of(bins)) {
            return q.submit(h -> {
                var in = bufData.read(h);
                var out = bufBins.readWrite(h);
                var local = LocalAccessor.ofInt(h, BINS);
                h.parallelFor(NdRange.of(Range.of(groups * GROUP), Range.of(GROUP)), it -> {
                    int lid = it.localId(0);
                    local.set(lid, 0);
                    it.barrier();
                    int stride = it.globalRange(0);
                    for (int i = it.globalId(0); i < n; i += stride) {
                        local.atomicAdd(in.get(i) & 0xFF, 1);
                    }
                    it.barrier();
                    int count = local.get(lid);
                    if (count != 0) {
                        out.atomicAdd(lid, count);
                    }
                });
            });
        }
    }

    /** The reference: the same counts by a Java loop. */
    public static int[] histogramInJava(byte[] data) {
        int[] bins = new int[BINS];
        for (byte b : data) {
            bins[b & 0xFF]++;
        }
        return bins;
    }

    private static void checkBins(int[] bins) {
        if (bins.length != BINS) {
            throw new IllegalArgumentException("bins must hold " + BINS + " ints: " + bins.length);
        }
    }

    /** Usage: {@code Histogram [n]}: {@code n} random bytes (default 4 Mi), skewed so the bins differ. */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 22;
        var random = new Random(5);
        byte[] data = new byte[n];
        for (int i = 0; i < n; i++) {
            // A rough bell curve: the sum of two uniform bytes, halved.
            data[i] = (byte) ((random.nextInt(256) + random.nextInt(256)) >> 1);
        }
        int[] expected = histogramInJava(data);
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            int[] global = new int[BINS];
            long t0 = System.nanoTime();
            Event e1 = histogram(q, data, global);
            long wall1 = System.nanoTime() - t0;
            SampleReport.kernelTime("histogram of " + n + " bytes, global atomics", List.of(e1), wall1);
            int[] privatized = new int[BINS];
            int groups = Math.max(1, Math.min(64, n / (GROUP * 64)));
            t0 = System.nanoTime();
            Event e2 = histogramPrivatized(q, data, privatized, groups);
            long wall2 = System.nanoTime() - t0;
            SampleReport.kernelTime("histogram of " + n + " bytes, local bins (" + groups + " groups)", List.of(e2), wall2);
            String detail = SampleReport.mismatch(global, expected);
            String detail2 = SampleReport.mismatch(privatized, expected);
            System.exit(SampleReport.check(detail.isEmpty() && detail2.isEmpty(),
                    detail.isEmpty() ? "local bins: " + detail2 : "global atomics: " + detail));
        }
    }
}
