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
import java.util.ArrayList;
import java.util.List;

/**
 * Heat diffusion on a square plate: an explicit 5-point stencil,
 * {@code u' = u + alpha (up + down + left + right - 4u)}, applied for a number of steps with
 * two buffers in ping-pong (each step reads one and writes the other; the runtime orders the
 * steps by their accessors). The border cells keep their temperature. The final field is drawn
 * as a PNG.
 *
 * <p>Kernel and Java reference call the same {@link #update} method, so they do the same
 * {@code float} operations in the same order and the fields match bit for bit.
 */
public final class Stencil {
    /** The diffusion coefficient times the time step over the cell size squared; stable below 0.25. */
    public static final float ALPHA = 0.2f;

    private Stencil() {
    }

    /** One cell's new temperature from its own and its four neighbours'. */
    static float update(float centre, float up, float down, float left, float right) {
        return centre + ALPHA * ((up + down) + (left + right) - 4f * centre);
    }

    /**
     * The starting field of an {@code n × n} plate: cold, with a hot top edge, a warm left edge
     * and a few hot discs.
     */
    public static float[] initialField(int n) {
        float[] u = new float[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                float v = 0f;
                if (i == 0) {
                    v = 1f;
                } else if (j == 0) {
                    v = 0.5f;
                } else {
                    v = disc(i, j, n, 0.3f, 0.3f, 0.08f) + disc(i, j, n, 0.65f, 0.55f, 0.12f)
                            + disc(i, j, n, 0.25f, 0.75f, 0.05f);
                }
                u[i * n + j] = Math.min(v, 1f);
            }
        }
        return u;
    }

    private static float disc(int i, int j, int n, float ci, float cj, float r) {
        float di = i / (float) n - ci;
        float dj = j / (float) n - cj;
        return di * di + dj * dj <= r * r ? 1f : 0f;
    }

    /**
     * Runs {@code steps} steps of diffusion on the {@code n × n} field {@code u} (row-major), in
     * place.
     *
     * @return the kernels' events, one per step
     */
    public static List<Event> diffuse(Queue q, float[] u, int n, int steps) {
        if (u.length != n * n) {
            throw new IllegalArgumentException("u must hold n * n = " + n * n + " floats: " + u.length);
        }
        float[] other = u.clone();
        var events = new ArrayList<Event>();
        Range shape = Range.of(n, n);
        try (var bufU = Buffer.of(u, shape);
             var bufOther = Buffer.of(other, shape)) {
            for (int s = 0; s < steps; s++) {
                var from = s % 2 == 0 ? bufU : bufOther;
                var to = s % 2 == 0 ? bufOther : bufU;
                events.add(q.submit(h -> {
                    var src = from.read(h);
                    var dst = to.write(h);
                    h.parallelFor(shape, it -> {
                        int i = it.id(0);
                        int j = it.id(1);
                        if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                            dst.set(i, j, src.get(i, j));
                        } else {
                            dst.set(i, j, update(src.get(i, j), src.get(i - 1, j), src.get(i + 1, j),
                                    src.get(i, j - 1), src.get(i, j + 1)));
                        }
                    });
                }));
                SampleProgress.submitted("heat diffusion", s + 1, steps, events.getLast());
            }
        }
        if (steps % 2 == 1) {
            System.arraycopy(other, 0, u, 0, u.length);
        }
        return events;
    }

    /** The reference: {@link #diffuse} by Java loops. */
    public static void diffuseInJava(float[] u, int n, int steps) {
        float[] src = u.clone();
        float[] dst = new float[n * n];
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    int c = i * n + j;
                    dst[c] = i == 0 || j == 0 || i == n - 1 || j == n - 1 ? src[c]
                            : update(src[c], src[c - n], src[c + n], src[c - 1], src[c + 1]);
                }
            }
            float[] t = src;
            src = dst;
            dst = t;
        }
        System.arraycopy(src, 0, u, 0, u.length);
    }

    /** Writes the field (0 cold to 1 hot) as a PNG. */
    public static void writePng(Path path, float[] u, int n) {
        int[] rgb = new int[n * n];
        for (int i = 0; i < rgb.length; i++) {
            rgb[i] = Images.heat(Math.sqrt(u[i]));
        }
        Images.writePng(path, n, n, rgb);
    }

    /** Usage: {@code Stencil [output.png] [n] [steps]}; defaults {@code stencil.png 256 500}. */
    public static void main(String[] args) {
        Path path = Path.of(args.length > 0 ? args[0] : "stencil.png");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        int steps = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        float[] u = initialField(n);
        float[] expected = u.clone();
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            long t0 = System.nanoTime();
            List<Event> kernels = diffuse(q, u, n, steps);
            long wall = System.nanoTime() - t0;
            SampleReport.kernelTime("heat diffusion " + n + "x" + n + ", " + steps + " steps", kernels, wall);
            writePng(path, u, n);
            SampleReport.image(path.toString(), n, n);
            diffuseInJava(expected, n, steps);
            String detail = SampleReport.mismatch(u, expected);
            System.exit(SampleReport.check(detail.isEmpty(), detail));
        }
    }
}
