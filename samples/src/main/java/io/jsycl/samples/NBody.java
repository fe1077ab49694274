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
import java.util.Random;

/**
 * Gravitational n-body simulation: all pairs, with Plummer softening, integrated by
 * semi-implicit Euler. Each step is two kernels: one work-item per body sums the
 * accelerations from all bodies and updates its velocity, then one work-item per body moves
 * it. The positions are drawn as a PNG (projected on the x-y plane).
 *
 * <p>State is kept as structures of arrays, four floats per body: positions and masses
 * {@code (x, y, z, m)} and velocities {@code (vx, vy, vz, 0)}.
 *
 * <p>The result is bit-exact with the Java reference {@link #simulateInJava}: both sum the
 * pairs in increasing index order with the same {@code float} operations, and the only
 * operations beyond {@code + - *} are a division and {@code (float) Math.sqrt} of a float,
 * which Java rounds correctly (the square root of a float computed in double and rounded to
 * float is the correctly rounded float square root) and which jsycl builds with
 * {@code -cl-fp32-correctly-rounded-divide-sqrt} where the device supports it. A device without
 * correctly rounded single-precision divide and square root
 * ({@code Aspect.FP32_CORRECTLY_ROUNDED_DIVIDE_SQRT}) would differ in the last bits.
 */
public final class NBody {
    /** The softening length squared: keeps close encounters finite. */
    public static final float SOFTENING2 = 0.01f;

    private NBody() {
    }

    /**
     * Two rotating discs of {@code n} bodies in total, seeded for repeatability.
     *
     * @return positions and masses, {@code 4n} floats; velocities are written into {@code vel}
     */
    public static float[] initialBodies(int n, long seed, float[] vel) {
        var random = new Random(seed);
        float[] pos = new float[4 * n];
        for (int i = 0; i < n; i++) {
            boolean first = i < n / 2;
            float cx = first ? -1.2f : 1.2f;
            float cy = first ? -0.4f : 0.4f;
            float driftX = first ? 0.08f : -0.08f;
            double angle = random.nextDouble() * 2 * Math.PI;
            double r = 0.05 + 0.9 * Math.sqrt(random.nextDouble());
            float x = (float) (r * Math.cos(angle));
            float y = (float) (r * Math.sin(angle));
            float z = (float) (random.nextGaussian() * 0.02);
            // Circular speed for a uniform disc of half the mass, roughly.
            float speed = (float) Math.sqrt(0.5 * r * r / (r * r * r + 0.1)) * 0.9f;
            pos[4 * i] = cx + x;
            pos[4 * i + 1] = cy + y;
            pos[4 * i + 2] = z;
            pos[4 * i + 3] = 1f / n;
            vel[4 * i] = driftX - speed * y / (float) r;
            vel[4 * i + 1] = speed * x / (float) r;
            vel[4 * i + 2] = 0f;
            vel[4 * i + 3] = 0f;
        }
        return pos;
    }

    /**
     * Advances {@code pos} and {@code vel} (each {@code 4n} floats) by {@code steps} steps of
     * {@code dt}, in place.
     *
     * @return the kernels' events, two per step
     */
    public static List<Event> simulate(Queue q, float[] pos, float[] vel, int steps, float dt) {
        if (pos.length % 4 != 0 || vel.length != pos.length) {
            throw new IllegalArgumentException("pos and vel must hold 4 floats per body: " + pos.length + ", "
                    + vel.length);
        }
        int n = pos.length / 4;
        var events = new ArrayList<Event>();
        try (var bufPos = Buffer.of(pos);
             var bufVel = Buffer.of(vel)) {
            for (int s = 0; s < steps; s++) {
                events.add(q.submit(h -> {
                    var p = bufPos.read(h);
                    var v = bufVel.readWrite(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        float xi = p.get(4 * i);
                        float yi = p.get(4 * i + 1);
                        float zi = p.get(4 * i + 2);
                        float ax = 0f;
                        float ay = 0f;
                        float az = 0f;
                        for (int j = 0; j < n; j++) {
                            float dx = p.get(4 * j) - xi;
                            float dy = p.get(4 * j + 1) - yi;
                            float dz = p.get(4 * j + 2) - zi;
                            float d2 = dx * dx + dy * dy + dz * dz + SOFTENING2;
                            float inv = 1f / (float) Math.sqrt(d2);
                            float s3 = p.get(4 * j + 3) * inv * inv * inv;
                            ax += s3 * dx;
                            ay += s3 * dy;
                            az += s3 * dz;
                        }
                        v.set(4 * i, v.get(4 * i) + dt * ax);
                        v.set(4 * i + 1, v.get(4 * i + 1) + dt * ay);
                        v.set(4 * i + 2, v.get(4 * i + 2) + dt * az);
                    });
                }));
                events.add(q.submit(h -> {
                    var p = bufPos.readWrite(h);
                    var v = bufVel.read(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        p.set(4 * i, p.get(4 * i) + dt * v.get(4 * i));
                        p.set(4 * i + 1, p.get(4 * i + 1) + dt * v.get(4 * i + 1));
                        p.set(4 * i + 2, p.get(4 * i + 2) + dt * v.get(4 * i + 2));
                    });
                }));
                SampleProgress.submitted("n-body", s + 1, steps, events.getLast());
            }
        }
        return events;
    }

    /** The reference: {@link #simulate} by Java loops, the same operations in the same order. */
    public static void simulateInJava(float[] pos, float[] vel, int steps, float dt) {
        int n = pos.length / 4;
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < n; i++) {
                float xi = pos[4 * i];
                float yi = pos[4 * i + 1];
                float zi = pos[4 * i + 2];
                float ax = 0f;
                float ay = 0f;
                float az = 0f;
                for (int j = 0; j < n; j++) {
                    float dx = pos[4 * j] - xi;
                    float dy = pos[4 * j + 1] - yi;
                    float dz = pos[4 * j + 2] - zi;
                    float d2 = dx * dx + dy * dy + dz * dz + SOFTENING2;
                    float inv = 1f / (float) Math.sqrt(d2);
                    float s3 = pos[4 * j + 3] * inv * inv * inv;
                    ax += s3 * dx;
                    ay += s3 * dy;
                    az += s3 * dz;
                }
                vel[4 * i] = vel[4 * i] + dt * ax;
                vel[4 * i + 1] = vel[4 * i + 1] + dt * ay;
                vel[4 * i + 2] = vel[4 * i + 2] + dt * az;
            }
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    pos[4 * i + k] = pos[4 * i + k] + dt * vel[4 * i + k];
                }
            }
        }
    }

    /**
     * Draws the bodies on the x-y plane, {@code [-extent, extent]} on each axis, as a PNG:
     * each body adds light to its pixel, and the light is tone-mapped on the heat map.
     */
    public static void writePng(Path path, float[] pos, int size, float extent) {
        float[] light = new float[size * size];
        int n = pos.length / 4;
        for (int i = 0; i < n; i++) {
            int px = (int) ((pos[4 * i] / extent * 0.5f + 0.5f) * size);
            int py = (int) ((0.5f - pos[4 * i + 1] / extent * 0.5f) * size);
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int x = px + dx;
                    int y = py + dy;
                    if (x >= 0 && y >= 0 && x < size && y < size) {
                        light[y * size + x] += dx == 0 && dy == 0 ? 1f : 0.25f;
                    }
                }
            }
        }
        int[] rgb = new int[size * size];
        for (int i = 0; i < rgb.length; i++) {
            rgb[i] = Images.heat(1 - Math.exp(-light[i] * 1.2));
        }
        Images.writePng(path, size, size, rgb);
    }

    /** Usage: {@code NBody [output.png] [n] [steps]}; defaults {@code nbody.png 1024 20}. */
    public static void main(String[] args) {
        Path path = Path.of(args.length > 0 ? args[0] : "nbody.png");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 1024;
        int steps = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        float dt = 0.01f;
        float[] vel = new float[4 * n];
        float[] pos = initialBodies(n, 11, vel);
        float[] expectedPos = pos.clone();
        float[] expectedVel = vel.clone();
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            long t0 = System.nanoTime();
            List<Event> kernels = simulate(q, pos, vel, steps, dt);
            long wall = System.nanoTime() - t0;
            SampleReport.kernelTime("n-body, " + n + " bodies, " + steps + " steps", kernels, wall);
            writePng(path, pos, 512, 2.5f);
            SampleReport.image(path.toString(), 512, 512);
            simulateInJava(expectedPos, expectedVel, steps, dt);
            String detail = SampleReport.mismatch(pos, expectedPos);
            String detailVel = SampleReport.mismatch(vel, expectedVel);
            System.exit(SampleReport.check(detail.isEmpty() && detailVel.isEmpty(),
                    detail.isEmpty() ? "velocity " + detailVel : "position " + detail));
        }
    }
}
