package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.ArrayList;
import java.util.List;

/**
 * Inclusive prefix sum in one kernel that reads each element once and writes it once (a "decoupled look-back"
 * scan), where {@link PrefixSum}'s three kernels read each element twice. Each work-group takes the next tile number
 * from a counter (so a tile's predecessors are already running), scans its tile in local memory, publishes the
 * tile's sum, then walks back over the tiles before it, 32 at a time, adding their published sums until it meets one
 * that published its inclusive prefix, and publishes its own. A published value is one 64-bit word (the value, which
 * kind it is, and the scan's epoch) written with one atomic exchange and read with atomic adds of 0, so no reader
 * sees half of one; values of an earlier scan carry an older epoch and count as not yet published.
 *
 * <p>A group waits for groups that started before it. That needs the device to keep running those
 * while it waits, which GPUs and PoCL's CPU device do; the host device runs its work-groups on a few shared threads
 * and does not promise it, so there {@link #inclusiveScan} runs {@link PrefixSum}'s three kernels instead.
 */
public final class OnePassScan implements AutoCloseable {
    private static final int GROUP = PrefixSum.GROUP;
    /**
     * Elements per work-item: twice PrefixSum's, so that a tile's fixed costs (its group scan, its look-back) are
     * spread over more elements.
     */
    private static final int PER_ITEM = 16;
    private static final int TILE = GROUP * PER_ITEM;
    /** A published value's kinds, in bit 32 of the word; the epoch is above them. */
    private static final long AGGREGATE = 0;
    private static final long INCLUSIVE = 1;
    /** Tiles a look-back reads at once. */
    private static final int WINDOW = 32;
    /** The look-back's state in local memory: whether it is done, the next tile to read, the prefix so far. */
    private static final int DONE = 0;
    private static final int NEXT = 1;
    private static final int PREFIX = 2;

    private final Buffer.OfLong published;
    private final Buffer.OfInt ticket;
    private final Buffer.OfInt sums;
    private final int capacity;
    private int epoch;

    /**
     * State for scans of up to {@code capacity} elements.
     *
     * @param capacity the most elements a scan may have
     */
    public OnePassScan(int capacity) {
        this.capacity = capacity;
        this.published = Buffer.of(new long[tiles(capacity)]);
        this.ticket = Buffer.of(new int[1]);
        this.sums = Buffer.ofInt(Range.of(PrefixSum.tiles(capacity)));
    }

    /**
     * Writes the inclusive prefix sum of the first {@code n} elements of {@code in} into {@code out}.
     *
     * @param events receives the kernel's event (the three kernels' on the host device)
     */
    public void inclusiveScan(Queue q, Buffer.OfInt in, Buffer.OfInt out, int n, List<Event> events) {
        if (n > capacity) {
            throw new IllegalArgumentException(n + " elements; this scan's state holds " + capacity);
        }
        if (q.device().isHost()) {
            PrefixSum.inclusiveScan(q, in, out, n, sums, events);
            return;
        }
        int tiles = tiles(n);
        epoch = epoch == (1 << 30) - 1 ? 1 : epoch + 1;
        int e = epoch;
        events.add(q.submit(h -> {
            var x = in.read(h);
            var y = out.write(h);
            var state = published.readWrite(h);
            var counter = ticket.readWrite(h);
            var tile = LocalAccessor.ofInt(h, PrefixSum.padded(TILE));
            var window = LocalAccessor.ofLong(h, WINDOW);
            var control = LocalAccessor.ofInt(h, 3);
            h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                int lid = it.localId(0);
                int taken = lid == 0 ? counter.atomicAdd(0, 1) : 0;
                if (lid == 0 && taken == tiles - 1) {
                    counter.atomicExchange(0, 0); // every group has its ticket: the next scan starts at 0
                }
                int t = it.groupBroadcast(taken, 0);
                int base = t * TILE;
                for (int k = 0; k < PER_ITEM; k++) {
                    int i = base + k * GROUP + lid;
                    tile.set(PrefixSum.padded(k * GROUP + lid), i < n ? x.get(i) : 0);
                }
                it.barrier(Fence.LOCAL);
                int run = 0;
                for (int k = 0; k < PER_ITEM; k++) {
                    run += tile.get(PrefixSum.padded(lid * PER_ITEM + k));
                }
                int before = it.exclusiveScanOverGroup(run, GroupOp.SUM);
                int aggregate = it.groupBroadcast(before + run, GROUP - 1);
                if (lid == 0) {
                    state.atomicExchange(t, word(e, t == 0 ? INCLUSIVE : AGGREGATE, aggregate));
                    control.set(DONE, t == 0 ? 1 : 0);
                    control.set(NEXT, t - 1);
                    control.set(PREFIX, 0);
                }
                it.barrier(Fence.LOCAL);
                // The look-back, WINDOW tiles at a time: the first WINDOW work-items read the published words of
                // tiles next, next - 1, ... at once; work-item 0 adds them up in order until one is an inclusive
                // prefix (done) or is not published yet (read again from there on the next trip).
                while (control.get(DONE) == 0) {
                    int next = control.get(NEXT);
                    if (lid < WINDOW) {
                        window.set(lid, next - lid >= 0 ? state.atomicAdd(next - lid, 0L) : word(e, INCLUSIVE, 0));
                    }
                    it.barrier(Fence.LOCAL);
                    if (lid == 0) {
                        int sum = control.get(PREFIX);
                        int read = 0;
                        boolean done = false;
                        while (read < WINDOW && !done) {
                            long w = window.get(read);
                            if (w >>> 33 != e) {
                                break;
                            }
                            sum += (int) w;
                            read++;
                            done = ((w >>> 32) & 1) == INCLUSIVE;
                        }
                        control.set(PREFIX, sum);
                        control.set(NEXT, next - read);
                        control.set(DONE, done ? 1 : 0);
                    }
                    it.barrier(Fence.LOCAL);
                }
                int prefix = control.get(PREFIX);
                if (lid == 0 && t > 0) {
                    state.atomicExchange(t, word(e, INCLUSIVE, prefix + aggregate));
                }
                int start = prefix + before;
                for (int k = 0; k < PER_ITEM; k++) {
                    start += tile.get(PrefixSum.padded(lid * PER_ITEM + k));
                    tile.set(PrefixSum.padded(lid * PER_ITEM + k), start);
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

    private static int tiles(int n) {
        return Math.max(1, (n + TILE - 1) / TILE);
    }

    /** A published value: the epoch, the kind and the value in one word. */
    static long word(int epoch, long kind, int value) {
        return (((long) epoch << 1 | kind) << 32) | (value & 0xffffffffL);
    }

    /** The inclusive prefix sum of {@code data} on {@code q}. */
    public static int[] inclusiveScan(Queue q, int[] data) {
        int[] out = new int[data.length];
        if (data.length == 0) {
            return out;
        }
        try (var scan = new OnePassScan(data.length); var in = Buffer.of(data); var o = Buffer.of(out)) {
            scan.inclusiveScan(q, in, o, data.length, new ArrayList<>());
            scan.inclusiveScan(q, in, o, data.length, new ArrayList<>()); // a second epoch, same result
        }
        return out;
    }

    @Override
    public void close() {
        published.close();
        ticket.close();
        sums.close();
    }
}
