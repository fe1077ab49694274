package io.jsycl.internal.schedule;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How a {@link io.jsycl.DistributedQueue} shares out a range's rows: fixed weights, or, with measured balance, each
 * kernel's own split, which follows the devices' measured speed on that kernel. Two GPU models, or a GPU beside a
 * CPU, differ by another factor on every kernel (memory-bound or compute-bound, integer or float), so one weight per
 * device would leave the faster device waiting on most kernels.
 *
 * <p>Design. A kernel is its lambda's class and the range's rows. Its first submit uses the initial weights. Once a
 * submit's chunks have completed, {@link #record} takes each device's rows and device time (the sum of its parts'
 * kernel times, from profiling events) and updates the kernel's speeds, rows per nanosecond, half from the new
 * sample and half from the old (a slow step, a clock change, does not move rows back and forth at once). The split
 * changes only where the current one's predicted time is more than {@value #IMBALANCE} times the best split's: each
 * change moves rows between devices, so noise between equal devices must not change it. A chunk that ran for less
 * than {@value #MIN_SAMPLE_NANOS} ns says little about its device's speed and is left out: a launch's fixed costs
 * outweigh its rows', and a GPU that is not full runs a few thousand rows in the time it runs one. (Two queues on the
 * 32-core CPU device of a GPU host ran 512 and 3584 rows of a small kernel in about the same time; the split gave the
 * first no rows at all, and a device without rows is never measured again.)
 *
 * <p>Chunks on one device (a queue list that names a device twice) share its speed: their samples are pooled, all
 * their rows over all their time, and each gets that. Measured one by one, two chunks that run at once on the same
 * cores each look as slow as the other's rows make them, the smaller one slower per row than the larger (on the GPU
 * host's 32-core CPU device, 4096 and 28672 rows of one kernel ended together), so the split would take rows from the
 * smaller until it had almost none.
 *
 * <p>One submit records a chunk on every device with the split of {@link #view}, which fixes a kernel's split at
 * its first use in that submit: the devices' handlers must agree on the bounds while a completing submit updates the
 * speeds on another thread.
 *
 * <p>Thread safety: the kernels' states are in a concurrent map; each state is updated under its own monitor.
 */
public final class MeasuredSplits {
    /** The predicted time over the best split's above which a kernel's split changes. */
    static final double IMBALANCE = 1.05;
    /** The shortest chunk (device time) whose rows per nanosecond count as its device's speed. */
    static final long MIN_SAMPLE_NANOS = 200_000;

    private record Key(Class<?> kernel, long rows) {
    }

    /** One kernel's speeds (null where not measured yet) and split. */
    private static final class State {
        double[] speed;
        ChunkSplit split;

        State(ChunkSplit split) {
            this.split = split;
        }
    }

    private final ChunkSplit initial;
    private final boolean measured;
    /** Per device, the index of the first device that is the same device (itself where it is the first). */
    private final int[] same;
    private final Map<Key, State> kernels = new ConcurrentHashMap<>();

    /**
     * @param initial the split every kernel starts with (the only one, without {@code measured})
     * @param measured whether each kernel's split follows its measured speeds
     */
    public MeasuredSplits(ChunkSplit initial, boolean measured) {
        this(initial, measured, null);
    }

    /**
     * @param initial the split every kernel starts with (the only one, without {@code measured})
     * @param measured whether each kernel's split follows its measured speeds
     * @param devices the devices in split order, compared with {@code equals} to find chunks that share a device;
     *     null where every chunk has a device of its own
     */
    public MeasuredSplits(ChunkSplit initial, boolean measured, List<?> devices) {
        this.initial = initial;
        this.measured = measured;
        int n = initial.devices();
        this.same = new int[n];
        for (int k = 0; k < n; k++) {
            same[k] = devices == null ? k : devices.indexOf(devices.get(k));
        }
    }

    public boolean measured() {
        return measured;
    }

    /** The split every kernel starts with. */
    public ChunkSplit initial() {
        return initial;
    }

    /** The split {@code kernel}'s next submit over {@code rows} rows uses. */
    public ChunkSplit split(Class<?> kernel, long rows) {
        if (!measured) {
            return initial;
        }
        State s = kernels.get(new Key(kernel, rows));
        if (s == null) {
            return initial;
        }
        synchronized (s) {
            return s.split;
        }
    }

    /** One submit's view: each kernel's split as at its first use in the submit. */
    public View view() {
        return new View();
    }

    /** The splits one submit's handlers use. */
    public final class View {
        private Map<Key, ChunkSplit> chosen;

        private View() {
        }

        /** The split of {@code kernel} over {@code rows} rows, the same for every device of this submit. */
        public ChunkSplit split(Class<?> kernel, long rows) {
            if (!measured) {
                return initial;
            }
            if (chosen == null) {
                chosen = new java.util.HashMap<>(4);
            }
            return chosen.computeIfAbsent(new Key(kernel, rows), k -> MeasuredSplits.this.split(k.kernel(), k.rows()));
        }

        public int devices() {
            return initial.devices();
        }
    }

    /**
     * Updates {@code kernel}'s speeds with one submit's: device {@code k} ran {@code rows[k]} rows in {@code
     * nanos[k]} ns of device time (0 rows, or under {@value #MIN_SAMPLE_NANOS} ns: its speed stays as it was).
     */
    public void record(Class<?> kernel, long totalRows, long[] rows, long[] nanos) {
        if (!measured) {
            return;
        }
        State s = kernels.computeIfAbsent(new Key(kernel, totalRows), k -> new State(initial));
        synchronized (s) {
            int n = rows.length;
            double[] sample = new double[n];
            for (int k = 0; k < n; k++) {
                sample[k] = rows[k] > 0 && nanos[k] >= MIN_SAMPLE_NANOS ? (double) rows[k] / nanos[k] : Double.NaN;
            }
            pool(sample, rows, nanos);
            if (s.speed == null) {
                s.speed = sample;
            } else {
                for (int k = 0; k < n; k++) {
                    if (!Double.isNaN(sample[k])) {
                        s.speed[k] = Double.isNaN(s.speed[k]) ? sample[k] : (s.speed[k] + sample[k]) / 2;
                    }
                }
            }
            double[] speed = filled(s.speed, initial.weights());
            if (speed == null || imbalance(s.split, speed, totalRows) <= IMBALANCE) {
                return;
            }
            s.split = new ChunkSplit(speed);
        }
    }

    /** Gives the chunks that share a device that device's pooled sample: their measured rows over their time. */
    private void pool(double[] sample, long[] rows, long[] nanos) {
        for (int k = 0; k < sample.length; k++) {
            if (same[k] != k) {
                continue;
            }
            long r = 0;
            long t = 0;
            boolean shared = false;
            for (int j = k; j < sample.length; j++) {
                if (same[j] == k) {
                    shared |= j != k;
                    if (!Double.isNaN(sample[j])) {
                        r += rows[j];
                        t += nanos[j];
                    }
                }
            }
            if (shared && t > 0) {
                for (int j = k; j < sample.length; j++) {
                    if (same[j] == k) {
                        sample[j] = (double) r / t;
                    }
                }
            }
        }
    }

    /**
     * The speeds with each device not measured yet given the measured ones' mean speed per unit of initial weight
     * times its own initial weight; null where none is measured.
     */
    private static double[] filled(double[] speed, double[] weights) {
        double perWeight = 0;
        double weight = 0;
        for (int k = 0; k < speed.length; k++) {
            if (!Double.isNaN(speed[k])) {
                perWeight += speed[k];
                weight += weights[k];
            }
        }
        if (weight == 0) {
            return null;
        }
        double[] out = Arrays.copyOf(speed, speed.length);
        for (int k = 0; k < out.length; k++) {
            if (Double.isNaN(out[k])) {
                out[k] = weights[k] * perWeight / weight;
            }
        }
        return out;
    }

    /**
     * The predicted time of {@code split} (its slowest device's) over that of the split in exact proportion to the
     * speeds: 1 where it is as good as the speeds allow.
     */
    static double imbalance(ChunkSplit split, double[] speed, long rows) {
        long[] b = split.bounds(rows);
        double slowest = 0;
        double total = 0;
        for (int k = 0; k < speed.length; k++) {
            slowest = Math.max(slowest, (b[k + 1] - b[k]) / speed[k]);
            total += speed[k];
        }
        return rows == 0 ? 1 : slowest / (rows / total);
    }
}
