package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceSelector;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.nio.file.Path;
import java.util.List;

/**
 * The Mandelbrot set: one work-item per pixel of a 2-D range counts the iterations of
 * {@code z = z² + c} until {@code |z| > 2}, and the counts are drawn as a PNG.
 *
 * <p>The kernel calls the static method {@link #escapeTime}, which jsycl lowers to a device
 * function, and the Java reference calls the same method, so the counts match exactly: the
 * arithmetic is {@code float} with Java's semantics on the device too (every operation rounded,
 * no contraction into fused multiply-adds).
 */
public final class Mandelbrot {
    private Mandelbrot() {
    }

    /** A view of the complex plane: the centre and the width of the picture. */
    public record View(float centreX, float centreY, float width) {
        /** The whole set. */
        public static final View FULL = new View(-0.6f, 0f, 3.2f);
        /** A spiral near the "seahorse valley". */
        public static final View SEAHORSE = new View(-0.7453f, 0.1127f, 0.0065f);
    }

    /**
     * Fills {@code counts} (row-major, {@code height × width}) with the escape time of each pixel
     * of {@code view}, at most {@code maxIter}.
     */
    public static Event compute(Queue q, View view, int width, int height, int maxIter, int[] counts) {
        if (counts.length != width * height) {
            throw new IllegalArgumentException("counts must hold width * height = " + width * height + " ints: "
                    + counts.length);
        }
        float scale = view.width() / width;
        float x0 = view.centreX() - scale * (width / 2);
        float y0 = view.centreY() - scale * (height / 2);
        try (var bufCounts = Buffer.of(counts, Range.of(height, width))) {
            return q.submit(h -> {
                var out = bufCounts.write(h);
                h.parallelFor(Range.of(height, width), it -> {
                    int row = it.id(0);
                    int col = it.id(1);
                    out.set(row, col, escapeTime(x0 + col * scale, y0 + row * scale, maxIter));
                });
            });
        }
    }

    /** The reference: {@link #compute} by a Java loop. */
    public static int[] computeInJava(View view, int width, int height, int maxIter) {
        float scale = view.width() / width;
        float x0 = view.centreX() - scale * (width / 2);
        float y0 = view.centreY() - scale * (height / 2);
        int[] counts = new int[width * height];
        for (int row = 0; row < height; row++) {
            for (int col = 0; col < width; col++) {
                counts[row * width + col] = escapeTime(x0 + col * scale, y0 + row * scale, maxIter);
            }
        }
        return counts;
    }

    /** The iterations of {@code z = z² + c}, from 0, before {@code |z| > 2}; at most {@code maxIter}. */
    static int escapeTime(float cr, float ci, int maxIter) {
        float zr = 0f;
        float zi = 0f;
        int i = 0;
        while (i < maxIter && zr * zr + zi * zi <= 4f) {
            float t = zr * zr - zi * zi + cr;
            zi = 2f * zr * zi + ci;
            zr = t;
            i++;
        }
        return i;
    }

    /** Colours escape times: points in the set black, the rest along a cyclic map. */
    public static int[] colour(int[] counts, int maxIter) {
        int[] rgb = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            int c = counts[i];
            rgb[i] = c >= maxIter ? 0 : Images.cyclic(Math.sqrt(c) / 8.0);
        }
        return rgb;
    }

    /** Writes the escape times as a PNG. */
    public static void writePng(Path path, int[] counts, int width, int height, int maxIter) {
        Images.writePng(path, width, height, colour(counts, maxIter));
    }

    /**
     * Usage: {@code Mandelbrot [output.png] [width] [height] [maxIter] [full|seahorse]}; defaults
     * {@code mandelbrot.png 800 600 256 full}.
     */
    public static void main(String[] args) {
        Path path = Path.of(args.length > 0 ? args[0] : "mandelbrot.png");
        int width = args.length > 1 ? Integer.parseInt(args[1]) : 800;
        int height = args.length > 2 ? Integer.parseInt(args[2]) : 600;
        int maxIter = args.length > 3 ? Integer.parseInt(args[3]) : 256;
        View view = args.length > 4 && args[4].equals("seahorse") ? View.SEAHORSE : View.FULL;
        int[] counts = new int[width * height];
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            long t0 = System.nanoTime();
            Event kernel = compute(q, view, width, height, maxIter, counts);
            long wall = System.nanoTime() - t0;
            SampleReport.kernelTime("mandelbrot " + width + "x" + height + ", " + maxIter + " iterations", List.of(kernel), wall);
            writePng(path, counts, width, height, maxIter);
            SampleReport.image(path.toString(), width, height);
            int[] expected = computeInJava(view, width, height, maxIter);
            String detail = SampleReport.mismatch(counts, expected);
            System.exit(SampleReport.check(detail.isEmpty(), detail));
        }
    }
}
