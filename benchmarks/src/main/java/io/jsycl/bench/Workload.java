package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;

/**
 * One benchmark program, written twice: as a jsycl kernel lambda and as hand-written OpenCL C run through the
 * checked {@code io.jsycl.opencl} layer. Both leave their output so the suite can compare them.
 *
 * <p>Kernel times come from profiling events (end minus start), one wait per run on both paths. End-to-end
 * times are host wall clock of a whole program: buffers from host arrays, the kernel(s), results back in a
 * host array, buffers released. {@link #jsyclEndToEndKept} is the same program as a user who keeps its buffers
 * writes it, for the comparison with Aparapi (which keeps its device buffers between runs).
 */
abstract class Workload {
    /** A kernel-time measurement and the output the path left. */
    record Result(Stats kernel, Object output) {
    }

    /** Sizes and repeat counts of one suite run. */
    record Config(boolean quick, int warmup, int repeats, int e2eRepeats, int javaRepeats) {
    }

    final Config config;

    Workload(Config config) {
        this.config = config;
    }

    abstract String name();

    /** The problem size, for the table. */
    abstract String size();

    /** Work of one kernel-timed run, in the throughput unit's base (bytes or flops). */
    abstract double work();

    /** "GB/s", "GFLOP/s" or another per-second unit whose base is {@link #work()} / 1e9. */
    abstract String unit();

    /** Null when jsycl can run this workload; otherwise what the lowering still lacks. */
    String jsyclMissing() {
        return null;
    }

    abstract Result raw(RawCl cl);

    abstract Result jsycl(Queue q);

    /** One end-to-end run of the hand-written path, in ns. */
    abstract long rawEndToEnd(RawCl cl);

    /** One end-to-end run of the jsycl path, in ns. */
    abstract long jsyclEndToEnd(Queue q);

    /**
     * The jsycl program as a user who keeps its buffers writes it, measured the way {@link AparapiRow} measures
     * Aparapi's end to end: buffers are made once (from arrays of their own, not the workload's inputs); before each
     * run the input values are written into them through {@code hostAccess()}, outside the clock as Aparapi's fresh
     * host arrays are; the clock then covers the submit(s) and opening a host accessor on each output, which brings
     * it back into its Java array. So each run uploads every input once and downloads every output once, as
     * Aparapi's {@code put}, {@code execute}, {@code get} do. One warm-up run, then {@code e2eRepeats} timed ones.
     *
     * <p>With {@code arrays} false the buffers are made from a shape ({@code Buffer.ofFloat(Range)}, no Java arrays
     * behind them): on a host-unified device (CPU, integrated GPU) their host accessors read and write the device
     * copy in place, so writing the inputs and reading the outputs copies nothing; elsewhere (discrete GPUs) they
     * read and write the device copy's pinned host memory, so each transfer is one DMA transfer and no host copy.
     * Both are checked as {@link #checkKept}.
     *
     * @param arrays whether the kept buffers are over Java arrays ({@link #keptFloats}, {@link #keptInts})
     * @return the times and the last run's output (read through a host accessor after the clock, for the check), or
     *         null where the workload has no such version
     */
    Result jsyclEndToEndKept(Queue q, boolean arrays) {
        return null;
    }

    /**
     * The jsycl kernel with {@code h.fastMath()} ({@code -cl-fast-relaxed-math}: contraction, approximate divide and
     * sqrt, reassociation; looser than Aparapi's default build, which allows contraction and OpenCL's default divide
     * and sqrt accuracy), to tell how much of a gap to Aparapi is the price of Java's rounding. Its output is compared
     * with the hand-written path's by {@link AparapiRow#check}'s "close" rules, not bit for bit.
     *
     * @return kernel times and output, or null where the workload has no floating-point expression that fast math
     *         changes
     */
    Result jsyclFastMath(Queue q) {
        return null;
    }

    /** A kept buffer of {@code n} floats: over a Java array of its own, or made from a shape (no array). */
    static Buffer.OfFloat keptFloats(int n, boolean arrays) {
        return keptFloats(Range.of(n), arrays);
    }

    /** A kept buffer of {@code shape}'s floats: over a Java array of its own, or made from the shape (no array). */
    static Buffer.OfFloat keptFloats(Range shape, boolean arrays) {
        return arrays ? Buffer.of(new float[(int) shape.size()], shape) : Buffer.ofFloat(shape);
    }

    /** A kept buffer of {@code n} ints: over a Java array of its own, or made from a shape (no array). */
    static Buffer.OfInt keptInts(int n, boolean arrays) {
        return arrays ? Buffer.of(new int[n]) : Buffer.ofInt(Range.of(n));
    }

    /**
     * Checks {@link #jsyclEndToEndKept}'s output, one run from the initial inputs: by default against the
     * hand-written path's output. Workloads whose timed runs accumulate into their output (in-place SAXPY, the
     * stencil's ping-pong, the sums and histograms) check it against one run in plain Java instead.
     */
    String checkKept(Object kept, Object raw) {
        return compare(kept, raw);
    }

    /** One warm-up and {@code e2eRepeats} timed runs of a kept-buffers program ({@link #jsyclEndToEndKept}). */
    Stats measureKept(Stats.Timed run) {
        return Stats.measure(1, config.e2eRepeats(), run);
    }

    /** Writes {@code values} into {@code buf} through a host accessor (the next command using it uploads them). */
    static void write(Buffer.OfFloat buf, float[] values) {
        try (var h = buf.hostAccess()) {
            for (int i = 0; i < values.length; i++) {
                h.set(i, values[i]);
            }
        }
    }

    /** Writes {@code values} into {@code buf} through a host accessor (the next command using it uploads them). */
    static void write(Buffer.OfInt buf, int[] values) {
        try (var h = buf.hostAccess()) {
            for (int i = 0; i < values.length; i++) {
                h.set(i, values[i]);
            }
        }
    }

    /**
     * Opens and closes a host accessor on {@code buf}: waits for its writers and brings the contents back into the
     * buffer's Java array (the timed part of reading an output). Returns one element so the access has a use.
     */
    static float fetch(Buffer.OfFloat buf) {
        try (var h = buf.hostAccess()) {
            return h.get(0);
        }
    }

    /** As {@link #fetch(Buffer.OfFloat)}. */
    static int fetch(Buffer.OfInt buf) {
        try (var h = buf.hostAccess()) {
            return h.get(0);
        }
    }

    /** The contents of {@code buf}, copied out through a host accessor. */
    static float[] read(Buffer.OfFloat buf) {
        try (var h = buf.hostAccess()) {
            float[] r = new float[h.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = h.get(i);
            }
            return r;
        }
    }

    /** The contents of {@code buf}, copied out through a host accessor. */
    static int[] read(Buffer.OfInt buf) {
        try (var h = buf.hostAccess()) {
            int[] r = new int[h.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = h.get(i);
            }
            return r;
        }
    }

    /** Null, or a check of the hand-written output where jsycl has none to compare with. */
    String checkRawOnly(Object raw) {
        return null;
    }

    /** Plain Java, one thread. */
    abstract void javaSequential();

    /** Plain Java, a parallel stream. */
    abstract void javaParallel();

    /**
     * Compares the jsycl output with the hand-written one: "exact", or how many elements differ and by how much.
     */
    String compare(Object jsycl, Object raw) {
        return Compare.arrays(jsycl, raw);
    }

    /** Helpers for {@link #compare}. */
    static final class Compare {
        private Compare() {
        }

        static String arrays(Object a, Object b) {
            if (a instanceof float[] x && b instanceof float[] y) {
                return floats(x, y);
            }
            if (a instanceof int[] x && b instanceof int[] y) {
                if (Arrays.equals(x, y)) {
                    return "exact";
                }
                int bad = 0;
                for (int i = 0; i < x.length; i++) {
                    bad += x[i] != y[i] ? 1 : 0;
                }
                return "MISMATCH: " + bad + " of " + x.length + " differ";
            }
            throw new IllegalArgumentException("cannot compare " + a + " with " + b);
        }

        static String floats(float[] x, float[] y) {
            if (x.length != y.length) {
                return "MISMATCH: lengths " + x.length + " and " + y.length;
            }
            int bad = 0;
            double maxRel = 0;
            for (int i = 0; i < x.length; i++) {
                if (Float.floatToIntBits(x[i]) != Float.floatToIntBits(y[i])) {
                    bad++;
                    double rel = Math.abs((double) x[i] - y[i]) / Math.max(Math.abs((double) y[i]), 1e-30);
                    maxRel = Math.max(maxRel, Double.isNaN(rel) ? Double.POSITIVE_INFINITY : rel);
                }
            }
            return bad == 0 ? "exact" : String.format("MISMATCH: %d of %d differ, max rel err %.2e", bad, x.length, maxRel);
        }
    }

    /** Deterministic inputs in [0, 1). */
    static float[] randomFloats(int n, long seed) {
        var r = new java.util.SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) r.nextDouble();
        }
        return a;
    }

    /** Kernel-time measurement on the jsycl path: {@code run} submits once and returns the event's device time. */
    Stats measure(Stats.Timed run) {
        return Stats.measure(config.warmup(), config.repeats(), run);
    }
}
