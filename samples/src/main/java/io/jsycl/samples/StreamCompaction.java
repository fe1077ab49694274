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
import io.jsycl.algorithms.Compaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Stream compaction: the elements of an {@code int} array above a threshold, in their order ({@code IntStream.filter}
 * on the device). A scan of "kept" counts gives every kept element its place, as in {@link PrefixSum}: each tile of
 * {@link PrefixSum#TILE} elements counts its kept elements ({@code reduceOverGroup}); one group turns the counts into
 * each tile's first output index (the last entry becomes the total); then each work-item counts the kept elements
 * among its {@link PrefixSum#PER_ITEM} consecutive ones, an {@code exclusiveScanOverGroup} of those counts plus the
 * tile's first index gives its first output index, and it writes its kept elements there.
 *
 * <p>In a program, the library does this in one call, faster (one kernel with a decoupled look-back,
 * {@code docs/algorithms/compaction.md}): {@code int count = Compaction.copyIf(q, in, out, x -> x > threshold)}.
 * {@link #main} runs both and checks both against a Java stream; this sample shows how such a kernel is built from the
 * work-group functions.
 */
public final class StreamCompaction {
    private static final int GROUP = PrefixSum.GROUP;
    private static final int PER_ITEM = PrefixSum.PER_ITEM;
    private static final int TILE = PrefixSum.TILE;

    private StreamCompaction() {
    }

    /**
     * Writes the elements of {@code in[0..n)} greater than {@code threshold} into {@code out}, in order.
     *
     * @param offsets at least {@code PrefixSum.tiles(n) + 1} elements; afterwards {@code offsets[tiles]} holds the count
     * @param events receives the three kernels' events
     */
    public static void compact(Queue q, Buffer.OfInt in, Buffer.OfInt out, int n, int threshold, Buffer.OfInt offsets,
            List<Event> events) {
        int tiles = PrefixSum.tiles(n);
        events.add(q.submit(h -> {
            var x = in.read(h);
            var c = offsets.write(h);
            h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                int base = it.groupId(0) * TILE + it.localId(0);
                int kept = 0;
                for (int k = 0; k < PER_ITEM; k++) {
                    int i = base + k * GROUP;
                    if (i < n && x.get(i) > threshold) {
                        kept++;
                    }
                }
                kept = it.reduceOverGroup(kept, GroupOp.SUM);
                if (it.localId(0) == 0) {
                    c.set(it.groupId(0), kept);
                    if (it.groupId(0) == 0) {
                        c.set(tiles, 0);
                    }
                }
            });
        }));
        events.add(PrefixSum.tilePrefixes(q, offsets, tiles + 1));
        events.add(q.submit(h -> {
            var x = in.read(h);
            var c = offsets.read(h);
            var y = out.write(h);
            var tile = LocalAccessor.ofInt(h, PrefixSum.padded(TILE));
            h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                int lid = it.localId(0);
                int base = it.groupId(0) * TILE;
                for (int k = 0; k < PER_ITEM; k++) {
                    int i = base + k * GROUP + lid;
                    // Padding beyond n is never kept: the threshold itself is not above the threshold.
                    tile.set(PrefixSum.padded(k * GROUP + lid), i < n ? x.get(i) : threshold);
                }
                it.barrier(Fence.LOCAL);
                int kept = 0;
                for (int k = 0; k < PER_ITEM; k++) {
                    if (tile.get(PrefixSum.padded(lid * PER_ITEM + k)) > threshold) {
                        kept++;
                    }
                }
                int at = it.exclusiveScanOverGroup(kept, GroupOp.SUM) + c.get(it.groupId(0));
                for (int k = 0; k < PER_ITEM; k++) {
                    int v = tile.get(PrefixSum.padded(lid * PER_ITEM + k));
                    if (v > threshold) {
                        y.set(at, v);
                        at++;
                    }
                }
            });
        }));
    }

    /** The elements of {@code data} greater than {@code threshold}, in order, compacted on {@code q}. */
    public static int[] compact(Queue q, int[] data, int threshold) {
        int n = data.length;
        if (n == 0) {
            return new int[0];
        }
        int[] out = new int[n];
        int[] offsets = new int[PrefixSum.tiles(n) + 1];
        try (var in = Buffer.of(data); var o = Buffer.of(out); var c = Buffer.of(offsets)) {
            compact(q, in, o, n, threshold, c, new ArrayList<>());
        }
        return Arrays.copyOf(out, offsets[offsets.length - 1]);
    }

    /** The reference: a Java stream. */
    public static int[] compactInJava(int[] data, int threshold) {
        return Arrays.stream(data).filter(v -> v > threshold).toArray();
    }

    /** Usage: {@code StreamCompaction [n]} (default 16 Mi random ints, keeping those above 0). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 24;
        var random = new Random(6);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = random.nextInt();
        }
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            int[] out = new int[n];
            int[] offsets = new int[PrefixSum.tiles(n) + 1];
            var events = new ArrayList<Event>();
            long t0 = System.nanoTime();
            try (var in = Buffer.of(data); var o = Buffer.of(out); var c = Buffer.of(offsets)) {
                compact(q, in, o, n, 0, c, events);
            }
            long wall = System.nanoTime() - t0;
            SampleReport.kernelTime("compaction of " + n + " ints (kept " + offsets[offsets.length - 1] + ")", events,
                    wall);
            int[] kept = Arrays.copyOf(out, offsets[offsets.length - 1]);
            int[] expected = compactInJava(data, 0);
            // The library's one call: the kept elements in order, their count returned.
            int threshold = 0;
            int[] byLibrary = new int[n];
            int count;
            long t1 = System.nanoTime();
            try (var in = Buffer.of(data); var o = Buffer.of(byLibrary)) {
                count = Compaction.copyIf(q, in, o, v -> v > threshold);
            }
            System.out.printf("Compaction.copyIf: kept %d in %.2f ms (a first call: its build and the copies"
                    + " included)%n", count, (System.nanoTime() - t1) / 1e6);
            int[] keptByLibrary = Arrays.copyOf(byLibrary, count);
            boolean ok = Arrays.equals(kept, expected) && Arrays.equals(keptByLibrary, expected);
            System.exit(SampleReport.check(ok, Arrays.equals(kept, expected) ? SampleReport.mismatch(keptByLibrary,
                    expected) : SampleReport.mismatch(kept, expected)));
        }
    }
}
