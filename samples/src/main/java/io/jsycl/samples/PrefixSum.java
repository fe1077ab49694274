package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceSelector;
import io.jsycl.Event;
import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Inclusive prefix sum of an {@code int} array ({@code out[i] = in[0] + ... + in[i]}, wrapping like Java), built on
 * the work-group algorithms of {@code NdItem}. The array is cut into tiles of {@link #TILE} elements, one work-group
 * each, and scanned in three kernels:
 * <ol>
 *   <li>each group sums its tile ({@code reduceOverGroup}) into {@code sums[tile]};
 *   <li>one group turns {@code sums} into each tile's exclusive prefix: each work-item adds up a run of tiles, an
 *       {@code exclusiveScanOverGroup} gives each run its start, and each work-item writes its run's prefixes;
 *   <li>each group reads its tile into local memory (consecutive work-items read consecutive elements), each
 *       work-item scans {@link #PER_ITEM} consecutive elements of it, an {@code exclusiveScanOverGroup} of those
 *       work-items' totals plus the tile's prefix gives each its start, and the group writes the tile back.
 * </ol>
 * Integer addition wraps and is associative, so the result is Java's exactly, on every device.
 */
public final class PrefixSum {
    /** Work-items per work-group. */
    static final int GROUP = 256;
    /** Elements each work-item scans in the last kernel. */
    static final int PER_ITEM = 8;
    /** Elements per work-group. */
    public static final int TILE = GROUP * PER_ITEM;

    private PrefixSum() {
    }

    /**
     * The local-memory slot of a tile's element {@code e}: one unused slot after every 32. A work-item scans
     * {@link #PER_ITEM} consecutive elements, so the work-items of a warp read elements 8 apart, which without the
     * gaps fall on 4 of local memory's 32 banks; with them, on all 32.
     */
    static int padded(int e) {
        return e + (e >> 5);
    }

    /** The tiles (work-groups) of a scan of {@code n} elements, at least 1. */
    public static int tiles(int n) {
        return Math.max(1, (n + TILE - 1) / TILE);
    }

    /**
     * Writes the inclusive prefix sum of the first {@code n} elements of {@code in} into {@code out}.
     *
     * @param events receives the three kernels' events
     */
    public static void inclusiveScan(Queue q, Buffer.OfInt in, Buffer.OfInt out, int n, List<Event> events) {
        try (var sums = Buffer.ofInt(Range.of(tiles(n)))) {
            inclusiveScan(q, in, out, n, sums, events);
        }
    }

    /**
     * As {@link #inclusiveScan(Queue, Buffer.OfInt, Buffer.OfInt, int, List)} with the tiles' sums in {@code sums}
     * (at least {@link #tiles} elements), which a caller that scans repeatedly keeps.
     */
    public static void inclusiveScan(Queue q, Buffer.OfInt in, Buffer.OfInt out, int n, Buffer.OfInt sums,
            List<Event> events) {
        int tiles = tiles(n);
        events.add(q.submit(h -> {
            var x = in.read(h);
            var s = sums.write(h);
            h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                int base = it.groupId(0) * TILE + it.localId(0);
                int total = 0;
                for (int k = 0; k < PER_ITEM; k++) {
                    int i = base + k * GROUP;
                    if (i < n) {
                        total += x.get(i);
                    }
                }
                total = it.reduceOverGroup(total, GroupOp.SUM);
                if (it.localId(0) == 0) {
                    s.set(it.groupId(0), total);
                }
            });
        }));
        events.add(tilePrefixes(q, sums, tiles));
        events.add(q.submit(h -> {
            var x = in.read(h);
            var s = sums.read(h);
            var y = out.write(h);
            var tile = LocalAccessor.ofInt(h, PrefixSum.padded(TILE));
            h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                int lid = it.localId(0);
                int base = it.groupId(0) * TILE;
                for (int k = 0; k < PER_ITEM; k++) {
                    int i = base + k * GROUP + lid;
                    tile.set(PrefixSum.padded(k * GROUP + lid), i < n ? x.get(i) : 0);
                }
                it.barrier(Fence.LOCAL);
                int run = 0;
                for (int k = 0; k < PER_ITEM; k++) {
                    run += tile.get(PrefixSum.padded(lid * PER_ITEM + k));
                }
                int prefix = it.exclusiveScanOverGroup(run, GroupOp.SUM) + s.get(it.groupId(0));
                for (int k = 0; k < PER_ITEM; k++) {
                    prefix += tile.get(PrefixSum.padded(lid * PER_ITEM + k));
                    tile.set(PrefixSum.padded(lid * PER_ITEM + k), prefix);
                }
                it.barrier(Fence.LOCAL);
                for (int k = 0; k < PER_ITEM; k++) {
                    int i = base + k * GROUP + lid;
                    if (i < n) {
                        y.set(i, tile.get(PrefixSum.padded(k * GROUP + lid)));
                    }
                }
            });
        }));
    }

    /** Replaces {@code sums[0..tiles)} by its exclusive prefix sum, in one work-group. */
    static Event tilePrefixes(Queue q, Buffer.OfInt sums, int tiles) {
        int run = (tiles + GROUP - 1) / GROUP;
        return q.submit(h -> {
            var s = sums.readWrite(h);
            h.parallelFor(NdRange.of(Range.of(GROUP), Range.of(GROUP)), it -> {
                int start = it.localId(0) * run;
                int end = Math.min(tiles, start + run);
                int total = 0;
                for (int i = start; i < end; i++) {
                    total += s.get(i);
                }
                int prefix = it.exclusiveScanOverGroup(total, GroupOp.SUM);
                for (int i = start; i < end; i++) {
                    int v = s.get(i);
                    s.set(i, prefix);
                    prefix += v;
                }
            });
        });
    }

    /** The inclusive prefix sum of {@code data} on {@code q}. */
    public static int[] inclusiveScan(Queue q, int[] data) {
        int[] out = new int[data.length];
        if (data.length == 0) {
            return out;
        }
        try (var in = Buffer.of(data); var o = Buffer.of(out)) {
            inclusiveScan(q, in, o, data.length, new ArrayList<>());
        }
        return out;
    }

    /** The reference: a Java loop. */
    public static int[] inclusiveScanInJava(int[] data) {
        int[] out = new int[data.length];
        int sum = 0;
        for (int i = 0; i < data.length; i++) {
            sum += data[i];
            out[i] = sum;
        }
        return out;
    }

    /** Usage: {@code PrefixSum [n]} (default 16 Mi random ints). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 24;
        var random = new Random(5);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = random.nextInt();
        }
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            int[] out = new int[n];
            var events = new ArrayList<Event>();
            long t0 = System.nanoTime();
            try (var in = Buffer.of(data); var o = Buffer.of(out)) {
                inclusiveScan(q, in, o, n, events);
            }
            long wall = System.nanoTime() - t0;
            SampleReport.kernelTime("inclusive prefix sum of " + n + " ints", events, wall);
            int[] expected = inclusiveScanInJava(data);
            System.exit(SampleReport.check(Arrays.equals(out, expected), SampleReport.mismatch(out, expected)));
        }
    }
}
