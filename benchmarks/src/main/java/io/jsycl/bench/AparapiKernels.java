package io.jsycl.bench;

import com.aparapi.Kernel;

/**
 * The suite's workloads as Aparapi 3.0.2 kernels, each the same algorithm and the same index mapping as the
 * hand-written OpenCL C beside it (OpenCL dimension 0 is the column), so outputs compare with that path's.
 * Aparapi translates each {@code run()} (and the methods it calls) from bytecode; kernels take their arguments as
 * fields. Local memory is a {@link Kernel.Local} array field (final, so {@code Kernel.cleanUpArrays} leaves it),
 * barriers are {@code localBarrier()}, atomics {@code atomicAdd(int[], index, delta)}.
 *
 * <p>Aparapi 3.0.2 reads these JDK 25 class files (major version 69); it logs "unexpected Attribute NestHost" for
 * nested classes and goes on. The benchmarks module compiles with {@code -g} (Maven's default), which Aparapi needs
 * for local-variable names.
 */
final class AparapiKernels {
    private AparapiKernels() {
    }

    static final class VectorAdd extends Kernel {
        float[] a;
        float[] b;
        float[] c;

        @Override
        public void run() {
            int i = getGlobalId();
            c[i] = a[i] + b[i];
        }
    }

    static final class Saxpy extends Kernel {
        float alpha;
        float[] x;
        float[] y;

        @Override
        public void run() {
            int i = getGlobalId();
            y[i] = alpha * x[i] + y[i];
        }
    }

    static final class SgemmNaive extends Kernel {
        float[] a;
        float[] b;
        float[] c;
        int n;

        @Override
        public void run() {
            int col = getGlobalId(0);
            int row = getGlobalId(1);
            float sum = 0.0f;
            for (int k = 0; k < n; k++) {
                sum += a[row * n + k] * b[k * n + col];
            }
            c[row * n + col] = sum;
        }
    }

    /** {@code sgemm_tiled}: 16×16 tiles of A and B in local memory, the dot product summed in k order. */
    static final class SgemmTiled extends Kernel {
        static final int TILE = Sgemm.TILE;
        float[] a;
        float[] b;
        float[] c;
        int n;
        @Local final float[] as = new float[TILE * TILE];
        @Local final float[] bs = new float[TILE * TILE];

        @Override
        public void run() {
            int col = getGlobalId(0);
            int row = getGlobalId(1);
            int lx = getLocalId(0);
            int ly = getLocalId(1);
            float sum = 0.0f;
            for (int t = 0; t < n; t += TILE) {
                as[ly * TILE + lx] = a[row * n + t + lx];
                bs[ly * TILE + lx] = b[(t + ly) * n + col];
                localBarrier();
                for (int k = 0; k < TILE; k++) {
                    sum += as[ly * TILE + k] * bs[k * TILE + lx];
                }
                localBarrier();
            }
            c[row * n + col] = sum;
        }
    }

    /**
     * One 5-point Jacobi step: {@code flip == 0} reads {@code a} and writes {@code b}, otherwise the reverse (Aparapi
     * binds arrays to fields, so ping-pong is a flag rather than swapped arguments).
     */
    static final class Stencil extends Kernel {
        float[] a;
        float[] b;
        int n;
        int flip;

        @Override
        public void run() {
            int j = getGlobalId(0);
            int i = getGlobalId(1);
            if (flip == 0) {
                step(a, b, i, j);
            } else {
                step(b, a, i, j);
            }
        }

        private void step(float[] src, float[] dst, int i, int j) {
            int c = i * n + j;
            if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                dst[c] = src[c];
            } else {
                dst[c] = 0.2f * (src[c] + src[c - n] + src[c + n] + src[c - 1] + src[c + 1]);
            }
        }
    }

    static final class Mandelbrot extends Kernel {
        int[] out;
        int n;
        int maxIter;
        float x0;
        float y0;
        float d;

        @Override
        public void run() {
            int j = getGlobalId(0);
            int i = getGlobalId(1);
            float cx = x0 + (float) j * d;
            float cy = y0 + (float) i * d;
            float zx = 0.0f;
            float zy = 0.0f;
            int k = 0;
            while (k < maxIter && zx * zx + zy * zy <= 4.0f) {
                float t = zx * zx - zy * zy + cx;
                zy = 2.0f * zx * zy + cy;
                zx = t;
                k++;
            }
            out[i * n + j] = k;
        }
    }

    static final class NBody extends Kernel {
        float[] pos;
        float[] vel;
        float[] newPos;
        float[] newVel;
        int n;
        float eps;
        float dt;

        @Override
        public void run() {
            int i = getGlobalId();
            float xi = pos[4 * i];
            float yi = pos[4 * i + 1];
            float zi = pos[4 * i + 2];
            float ax = 0.0f;
            float ay = 0.0f;
            float az = 0.0f;
            for (int j = 0; j < n; j++) {
                float dx = pos[4 * j] - xi;
                float dy = pos[4 * j + 1] - yi;
                float dz = pos[4 * j + 2] - zi;
                float d2 = dx * dx + dy * dy + dz * dz + eps;
                float inv = 1.0f / sqrt(d2);
                float s = pos[4 * j + 3] * inv * inv * inv;
                ax += dx * s;
                ay += dy * s;
                az += dz * s;
            }
            float vx = vel[4 * i] + ax * dt;
            float vy = vel[4 * i + 1] + ay * dt;
            float vz = vel[4 * i + 2] + az * dt;
            newVel[4 * i] = vx;
            newVel[4 * i + 1] = vy;
            newVel[4 * i + 2] = vz;
            newVel[4 * i + 3] = 0.0f;
            newPos[4 * i] = xi + vx * dt;
            newPos[4 * i + 1] = yi + vy * dt;
            newPos[4 * i + 2] = zi + vz * dt;
            newPos[4 * i + 3] = pos[4 * i + 3];
        }
    }

    /** {@code sum_tree}: a tree in local memory per work-group, then one atomic add of the group's sum. */
    static final class SumTree extends Kernel {
        int[] x;
        int[] out;
        int n;
        @Local final int[] scratch;

        SumTree(int group) {
            scratch = new int[group];
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int gid = getGlobalId();
            scratch[lid] = gid < n ? x[gid] : 0;
            localBarrier();
            for (int s = getLocalSize() / 2; s > 0; s >>= 1) {
                if (lid < s) {
                    scratch[lid] += scratch[lid + s];
                }
                localBarrier();
            }
            if (lid == 0) {
                atomicAdd(out, 0, scratch[0]);
            }
        }
    }

    static final class HistogramGlobal extends Kernel {
        int[] x;
        int[] bins;

        @Override
        public void run() {
            atomicAdd(bins, x[getGlobalId()] & 0xFF, 1);
        }
    }

    /** {@code hist_local}: per-group bins in local memory (local atomics), then one global atomic per bin. */
    static final class HistogramLocal extends Kernel {
        int[] x;
        int[] bins;
        int n;
        @Local final int[] localBins = new int[Histogram.BINS];

        @Override
        public void run() {
            int lid = getLocalId();
            int lsize = getLocalSize();
            for (int b = lid; b < 256; b += lsize) {
                localBins[b] = 0;
            }
            localBarrier();
            int stride = getGlobalSize();
            for (int i = getGlobalId(); i < n; i += stride) {
                atomicAdd(localBins, x[i] & 0xFF, 1);
            }
            localBarrier();
            for (int b = lid; b < 256; b += lsize) {
                int count = localBins[b];
                if (count != 0) {
                    atomicAdd(bins, b, count);
                }
            }
        }
    }
}
