package io.jsycl.bench;

import io.jsycl.Device;
import io.jsycl.Queue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;

/**
 * Three programs a new user writes, timed whole, from Java arrays to Java arrays, against the same computation in plain
 * Java on all cores:
 * <ul>
 *   <li>{@link FilterScanSum}: the elements of 2^27 floats above 0.5f in order (flag, exclusive scan, scatter) into a
 *       {@code float[]} of exactly their count, and their sum; Java does the same in two parallel passes;
 *   <li>{@link BlurSobel}: a 3×3 box blur then the Sobel gradient magnitude of an 8192² float image, clamped to the
 *       edge; Java runs the same arithmetic (the same static methods) with rows in parallel;
 *   <li>{@link KMeans}: 10 iterations of k-means with 16 clusters over 2^24 points held as records, the sums
 *       gathered with atomics; Java runs the same steps with a parallel stream.
 * </ul>
 * The jsycl side is written as the README teaches: {@code Buffer.of(array)} in try-with-resources, {@code q.submit}
 * with accessors, the result in the Java array when its buffer closes. A jsycl time runs from making the first buffer
 * to the last result in its Java array (the output array's allocation included, on both sides); the queue is made
 * once before. "first" is the program's first run in this JVM (its kernels lowered and built, or loaded from the
 * program cache; for the second program the runtime is already warm from the first), "second" the next; then
 * {@code --runs} rounds, each a jsycl run then a Java run, give the medians (Java after one warm-up run, whose result
 * is the reference), and, for the filter, the same written plainly with streams, as most Java code is (the kind
 * of baseline the first numbers were taken against), and as a plain multi-threaded Java loop over the same
 * tiles with the kernel's own branches (the filter's reference is branch-free, which a plain loop is not). A {@code System.gc()} before each timed run, off the clock, keeps one run from paying for the
 * garbage of the one before. Every jsycl result is compared with the Java reference: the blurred edges and the
 * compacted array bit-exactly, and the sum too, since both sides add the same values in the same tree order
 * ({@link FilterScanSum}). A difference fails the run (exit status 1, the difference on stderr and in the table).
 * Prints one Markdown table.
 *
 * <pre>
 * FirstPrograms [--device gpu|cpu|host|NAME] [--log2 27] [--n N] [--size 8192|WxH] [--points-log2 24] [--runs 10]
 *               [--only filter|blur|kmeans] [--out FILE.md]
 * </pre>
 * {@code --device} picks the first OpenCL device it matches (by default the first OpenCL device; {@code host}: the
 * pure-Java host device); {@code --n} gives the filter's length exactly (instead of 2^log2); {@code --size} the image,
 * square or {@code WIDTHxHEIGHT}; {@code --points-log2} the k-means points;
 * {@code --out} also writes the table to a file.
 */
public final class FirstPrograms {
    private FirstPrograms() {
    }

    /** One program, as jsycl and as plain Java on all cores, over an input it holds. */
    interface Program<R> {
        /** The program, for the table. */
        String name();

        /** Its input's size, for the table. */
        String size();

        /** The program on {@code q}, from the input array to a result in Java arrays. */
        R jsycl(Queue q);

        /** The program in plain Java on all cores. */
        R java();

        /** What differs between a jsycl result and the Java one, or null where they are the same. */
        String difference(R jsycl, R java);

        /** What is wrong with the Java result itself (checked once, against a plainer computation), or null. */
        default String baselineDifference(R java) {
            return null;
        }

        /** The program as Java streams written plainly, where that differs from {@link #java()}; else null. */
        default R javaStream() {
            return null;
        }

        /**
         * The same algorithm as the jsycl program written as a plain multi-threaded Java loop, where {@link #java()}
         * is tuned beyond that (branch-free): the kernel's steps over the same tiles on all cores, its branches as
         * written; else null.
         */
        default R javaLoop() {
            return null;
        }

        /**
         * What is wrong with the result of a plain version ({@link #javaStream()}, {@link #javaLoop()}) against
         * {@link #java()}'s, or null.
         */
        default String plainDifference(R plain, R java) {
            return null;
        }
    }

    /** One program's times in milliseconds and its check ("ok" or the first difference). */
    private record Row(String name, String size, double first, double second, double jsyclMedian, double javaMedian,
            double streamMedian, double loopMedian, String check) {
    }

    public static void main(String[] args) throws IOException {
        var opts = Suite.parse(args);
        int n = opts.containsKey("n") ? Suite.intOpt(opts, "n", 0) : 1 << Suite.intOpt(opts, "log2", 27);
        int[] size = size(opts.getOrDefault("size", "8192"));
        int points = 1 << Suite.intOpt(opts, "points-log2", 24);
        int runs = Suite.intOpt(opts, "runs", 10);
        if (runs < 1 || n < 1) {
            throw new IllegalArgumentException("--runs and the filter's length must be at least 1: " + runs + ", " + n);
        }
        String only = opts.getOrDefault("only", "");
        Device device = Suite.devices(opts.get("device")).getFirst();
        var rows = new ArrayList<Row>();
        String pools;
        try (var q = new Queue(device)) {
            if (only.isEmpty() || only.equals("filter")) {
                rows.add(measure(q, new FilterScanSum(FilterScanSum.data(n)), runs));
            }
            if (only.isEmpty() || only.equals("blur")) {
                rows.add(measure(q, new BlurSobel(BlurSobel.image(size[0], size[1]), size[0], size[1]), runs));
            }
            if (only.isEmpty() || only.equals("kmeans")) {
                rows.add(measure(q, new KMeans(KMeans.points(points)), runs));
            }
            pools = q.context().memoryStats().toString();
        }
        var text = new StringBuilder();
        text.append("## ").append(device.name()).append(" (").append(device.type()).append(", ")
                .append(device.driverVersion()).append("): first programs from Java arrays to Java arrays\n\n");
        text.append(String.format(Locale.ROOT, "Command: `FirstPrograms %s`; %s %s; Java's parallel streams on the "
                + "common pool (parallelism %d) and the calling thread, %d host CPUs. jsycl's first and second run, "
                + "then %d rounds of a jsycl run and a Java run: medians, in milliseconds from the input array to the "
                + "output arrays.%n%n", String.join(" ", args), System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"), ForkJoinPool.commonPool().getParallelism(),
                Runtime.getRuntime().availableProcessors(), runs));
        text.append("| program | size | jsycl first ms | jsycl second ms | jsycl median ms | Java parallel median ms "
                + "| Java / jsycl | Java plain streams median ms | streams / jsycl | Java plain loop median ms "
                + "| loop / jsycl | check |\n");
        text.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        List<String> failures = new ArrayList<>();
        for (Row r : rows) {
            text.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f | %.1f | %.2f× | %s | %s | %s | %s | %s |%n",
                    r.name(), r.size(), r.first(), r.second(), r.jsyclMedian(), r.javaMedian(),
                    r.javaMedian() / r.jsyclMedian(), ms(r.streamMedian()), ratio(r.streamMedian(), r.jsyclMedian()),
                    ms(r.loopMedian()), ratio(r.loopMedian(), r.jsyclMedian()), r.check()));
            if (!r.check().equals("ok")) {
                failures.add(r.name() + ": " + r.check());
            }
        }
        text.append("\njsycl's memory pools after the runs: ").append(pools).append('\n');
        System.out.print(text);
        if (opts.containsKey("out")) {
            Path out = Path.of(opts.get("out"));
            if (out.getParent() != null) {
                Files.createDirectories(out.getParent());
            }
            Files.writeString(out, text);
        }
        if (!failures.isEmpty()) {
            System.err.println("FirstPrograms: CHECK FAILED, jsycl and Java results differ:\n  "
                    + String.join("\n  ", failures));
            System.exit(1);
        }
    }

    /** The first and second jsycl runs, a Java warm-up (the reference), then {@code runs} rounds of both. */
    private static <R> Row measure(Queue q, Program<R> p, int runs) {
        System.err.println(p.name() + ", " + p.size() + " ...");
        long[] first = new long[2];
        List<R> early = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            System.gc();
            long t0 = System.nanoTime();
            early.add(p.jsycl(q));
            first[i] = System.nanoTime() - t0;
        }
        System.gc();
        R reference = p.java();
        String check = p.baselineDifference(reference);
        if (check != null) {
            throw new IllegalStateException(p.name() + ": the Java baseline is wrong: " + check);
        }
        for (R r : early) {
            check = check != null ? check : p.difference(r, reference);
        }
        early.clear();
        long[] jsycl = new long[runs];
        long[] java = new long[runs];
        long[] streams = new long[runs];
        long[] loops = new long[runs];
        boolean hasStreams = p.javaStream() != null; // also its warm-up
        boolean hasLoop = p.javaLoop() != null;
        for (int i = 0; i < runs; i++) {
            System.gc();
            long t0 = System.nanoTime();
            R r = p.jsycl(q);
            jsycl[i] = System.nanoTime() - t0;
            check = check != null ? check : p.difference(r, reference);
            r = null; // garbage before the next run's System.gc()
            System.gc();
            t0 = System.nanoTime();
            p.java();
            java[i] = System.nanoTime() - t0;
            if (hasStreams) {
                check = check != null ? check : timePlain(p, p::javaStream, streams, i, reference);
            }
            if (hasLoop) {
                check = check != null ? check : timePlain(p, p::javaLoop, loops, i, reference);
            }
        }
        if (check != null) {
            System.err.println("*** " + p.name() + ": " + check);
        }
        return new Row(p.name(), p.size(), first[0] / 1e6, first[1] / 1e6, median(jsycl) / 1e6, median(java) / 1e6,
                hasStreams ? median(streams) / 1e6 : Double.NaN, hasLoop ? median(loops) / 1e6 : Double.NaN,
                check == null ? "ok" : "MISMATCH: " + check.replace('|', '/'));
    }

    /**
     * Runs a plain version of {@code p} once, its time into {@code nanos[i]}; what is wrong with its result against
     * {@code reference}, or null.
     */
    private static <R> String timePlain(Program<R> p, java.util.function.Supplier<R> plain, long[] nanos, int i,
            R reference) {
        System.gc();
        long t0 = System.nanoTime();
        R r = plain.get();
        nanos[i] = System.nanoTime() - t0;
        return p.plainDifference(r, reference);
    }

    /** Milliseconds for the table, or a dash where the program has no such version (NaN). */
    private static String ms(double millis) {
        return Double.isNaN(millis) ? "–" : String.format(Locale.ROOT, "%.1f", millis);
    }

    /** {@code plain / jsycl} for the table, or a dash where the program has no such version. */
    private static String ratio(double plain, double jsycl) {
        return Double.isNaN(plain) ? "–" : String.format(Locale.ROOT, "%.2f×", plain / jsycl);
    }

    private static double median(long[] nanos) {
        return Stats.of(nanos).median();
    }

    /** {@code "8192"} as 8192×8192, {@code "1920x1080"} as width 1920, height 1080. */
    private static int[] size(String s) {
        String[] parts = s.toLowerCase(Locale.ROOT).split("x");
        int w = Integer.parseInt(parts[0]);
        int h = parts.length > 1 ? Integer.parseInt(parts[1]) : w;
        if (parts.length > 2 || w < 1 || h < 1 || (long) w * h > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("--size " + s + ": give N or WxH, at least 1 and at most 2^31 pixels");
        }
        return new int[] {w, h};
    }

    /**
     * A float uniform in [0, 1) for element {@code i} of stream {@code seed} (SplitMix64's finalizer), so that inputs
     * fill in parallel and come out the same on every run.
     */
    static float noise(long i, long seed) {
        long z = (i + seed * 0x632BE59BD9B4E019L) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 40) * 0x1p-24f;
    }
}
