package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * {@link FirstPrograms}' first program: the elements of a {@code float[]} above {@link #THRESHOLD}, in their order
 * (stream compaction: flag, exclusive scan of the flags, scatter), and the sum of those elements, from a Java array
 * to a Java array of exactly the kept length.
 *
 * <p>jsycl, as the {@code StreamCompaction} sample does it with floats (that sample's {@code compact} takes int
 * buffers): each tile of {@link #TILE} elements, one work-group, counts its kept elements and sums them; one
 * work-group turns the counts into each tile's first output index and adds up the tiles' sums; the host reads the
 * count and makes the output array of that length; then each work-group scans its tile's flags
 * ({@code exclusiveScanOverGroup}) and writes its kept elements at their places. The sum is the work-group algorithms' tree
 * (each work-item's {@link #PER_ITEM} elements, then {@code reduceOverGroup}, whose order is fixed on every device),
 * not {@code Reduction.sum}: a float {@code Reduction} combines its work-groups' values with atomics in whatever order
 * they finish, so its last bits change from run to run, and it would read the input a second time.
 *
 * <p>Plain Java on all cores does the same two passes over the same tiles: a parallel pass of per-tile counts and
 * sums, the prefix over the tiles, then a parallel scatter, both passes branch-free in the inner loop
 * ({@link #keptMask}). Its sum adds the same values in the device's tree order, so the check is bit-exact for the sum
 * as for the array. Once, off the clock, the Java result is also checked against a sequential filter (equal) and a sum
 * in {@code double} (within 1e-4 relative: the float tree's rounding).
 */
final class FilterScanSum implements FirstPrograms.Program<FilterScanSum.Result> {
    /** Elements strictly above it are kept. {@link #keptMask} needs it positive and finite. */
    static final float THRESHOLD = 0.5f;
    private static final int THRESHOLD_BITS = Float.floatToRawIntBits(THRESHOLD);
    private static final int ABOVE_INFINITY_BITS = Float.floatToRawIntBits(Float.POSITIVE_INFINITY) + 1;
    /** Work-items per work-group, as in the PrefixSum sample. */
    static final int GROUP = 256;
    /** Elements each work-item counts and sums, as in the PrefixSum sample. */
    static final int PER_ITEM = 8;
    /** Elements per work-group. */
    static final int TILE = GROUP * PER_ITEM;
    /** Tiles per task of the Java passes (512 KiB of input): few enough tasks, and each reuses its lane sums. */
    private static final int TILES_PER_TASK = 64;

    /** The kept elements in order, and their sum. */
    record Result(float[] kept, float sum) {
    }

    private final float[] data;

    FilterScanSum(float[] data) {
        this.data = data;
    }

    /** {@code n} floats uniform in [0, 1): about half are kept. */
    static float[] data(int n) {
        float[] x = new float[n];
        IntStream.range(0, n).parallel().forEach(i -> x[i] = FirstPrograms.noise(i, 1));
        return x;
    }

    @Override
    public String name() {
        return "filter > 0.5f + scan + sum";
    }

    @Override
    public String size() {
        int n = data.length;
        boolean power = n >= 1024 && Integer.bitCount(n) == 1;
        return (power ? "2^" + Integer.numberOfTrailingZeros(n) : String.valueOf(n)) + " floats";
    }

    static int tiles(int n) {
        return Math.max(1, (n + TILE - 1) / TILE);
    }

    /** The local-memory slot of a tile's element {@code e}, one unused slot after every 32 (the PrefixSum sample's). */
    static int padded(int e) {
        return e + (e >> 5);
    }

    @Override
    public Result jsycl(Queue q) {
        int n = data.length;
        int tiles = tiles(n);
        int run = (tiles + GROUP - 1) / GROUP; // tiles per work-item of the one-group pass
        float[] sum = new float[1];
        float[] compacted;
        try (var in = Buffer.of(data);
             var offsets = Buffer.ofInt(Range.of(tiles));
             var tileSums = Buffer.ofFloat(Range.of(tiles));
             var count = Buffer.ofInt(Range.of(1));
             var total = Buffer.of(sum)) {
            // Per tile: how many elements it keeps, and their sum.
            q.submit(h -> {
                var x = in.read(h);
                var c = offsets.writeNoInit(h);
                var s = tileSums.writeNoInit(h);
                h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                    int base = it.groupId(0) * TILE + it.localId(0);
                    int kept = 0;
                    float part = 0f;
                    for (int k = 0; k < PER_ITEM; k++) {
                        int i = base + k * GROUP;
                        if (i < n) {
                            float v = x.get(i);
                            if (v > THRESHOLD) {
                                kept++;
                                part += v;
                            }
                        }
                    }
                    kept = it.reduceOverGroup(kept, GroupOp.SUM);
                    part = it.reduceOverGroup(part, GroupOp.SUM);
                    if (it.localId(0) == 0) {
                        c.set(it.groupId(0), kept);
                        s.set(it.groupId(0), part);
                    }
                });
            });
            // One work-group: each tile's first output index (exclusive scan of the counts), the count, the sum.
            q.submit(h -> {
                var c = offsets.readWrite(h);
                var s = tileSums.read(h);
                var countOut = count.writeNoInit(h);
                var sumOut = total.writeNoInit(h);
                h.parallelFor(NdRange.of(Range.of(GROUP), Range.of(GROUP)), it -> {
                    int start = it.localId(0) * run;
                    int end = Math.min(tiles, start + run);
                    int mine = 0;
                    float part = 0f;
                    for (int t = start; t < end; t++) {
                        mine += c.get(t);
                        part += s.get(t);
                    }
                    int prefix = it.exclusiveScanOverGroup(mine, GroupOp.SUM);
                    float whole = it.reduceOverGroup(part, GroupOp.SUM);
                    for (int t = start; t < end; t++) {
                        int v = c.get(t);
                        c.set(t, prefix);
                        prefix += v;
                    }
                    if (it.localId(0) == GROUP - 1) {
                        countOut.set(0, prefix); // the last work-item's prefix after its run is the total
                        sumOut.set(0, whole);
                    }
                });
            });
            int keptCount;
            try (var c = count.hostAccess()) {
                keptCount = c.get(0);
            }
            compacted = new float[keptCount];
            if (keptCount > 0) {
                try (var out = Buffer.of(compacted)) {
                    // Each work-group scans its tile's flags and writes its kept elements from the tile's index on.
                    q.submit(h -> {
                        var x = in.read(h);
                        var c = offsets.read(h);
                        var y = out.writeNoInit(h);
                        var tile = LocalAccessor.ofFloat(h, padded(TILE));
                        h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                            int lid = it.localId(0);
                            int base = it.groupId(0) * TILE;
                            for (int k = 0; k < PER_ITEM; k++) {
                                int i = base + k * GROUP + lid;
                                // Padding beyond n is 0, which is not kept.
                                tile.set(padded(k * GROUP + lid), i < n ? x.get(i) : 0f);
                            }
                            it.barrier(Fence.LOCAL);
                            int mine = 0;
                            for (int k = 0; k < PER_ITEM; k++) {
                                if (tile.get(padded(lid * PER_ITEM + k)) > THRESHOLD) {
                                    mine++;
                                }
                            }
                            int at = it.exclusiveScanOverGroup(mine, GroupOp.SUM) + c.get(it.groupId(0));
                            for (int k = 0; k < PER_ITEM; k++) {
                                float v = tile.get(padded(lid * PER_ITEM + k));
                                if (v > THRESHOLD) {
                                    y.set(at, v);
                                    at++;
                                }
                            }
                        });
                    });
                }
            }
        } // closing total writes the sum back into sum[0]
        return new Result(compacted, sum[0]);
    }

    @Override
    public Result java() {
        float[] x = data;
        int n = x.length;
        int tiles = tiles(n);
        int[] offsets = new int[tiles + 1];
        float[] tileSums = new float[tiles];
        int tasks = (tiles + TILES_PER_TASK - 1) / TILES_PER_TASK;
        IntStream.range(0, tasks).parallel().forEach(task -> {
            float[] lanes = new float[GROUP]; // one work-item's running sum per lane, as on the device
            for (int t = task * TILES_PER_TASK; t < Math.min(tiles, (task + 1) * TILES_PER_TASK); t++) {
                Arrays.fill(lanes, 0f);
                int kept = 0;
                for (int k = 0; k < PER_ITEM; k++) {
                    int row = t * TILE + k * GROUP;
                    int lanesHere = Math.max(0, Math.min(GROUP, n - row));
                    for (int l = 0; l < lanesHere; l++) {
                        int bits = Float.floatToRawIntBits(x[row + l]);
                        int mask = keptMask(bits);
                        kept -= mask;
                        // A dropped element adds +0f, which leaves the lane's sum (never -0f) as the device's
                        // skipped add does.
                        lanes[l] += Float.intBitsToFloat(bits & mask);
                    }
                }
                offsets[t] = kept;
                tileSums[t] = groupSum(lanes);
            }
        });
        int run = (tiles + GROUP - 1) / GROUP;
        float[] lanes = new float[GROUP];
        int prefix = 0;
        for (int t = 0; t < tiles; t++) {
            int v = offsets[t];
            offsets[t] = prefix;
            prefix += v;
            lanes[t / run] += tileSums[t];
        }
        offsets[tiles] = prefix;
        float sum = groupSum(lanes);
        float[] kept = new float[prefix];
        IntStream.range(0, tasks).parallel().forEach(task -> {
            int first = task * TILES_PER_TASK;
            int last = Math.min(tiles, first + TILES_PER_TASK);
            int at = offsets[first];
            int stop = offsets[last];
            // Branch-free: every element is stored at the next free index, which moves on only past a kept one.
            // The loop stops when this task's last kept element is written, so no store lands past its share.
            for (int i = first * TILE; at < stop; i++) {
                float v = x[i];
                kept[at] = v;
                at -= keptMask(Float.floatToRawIntBits(v));
            }
        });
        return new Result(kept, sum);
    }

    /**
     * -1 (all bits set) where the float with these bits is above {@link #THRESHOLD}, else 0: {@code v > THRESHOLD}
     * computed in integer arithmetic. HotSpot's C2 (JDK 25) compiles {@code v > THRESHOLD ? v : 0f} into a branch,
     * which on data kept at random mispredicts every other element: the count-and-sum pass took 100 ms for 2^25 floats
     * on 2 cores that way, 13 ms with this mask. Exact for every float: with a positive finite threshold, a float is
     * above it exactly when its bits, as a signed int, are above the threshold's and at most +infinity's (NaNs and
     * negative floats fail one of the two). The two differences are negative exactly then, also where they overflow:
     * for negative bits {@code THRESHOLD_BITS - bits} can wrap to negative only where
     * {@code bits - ABOVE_INFINITY_BITS} wraps to positive.
     */
    static int keptMask(int bits) {
        return ((THRESHOLD_BITS - bits) & (bits - ABOVE_INFINITY_BITS)) >> 31;
    }

    /**
     * {@code reduceOverGroup} of {@link #GROUP} float values in the order every device uses (the lowering's
     * GroupAlgorithms, the host device's HostGroup): chunks of {@code GROUP / 32} consecutive values left to right,
     * then the chunks' sums left to right.
     */
    static float groupSum(float[] values) {
        int chunk = (GROUP + 31) / 32;
        float total = 0f;
        for (int start = 0; start < GROUP; start += chunk) {
            float s = values[start];
            for (int j = start + 1; j < Math.min(GROUP, start + chunk); j++) {
                s += values[j];
            }
            total = start == 0 ? s : total + s;
        }
        return total;
    }

    @Override
    public String difference(Result jsycl, Result java) {
        if (jsycl.kept().length != java.kept().length) {
            return "kept " + jsycl.kept().length + " elements, Java " + java.kept().length;
        }
        int i = Arrays.mismatch(jsycl.kept(), java.kept());
        if (i >= 0) {
            return "kept[" + i + "] = " + jsycl.kept()[i] + ", Java " + java.kept()[i];
        }
        if (Float.floatToIntBits(jsycl.sum()) != Float.floatToIntBits(java.sum())) {
            return "sum " + jsycl.sum() + ", Java " + java.sum() + " (same tree order: should be equal)";
        }
        return null;
    }

    @Override
    public String baselineDifference(Result java) {
        float[] sequential = new float[data.length];
        int count = 0;
        double sum = 0;
        for (float v : data) {
            if (v > THRESHOLD) {
                sequential[count++] = v;
                sum += v;
            }
        }
        if (!Arrays.equals(java.kept(), Arrays.copyOf(sequential, count))) {
            return "the parallel Java compaction differs from a sequential filter";
        }
        if (Math.abs(java.sum() - sum) > 1e-4 * Math.max(1, Math.abs(sum))) {
            return "the tree-order sum " + java.sum() + " is far from the double sum " + sum;
        }
        return null;
    }

    /**
     * The same as most Java programmers write it with streams (the baseline the numbers were taken against):
     * the kept values as a {@code double[]} from a parallel {@code IntStream}, narrowed into the {@code float[]}, and
     * their sum in double.
     */
    @Override
    public Result javaStream() {
        float[] x = data;
        double[] wide = IntStream.range(0, x.length).parallel().filter(i -> x[i] > THRESHOLD).mapToDouble(i -> x[i])
                .toArray();
        float[] kept = new float[wide.length];
        for (int i = 0; i < wide.length; i++) {
            kept[i] = (float) wide[i];
        }
        return new Result(kept, (float) Arrays.stream(wide).parallel().sum());
    }

    /**
     * The jsycl program's algorithm as a plain multi-threaded Java loop: per tile of {@link #TILE} elements, the kept
     * count and sum with the kernel's {@code if (v > THRESHOLD)}; the tiles' first indices; per tile, the kept
     * elements stored from there, again behind that {@code if}. The tiles run on all cores ({@link #TILES_PER_TASK}
     * per task) and each tile's sum is added in element order, so the sum differs from the device's tree order in its
     * last bits. On random data the branch is mispredicted every other element, on the device's work-items run on the
     * host as here; {@link #java()} is the same steps branch-free.
     */
    @Override
    public Result javaLoop() {
        float[] x = data;
        int n = x.length;
        int tiles = tiles(n);
        int[] counts = new int[tiles];
        float[] sums = new float[tiles];
        int tasks = (tiles + TILES_PER_TASK - 1) / TILES_PER_TASK;
        IntStream.range(0, tasks).parallel().forEach(task -> {
            for (int t = task * TILES_PER_TASK; t < Math.min(tiles, (task + 1) * TILES_PER_TASK); t++) {
                int kept = 0;
                float sum = 0f;
                for (int i = t * TILE; i < Math.min(n, (t + 1) * TILE); i++) {
                    float v = x[i];
                    if (v > THRESHOLD) {
                        kept++;
                        sum += v;
                    }
                }
                counts[t] = kept;
                sums[t] = sum;
            }
        });
        int[] first = new int[tiles];
        int total = 0;
        float sum = 0f;
        for (int t = 0; t < tiles; t++) {
            first[t] = total;
            total += counts[t];
            sum += sums[t];
        }
        float[] kept = new float[total];
        IntStream.range(0, tasks).parallel().forEach(task -> {
            for (int t = task * TILES_PER_TASK; t < Math.min(tiles, (task + 1) * TILES_PER_TASK); t++) {
                int at = first[t];
                for (int i = t * TILE; i < Math.min(n, (t + 1) * TILE); i++) {
                    float v = x[i];
                    if (v > THRESHOLD) {
                        kept[at++] = v;
                    }
                }
            }
        });
        return new Result(kept, sum);
    }

    @Override
    public String plainDifference(Result plain, Result java) {
        if (!Arrays.equals(plain.kept(), java.kept())) {
            return "the plain version's compaction differs";
        }
        if (Math.abs(plain.sum() - java.sum()) > 1e-4 * Math.max(1, Math.abs(java.sum()))) {
            return "the plain version's sum " + plain.sum() + " is far from " + java.sum();
        }
        return null;
    }
}
