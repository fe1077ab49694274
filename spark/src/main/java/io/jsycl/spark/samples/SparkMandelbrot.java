package io.jsycl.spark.samples;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.spark.JsyclSpark;
import java.io.Serializable;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;

/**
 * A compute-bound Spark job: the Mandelbrot set's escape iterations over a window around the main cardioid, where
 * most points run to the iteration limit, so that the per-pixel loop, not Spark, takes the time. The pixels are a
 * Dataset ({@code spark.range(width * height)}); their iteration counts a column, computed per partition by a jsycl
 * kernel on the executor's device ({@code jsycl}), or by the same loop in a Java UDF on the executors' cores
 * ({@code plain}, the plain-Spark baseline). {@code alone} runs the same kernel over all the pixels from this JVM, on
 * one device, without Spark: what Spark adds around one GPU's work is the difference.
 *
 * <p>The job sums the counts and collects about 4096 of them (the pixels whose index is a multiple of a prime
 * stride); the driver recomputes those in Java and compares them bit for bit (float arithmetic only: no
 * transcendental functions, no fused multiply-add, so a device computes exactly what Java does), printing
 * {@code MISMATCH} lines and throwing if one differs.
 *
 * <p>Usage: {@code SparkMandelbrot [width] [height] [maxIter] [master] [jsycl|plain|alone] [partitions] [runs]};
 * defaults {@code 1024 1024 10000 local[*] jsycl 32 1}. {@code -} as the master takes it from spark-submit. One job
 * with an iteration limit of 100 runs first, untimed (executors' JIT, kernel builds), then {@code runs} timed jobs; the
 * last line gives the median: {@code job: 12.345 s (jsycl, 4 executors)}.
 */
public final class SparkMandelbrot {
    /** About this many pixels are checked against Java. */
    private static final int SAMPLES = 4096;
    /** The warm-up job's iteration limit: enough to run every code path, too few to take time. */
    private static final int WARM_UP_ITERATIONS = 100;

    private SparkMandelbrot() {
    }

    /**
     * Where the job runs the per-pixel loop.
     */
    enum Mode {
        /** A jsycl kernel per partition, on the executor's device. */
        JSYCL,
        /** A Java UDF per row, on the executors' cores. */
        PLAIN,
        /** One jsycl kernel over every pixel, on this JVM's default device, without Spark. */
        ALONE
    }

    /**
     * The pixels and the part of the complex plane they cover: pixel {@code p} is {@code c = (x0 + (p % width) * step,
     * y0 + (p / width) * step)}. A record of primitives, so a kernel captures it and calls its methods.
     *
     * @param width pixels per row
     * @param height rows
     * @param x0 the real part of the first column
     * @param y0 the imaginary part of the first row
     * @param step the distance between neighbouring pixels
     * @param maxIter the iteration limit
     */
    record Region(int width, int height, float x0, float y0, float step, int maxIter) implements Serializable {
        /** Re from -0.9 to -0.1 across the width, centred on the real axis: the main cardioid and its neck. */
        static Region of(int width, int height, int maxIter) {
            if (width < 1 || height < 1 || (long) width * height > Integer.MAX_VALUE || maxIter < 1) {
                throw new IllegalArgumentException("width, height and maxIter must be positive and width * height "
                        + "at most 2^31 - 1: " + width + " x " + height + ", maxIter " + maxIter);
            }
            double step = 0.8 / width;
            return new Region(width, height, -0.9f, (float) (-step * height / 2), (float) step, maxIter);
        }

        int pixels() {
            return width * height;
        }

        Region withMaxIter(int limit) {
            return new Region(width, height, x0, y0, step, limit);
        }

        /** The escape iterations of pixel {@code p}: steps of z -> z^2 + c from 0 while |z|^2 <= 4, at most maxIter. */
        int iterations(int p) {
            float cr = x0 + (p % width) * step;
            float ci = y0 + (p / width) * step;
            float zr = 0f;
            float zi = 0f;
            int n = 0;
            while (n < maxIter) {
                float zr2 = zr * zr;
                float zi2 = zi * zi;
                if (zr2 + zi2 > 4f) {
                    break;
                }
                zi = 2f * zr * zi + ci;
                zr = zr2 - zi2 + cr;
                n++;
            }
            return n;
        }
    }

    /**
     * What a job computed.
     *
     * @param iterations the sum of every pixel's iterations
     * @param sample the checked pixels' iterations, in pixel order: pixel {@code i * stride} at {@code i}
     * @param stride the distance between checked pixels
     * @param seconds each timed job's time
     */
    record Result(long iterations, int[] sample, int stride, double[] seconds) {
        double median() {
            double[] s = seconds.clone();
            Arrays.sort(s);
            int m = s.length / 2;
            return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
        }
    }

    /**
     * Runs the sample.
     *
     * @param args {@code [width] [height] [maxIter] [master] [jsycl|plain|alone] [partitions] [runs]}
     */
    public static void main(String[] args) {
        int width = args.length > 0 ? Integer.parseInt(args[0]) : 1024;
        int height = args.length > 1 ? Integer.parseInt(args[1]) : 1024;
        int maxIter = args.length > 2 ? Integer.parseInt(args[2]) : 10_000;
        String master = args.length > 3 ? args[3] : "local[*]";
        Mode mode = Mode.valueOf((args.length > 4 ? args[4] : "jsycl").toUpperCase(java.util.Locale.ROOT));
        int partitions = args.length > 5 ? Integer.parseInt(args[5]) : 32;
        int runs = args.length > 6 ? Integer.parseInt(args[6]) : 1;
        Region region = Region.of(width, height, maxIter);
        if (mode == Mode.ALONE) {
            report(region, alone(region, runs), "jsycl alone, 1 device");
            return;
        }
        var builder = SparkSession.builder().appName("jsycl Mandelbrot").config("spark.ui.enabled", "false");
        if (!master.equals("-")) {
            builder.master(master);
        }
        SparkSession spark = builder.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try {
            Result result = run(spark, region, mode == Mode.PLAIN, partitions, runs);
            int executors = spark.sparkContext().getExecutorMemoryStatus().size() - 1;
            report(region, result, (mode == Mode.PLAIN ? "plain Spark, " : "jsycl, ") + executors + " executors");
        } finally {
            spark.stop();
        }
    }

    /** Prints the result, checks it (throws on a mismatch), and prints the timing line last. */
    private static void report(Region region, Result result, String what) {
        long pixels = region.pixels();
        for (int i = 0; i < result.seconds().length; i++) {
            System.out.printf("run %d: %.3f s%n", i + 1, result.seconds()[i]);
        }
        System.out.printf("%d x %d pixels, maxIter %d: %d iterations (%.1f per pixel), %.3g per second%n",
                region.width(), region.height(), region.maxIter(), result.iterations(),
                result.iterations() / (double) pixels, result.iterations() / result.median());
        check(region, result);
        System.out.printf("job: %.3f s (%s)%n", result.median(), what);
    }

    /**
     * Runs the job on {@code spark}: one untimed warm-up job, then {@code runs} timed ones.
     *
     * @param spark the session
     * @param region the pixels and the iteration limit
     * @param plain whether the iterations come from a Java UDF (the baseline) rather than a jsycl kernel
     * @param partitions how many partitions the pixels have
     * @param runs how many timed jobs
     * @return the last job's result, with every job's time
     */
    static Result run(SparkSession spark, Region region, boolean plain, int partitions, int runs) {
        int stride = stride(region.pixels());
        job(spark, region.withMaxIter(Math.min(region.maxIter(), WARM_UP_ITERATIONS)), plain, partitions, stride);
        double[] seconds = new double[runs];
        Row last = null;
        for (int r = 0; r < runs; r++) {
            long t0 = System.nanoTime();
            last = job(spark, region, plain, partitions, stride);
            seconds[r] = (System.nanoTime() - t0) / 1e9;
        }
        List<Row> collected = last.getList(1);
        var sample = new int[collected.size()];
        for (Row s : collected) {
            long id = s.getLong(0);
            if (id % stride == 0 && id / stride < sample.length) {
                sample[(int) (id / stride)] = s.getInt(1);
            }
        }
        return new Result(last.getLong(0), sample, stride, seconds);
    }

    /** One job: the iterations column, then its sum and the sampled pixels' values, as one row. */
    private static Row job(SparkSession spark, Region region, boolean plain, int partitions, int stride) {
        Dataset<Row> pixels = spark.range(0, region.pixels(), 1, partitions).toDF();
        Dataset<Row> counted = plain ? pixels.withColumn("iterations", udf(region).apply(col("id")))
                : withIterations(pixels, region);
        return counted.agg(sum("iterations"), collect_list(when(col("id").mod(stride).equalTo(0),
                struct(col("id"), col("iterations"))))).first();
    }

    /** Each pixel's iterations, a jsycl kernel per partition on the executor's device. */
    static Dataset<Row> withIterations(Dataset<Row> pixels, Region region) {
        return JsyclSpark.withColumn(pixels, "iterations", DataTypes.IntegerType,
                p -> submit(p.queue(), p.longs("id"), p.outputInts(), p.size(), region));
    }

    /** The kernel: {@code out[i]} is the iterations of pixel {@code ids[i]}. */
    private static void submit(Queue queue, Buffer.OfLong ids, Buffer.OfInt out, int n, Region region) {
        queue.submit(h -> {
            var id = ids.read(h);
            var iterations = out.writeNoInit(h);
            h.parallelFor(Range.of(n), it -> {
                int i = it.id(0);
                iterations.set(i, region.iterations((int) id.get(i)));
            });
        });
    }

    /**
     * The same loop as a Java UDF. Non-deterministic to Spark, so that its optimizer never copies the call into the
     * two aggregates that read it and runs the loop twice per pixel.
     */
    private static UserDefinedFunction udf(Region region) {
        return functions.udf((UDF1<Long, Integer>) id -> region.iterations((int) (long) id), DataTypes.IntegerType)
                .asNondeterministic();
    }

    /**
     * The kernel over every pixel on this JVM's default device (a GPU where there is one), without Spark: one
     * untimed run with an iteration limit of 100, then {@code runs} timed ones, each from the pixel indices to their
     * sum.
     *
     * @param region the pixels and the iteration limit
     * @param runs how many timed runs
     * @return the last run's result, with every run's time
     */
    static Result alone(Region region, int runs) {
        int stride = stride(region.pixels());
        try (var queue = new Queue()) {
            aloneOnce(queue, region.withMaxIter(Math.min(region.maxIter(), WARM_UP_ITERATIONS)));
            double[] seconds = new double[runs];
            int[] counts = null;
            long total = 0;
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                counts = aloneOnce(queue, region);
                total = 0;
                for (int c : counts) {
                    total += c;
                }
                seconds[r] = (System.nanoTime() - t0) / 1e9;
            }
            int[] all = counts;
            int[] sample = IntStream.range(0, (region.pixels() + stride - 1) / stride).map(i -> all[i * stride])
                    .toArray();
            return new Result(total, sample, stride, seconds);
        }
    }

    private static int[] aloneOnce(Queue queue, Region region) {
        int n = region.pixels();
        long[] ids = new long[n];
        Arrays.parallelSetAll(ids, i -> i);
        int[] counts = new int[n];
        try (var idBuffer = Buffer.of(ids); var out = Buffer.of(counts)) {
            submit(queue, idBuffer, out, n, region);
        }
        return counts;
    }

    /** About {@value #SAMPLES} checked pixels: every one for a small image, else every prime-th, apart from rows. */
    static int stride(int pixels) {
        return pixels <= SAMPLES ? 1 : BigInteger.valueOf(pixels / SAMPLES).nextProbablePrime().intValueExact();
    }

    /** Recomputes the sampled pixels in Java (on every core) and compares; prints and throws on a difference. */
    static void check(Region region, Result result) {
        int stride = result.stride();
        int expectedSamples = (region.pixels() + stride - 1) / stride;
        var problems = new ArrayList<String>();
        if (result.sample().length != expectedSamples) {
            problems.add(result.sample().length + " sampled pixels, not " + expectedSamples);
        }
        int[] sample = result.sample();
        int[] java = IntStream.range(0, sample.length).parallel().map(i -> region.iterations(i * stride)).toArray();
        int different = 0;
        for (int i = 0; i < sample.length; i++) {
            if (sample[i] != java[i]) {
                if (different++ < 5) {
                    int p = i * stride;
                    problems.add("pixel " + p + " (" + p % region.width() + ", " + p / region.width() + "): "
                            + sample[i] + " iterations, Java " + java[i]);
                }
            }
        }
        if (different > 0) {
            problems.add(different + " of " + sample.length + " sampled pixels differ from Java");
        }
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.out.println("MISMATCH: " + p));
            throw new IllegalStateException("the iterations differ from Java's: " + problems);
        }
        System.out.printf("%d sampled pixels (every %d-th) equal Java's%n", sample.length, stride);
    }
}
