package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * {@link FirstPrograms}' second program: a 3×3 box blur of a {@code float} image, then the Sobel gradient magnitude
 * of the blurred image, from a Java array to a Java array. Both filters clamp to the edge: a neighbour outside the
 * image is the nearest pixel inside it, so every output pixel is defined and the border is no special case for the
 * user. The arithmetic is the two static methods {@link #box} and {@link #sobel}, which the jsycl kernels and the
 * Java loops both call, so the order of every operation is the same on both sides by construction: the results are
 * compared bit-exactly (jsycl builds without floating-point contraction and with a correctly rounded
 * {@code (float) Math.sqrt}).
 *
 * <p>jsycl: two kernels over a 2-D {@code Range.of(height, width)}, the blurred image in a buffer made from its shape
 * that never leaves the device. Java: the same two passes, rows in parallel
 * ({@code IntStream.range(0, height).parallel()}), each row's interior without the clamps (they change nothing
 * there) so that the JIT can keep the inner loop straight.
 */
final class BlurSobel implements FirstPrograms.Program<float[]> {
    private final float[] image;
    private final int width;
    private final int height;

    BlurSobel(float[] image, int width, int height) {
        if (image.length != width * height) {
            throw new IllegalArgumentException("image of " + image.length + " pixels, not " + width + "x" + height);
        }
        this.image = image;
        this.width = width;
        this.height = height;
    }

    /** A {@code width}×{@code height} image: a smooth ramp plus noise in [0, 1), so edges of every strength. */
    static float[] image(int width, int height) {
        float[] px = new float[width * height];
        IntStream.range(0, height).parallel().forEach(y -> {
            for (int x = 0; x < width; x++) {
                int i = y * width + x;
                px[i] = (float) (x + y) / (width + height) + FirstPrograms.noise(i, 2);
            }
        });
        return px;
    }

    @Override
    public String name() {
        return "3x3 box blur + Sobel magnitude";
    }

    @Override
    public String size() {
        return width == height ? width + "² floats" : width + "x" + height + " floats";
    }

    /** The box blur of a pixel from its 3×3 neighbourhood, row by row. */
    static float box(float a00, float a01, float a02, float a10, float a11, float a12, float a20, float a21,
            float a22) {
        return (a00 + a01 + a02 + a10 + a11 + a12 + a20 + a21 + a22) * (1f / 9f);
    }

    /** The Sobel gradient magnitude of a pixel from its 3×3 neighbourhood (the centre does not count). */
    static float sobel(float a00, float a01, float a02, float a10, float a12, float a20, float a21, float a22) {
        float gx = (a02 + 2f * a12 + a22) - (a00 + 2f * a10 + a20);
        float gy = (a20 + 2f * a21 + a22) - (a00 + 2f * a01 + a02);
        return (float) Math.sqrt(gx * gx + gy * gy);
    }

    @Override
    public float[] jsycl(Queue q) {
        int w = width;
        int h = height;
        float[] edges = new float[w * h];
        try (var src = Buffer.of(image, Range.of(h, w));
             var blurred = Buffer.ofFloat(Range.of(h, w));
             var dst = Buffer.of(edges, Range.of(h, w))) {
            q.submit(cg -> {
                var in = src.read(cg);
                var out = blurred.writeNoInit(cg);
                cg.parallelFor(Range.of(h, w), it -> {
                    int y = it.id(0);
                    int x = it.id(1);
                    int ym = Math.max(y - 1, 0);
                    int yp = Math.min(y + 1, h - 1);
                    int xm = Math.max(x - 1, 0);
                    int xp = Math.min(x + 1, w - 1);
                    out.set(y, x, box(in.get(ym, xm), in.get(ym, x), in.get(ym, xp),
                            in.get(y, xm), in.get(y, x), in.get(y, xp),
                            in.get(yp, xm), in.get(yp, x), in.get(yp, xp)));
                });
            });
            q.submit(cg -> {
                var in = blurred.read(cg);
                var out = dst.writeNoInit(cg);
                cg.parallelFor(Range.of(h, w), it -> {
                    int y = it.id(0);
                    int x = it.id(1);
                    int ym = Math.max(y - 1, 0);
                    int yp = Math.min(y + 1, h - 1);
                    int xm = Math.max(x - 1, 0);
                    int xp = Math.min(x + 1, w - 1);
                    out.set(y, x, sobel(in.get(ym, xm), in.get(ym, x), in.get(ym, xp),
                            in.get(y, xm), in.get(y, xp),
                            in.get(yp, xm), in.get(yp, x), in.get(yp, xp)));
                });
            });
        } // closing dst waits for the kernels and writes the result back into edges
        return edges;
    }

    @Override
    public float[] java() {
        int w = width;
        int h = height;
        float[] blurred = new float[w * h];
        float[] edges = new float[w * h];
        IntStream.range(0, h).parallel().forEach(y -> blurRow(image, blurred, w, h, y));
        IntStream.range(0, h).parallel().forEach(y -> sobelRow(blurred, edges, w, h, y));
        return edges;
    }

    private static void blurRow(float[] src, float[] dst, int w, int h, int y) {
        int r0 = Math.max(y - 1, 0) * w;
        int r1 = y * w;
        int r2 = Math.min(y + 1, h - 1) * w;
        dst[r1] = blurAt(src, r0, r1, r2, 0, 0, Math.min(1, w - 1));
        for (int x = 1; x < w - 1; x++) {
            dst[r1 + x] = blurAt(src, r0, r1, r2, x - 1, x, x + 1);
        }
        if (w > 1) {
            dst[r1 + w - 1] = blurAt(src, r0, r1, r2, w - 2, w - 1, w - 1);
        }
    }

    private static float blurAt(float[] s, int r0, int r1, int r2, int xm, int x, int xp) {
        return box(s[r0 + xm], s[r0 + x], s[r0 + xp], s[r1 + xm], s[r1 + x], s[r1 + xp], s[r2 + xm], s[r2 + x],
                s[r2 + xp]);
    }

    private static void sobelRow(float[] src, float[] dst, int w, int h, int y) {
        int r0 = Math.max(y - 1, 0) * w;
        int r1 = y * w;
        int r2 = Math.min(y + 1, h - 1) * w;
        dst[r1] = sobelAt(src, r0, r1, r2, 0, 0, Math.min(1, w - 1));
        for (int x = 1; x < w - 1; x++) {
            dst[r1 + x] = sobelAt(src, r0, r1, r2, x - 1, x, x + 1);
        }
        if (w > 1) {
            dst[r1 + w - 1] = sobelAt(src, r0, r1, r2, w - 2, w - 1, w - 1);
        }
    }

    private static float sobelAt(float[] s, int r0, int r1, int r2, int xm, int x, int xp) {
        return sobel(s[r0 + xm], s[r0 + x], s[r0 + xp], s[r1 + xm], s[r1 + xp], s[r2 + xm], s[r2 + x], s[r2 + xp]);
    }

    @Override
    public String difference(float[] jsycl, float[] java) {
        int i = Arrays.mismatch(jsycl, java);
        return i < 0 ? null : "pixel (" + i % width + ", " + i / width + ") = " + jsycl[i] + ", Java " + java[i];
    }
}
