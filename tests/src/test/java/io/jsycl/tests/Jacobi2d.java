package io.jsycl.tests;

import io.jsycl.Buffer;
import io.jsycl.DistributedQueue;
import io.jsycl.Range;
import io.jsycl.RangeMapper;

/**
 * A 2-D five-point Jacobi stencil over a rows×cols grid (border cells kept), by Java loops and by a
 * {@link DistributedQueue} with halo rows ({@link RangeMapper#neighborhood}): the multi-device tests' common workload.
 */
final class Jacobi2d {
    private Jacobi2d() {
    }

    /** {@code steps} steps of {@code init} by Java loops: the reference. */
    static float[] inJava(float[] init, int rows, int cols, int steps) {
        float[] p = init.clone();
        float[] q = new float[p.length];
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    int c = i * cols + j;
                    q[c] = i == 0 || j == 0 || i == rows - 1 || j == cols - 1 ? p[c]
                            : 0.25f * (p[c - cols] + p[c + cols] + p[c - 1] + p[c + 1]);
                }
            }
            float[] t = p;
            p = q;
            q = t;
        }
        return p;
    }

    /** {@code steps} steps of {@code init} on {@code dq}'s devices, ping-ponging between two buffers. */
    static float[] distributed(DistributedQueue dq, float[] init, int rows, int cols, int steps) {
        float[] a = init.clone();
        float[] b = new float[a.length];
        Range shape = Range.of(rows, cols);
        try (var ba = Buffer.of(a, shape); var bb = Buffer.of(b, shape)) {
            for (int s = 0; s < steps; s++) {
                var src = s % 2 == 0 ? ba : bb;
                var dst = s % 2 == 0 ? bb : ba;
                dq.submit(h -> {
                    var in = src.read(h, RangeMapper.neighborhood(1));
                    var out = dst.writeNoInit(h, RangeMapper.oneToOne());
                    h.parallelFor(shape, it -> {
                        int i = it.id(0);
                        int j = it.id(1);
                        out.set(i, j, i == 0 || j == 0 || i == rows - 1 || j == cols - 1 ? in.get(i, j)
                                : 0.25f * (in.get(i - 1, j) + in.get(i + 1, j) + in.get(i, j - 1) + in.get(i, j + 1)));
                    });
                });
            }
        } // the close gathers every device's rows into a and b
        return steps % 2 == 0 ? a : b;
    }
}
