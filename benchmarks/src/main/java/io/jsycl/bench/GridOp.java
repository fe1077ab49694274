package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.CommandGroup;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import java.util.stream.IntStream;

/**
 * One workload of {@link GridKernels} at one size, as each side computes it: a jsycl command group over a 2-D or 3-D
 * {@code Range} ({@code it.id(0)} the slowest index: the row, or the slice), the same arithmetic as hand-written
 * OpenCL C (kernel {@code grid}; OpenCL dimension 0 the fastest index, the launch rounded up to the work-group and
 * the extra items sent home by a bounds check, as a hand-writer does), and as plain Java. Every operation reads an
 * input of {@link #shape()} and writes an output of the same shape, so a run can be repeated and its output checked
 * after any number of runs. The three sides add and multiply in the same order, and both device sides build without
 * contraction, so their outputs agree bit for bit. One file over 500 lines: each workload's three versions stand side
 * by side, so that a change to one is made beside the others.
 */
abstract class GridOp {
    /** The edge of the square or cube. */
    final int n;

    GridOp(int n) {
        this.n = n;
    }

    /** The workload's name, for the table and {@code --only}. */
    abstract String name();

    /** The input's and output's shape, SYCL order (slowest first): n² unless a 3-D workload says n³. */
    Range shape() {
        return Range.of(n, n);
    }

    /** The size, for the table. */
    String size() {
        return shape().dimensions() == 2 ? n + "²" : n + "³";
    }

    /** How many launches one run is (one wait at the end). */
    int launches() {
        return 1;
    }

    /** The items of one launch, OpenCL order (dimension 0 the fastest): the whole shape unless a launch is a slice. */
    long[] extent() {
        long[] e = new long[shape().dimensions()];
        java.util.Arrays.fill(e, n);
        return e;
    }

    /** A small constant table both sides read from device memory (the 5×5 weights), or null. */
    float[] table() {
        return null;
    }

    /** The command group of launch {@code launch} of a run; {@code table} is null where {@link #table()} is. */
    abstract CommandGroup commandGroup(Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table, int launch);

    /** Submits launch {@code launch} of a run on {@code q}; {@code table} is null where {@link #table()} is. */
    Event submit(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table, int launch) {
        return q.submit(commandGroup(in, out, table, launch));
    }

    /** Submits every launch of one run on {@code q} without waiting; the last launch's event. */
    Event submitRun(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table) {
        Event last = null;
        for (int l = 0; l < launches(); l++) {
            last = submit(q, in, out, table, l);
        }
        return last;
    }

    /** The hand-written OpenCL C: kernel {@code grid}, and for transpose also {@code tiled}. */
    abstract String source();

    /** Sets the hand-written kernel's arguments for every launch; {@code table} is null where {@link #table()} is. */
    abstract void bind(ClKernel k, ClMem in, ClMem out, ClMem table);

    /** Sets what changes from one launch of a run to the next (the slice). */
    void bindLaunch(ClKernel k, int launch) {
    }

    /** The operation in plain Java, rows (or slices) in parallel; {@code out} starts zeroed. */
    abstract void java(float[] in, float[] out);

    @Override
    public String toString() {
        return name() + " " + size();
    }

    // ---- the workloads -----------------------------------------------------------------------------------------

    /** The 3×3 weights: not a power of two among them, so that rounding shows. */
    static final float[] W3 = {0.05f, 0.1f, 0.05f, 0.1f, 0.4f, 0.1f, 0.05f, 0.1f, 0.05f};

    /** 2-D 3×3 convolution, the weights captured as nine floats; the one-pixel border copied. */
    static final class Conv3 extends GridOp {
        Conv3(int n) {
            super(n);
        }

        @Override
        String name() {
            return "conv3x3";
        }

        @Override
        CommandGroup commandGroup(Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table, int launch) {
            int n = this.n;
            float w0 = W3[0], w1 = W3[1], w2 = W3[2], w3 = W3[3], w4 = W3[4], w5 = W3[5], w6 = W3[6], w7 = W3[7];
            float w8 = W3[8];
            return h -> {
                var src = in.read(h);
                var dst = out.writeNoInit(h); // stores every element
                h.parallelFor(Range.of(n, n), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                        dst.set(i, j, src.get(i, j));
                    } else {
                        dst.set(i, j, w0 * src.get(i - 1, j - 1) + w1 * src.get(i - 1, j) + w2 * src.get(i - 1, j + 1)
                                + w3 * src.get(i, j - 1) + w4 * src.get(i, j) + w5 * src.get(i, j + 1)
                                + w6 * src.get(i + 1, j - 1) + w7 * src.get(i + 1, j) + w8 * src.get(i + 1, j + 1));
                    }
                });
            };
        }

        @Override
        String source() {
            return """
                    __kernel void grid(__global const float* in, __global float* out, int n,
                            float w0, float w1, float w2, float w3, float w4, float w5, float w6, float w7, float w8) {
                        int j = get_global_id(0);
                        int i = get_global_id(1);
                        if (i >= n || j >= n) return;
                        int c = i * n + j;
                        if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                            out[c] = in[c];
                        } else {
                            out[c] = w0 * in[c - n - 1] + w1 * in[c - n] + w2 * in[c - n + 1]
                                    + w3 * in[c - 1] + w4 * in[c] + w5 * in[c + 1]
                                    + w6 * in[c + n - 1] + w7 * in[c + n] + w8 * in[c + n + 1];
                        }
                    }
                    """;
        }

        @Override
        void bind(ClKernel k, ClMem in, ClMem out, ClMem table) {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArgInt(2, n);
            for (int w = 0; w < 9; w++) {
                k.setArgFloat(3 + w, W3[w]);
            }
        }

        @Override
        void java(float[] in, float[] out) {
            int n = this.n;
            float[] w = W3;
            IntStream.range(0, n).parallel().forEach(i -> {
                for (int j = 0; j < n; j++) {
                    int c = i * n + j;
                    if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                        out[c] = in[c];
                    } else {
                        out[c] = w[0] * in[c - n - 1] + w[1] * in[c - n] + w[2] * in[c - n + 1]
                                + w[3] * in[c - 1] + w[4] * in[c] + w[5] * in[c + 1]
                                + w[6] * in[c + n - 1] + w[7] * in[c + n] + w[8] * in[c + n + 1];
                    }
                }
            });
        }
    }

    /** 2-D 5×5 convolution, the weights read from a 25-float buffer in a loop; the two-pixel border copied. */
    static final class Conv5 extends GridOp {
        private static final float[] W5 = weights5();

        Conv5(int n) {
            super(n);
        }

        /** A binomial blur (1 4 6 4 1 squared, / 256) with a little added at the centre, so not all powers of two. */
        private static float[] weights5() {
            int[] b = {1, 4, 6, 4, 1};
            float[] w = new float[25];
            for (int y = 0; y < 5; y++) {
                for (int x = 0; x < 5; x++) {
                    w[y * 5 + x] = b[y] * b[x] / 270f;
                }
            }
            w[12] += 14f / 270f;
            return w;
        }

        @Override
        String name() {
            return "conv5x5";
        }

        @Override
        float[] table() {
            return W5;
        }

        @Override
        CommandGroup commandGroup(Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table, int launch) {
            int n = this.n;
            return h -> {
                var src = in.read(h);
                var w = table.read(h);
                var dst = out.writeNoInit(h);
                h.parallelFor(Range.of(n, n), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    if (i < 2 || j < 2 || i >= n - 2 || j >= n - 2) {
                        dst.set(i, j, src.get(i, j));
                    } else {
                        float acc = 0f;
                        for (int dy = -2; dy <= 2; dy++) {
                            for (int dx = -2; dx <= 2; dx++) {
                                acc = acc + w.get((dy + 2) * 5 + dx + 2) * src.get(i + dy, j + dx);
                            }
                        }
                        dst.set(i, j, acc);
                    }
                });
            };
        }

        @Override
        String source() {
            return """
                    __kernel void grid(__global const float* in, __global float* out, __global const float* w, int n) {
                        int j = get_global_id(0);
                        int i = get_global_id(1);
                        if (i >= n || j >= n) return;
                        int c = i * n + j;
                        if (i < 2 || j < 2 || i >= n - 2 || j >= n - 2) {
                            out[c] = in[c];
                        } else {
                            float acc = 0.0f;
                            for (int dy = -2; dy <= 2; dy++) {
                                for (int dx = -2; dx <= 2; dx++) {
                                    acc = acc + w[(dy + 2) * 5 + dx + 2] * in[c + dy * n + dx];
                                }
                            }
                            out[c] = acc;
                        }
                    }
                    """;
        }

        @Override
        void bind(ClKernel k, ClMem in, ClMem out, ClMem table) {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArg(2, table);
            k.setArgInt(3, n);
        }

        @Override
        void java(float[] in, float[] out) {
            int n = this.n;
            IntStream.range(0, n).parallel().forEach(i -> {
                for (int j = 0; j < n; j++) {
                    int c = i * n + j;
                    if (i < 2 || j < 2 || i >= n - 2 || j >= n - 2) {
                        out[c] = in[c];
                    } else {
                        float acc = 0f;
                        for (int dy = -2; dy <= 2; dy++) {
                            for (int dx = -2; dx <= 2; dx++) {
                                acc = acc + W5[(dy + 2) * 5 + dx + 2] * in[c + dy * n + dx];
                            }
                        }
                        out[c] = acc;
                    }
                }
            });
        }
    }

    /** One 5-point Jacobi step, {@code 0.2 * (centre + 4 neighbours)}, as {@link Stencil}'s; the border copied. */
    static final class Jacobi2 extends GridOp {
        Jacobi2(int n) {
            super(n);
        }

        @Override
        String name() {
            return "stencil2d";
        }

        @Override
        CommandGroup commandGroup(Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table, int launch) {
            int n = this.n;
            return h -> {
                var src = in.read(h);
                var dst = out.writeNoInit(h);
                h.parallelFor(Range.of(n, n), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                        dst.set(i, j, src.get(i, j));
                    } else {
                        dst.set(i, j, 0.2f * (src.get(i, j) + src.get(i - 1, j) + src.get(i + 1, j)
                                + src.get(i, j - 1) + src.get(i, j + 1)));
                    }
                });
            };
        }

        @Override
        String source() {
            return """
                    __kernel void grid(__global const float* in, __global float* out, int n) {
                        int j = get_global_id(0);
                        int i = get_global_id(1);
                        if (i >= n || j >= n) return;
                        int c = i * n + j;
                        if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                            out[c] = in[c];
                        } else {
                            out[c] = 0.2f * (in[c] + in[c - n] + in[c + n] + in[c - 1] + in[c + 1]);
                        }
                    }
                    """;
        }

        @Override
        void bind(ClKernel k, ClMem in, ClMem out, ClMem table) {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArgInt(2, n);
        }

        @Override
        void java(float[] in, float[] out) {
            int n = this.n;
            IntStream.range(0, n).parallel().forEach(i -> {
                for (int j = 0; j < n; j++) {
                    int c = i * n + j;
                    if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                        out[c] = in[c];
                    } else {
                        out[c] = 0.2f * (in[c] + in[c - n] + in[c + n] + in[c - 1] + in[c + 1]);
                    }
                }
            });
        }
    }

    /** The 7-point weights of {@link Jacobi3}: the centre's and each neighbour's. */
    static final float C0 = 0.4f;
    static final float C1 = 0.1f;

    /** A 7-point stencil on a cube in one 3-D launch, {@code C0 * centre + C1 * (6 neighbours)}; the faces copied. */
    static final class Jacobi3 extends GridOp {
        Jacobi3(int n) {
            super(n);
        }

        @Override
        String name() {
            return "stencil3d";
        }

        @Override
        Range shape() {
            return Range.of(n, n, n);
        }

        @Override
        CommandGroup commandGroup(Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table, int launch) {
            int n = this.n;
            float c0 = C0;
            float c1 = C1;
            return h -> {
                var src = in.read(h);
                var dst = out.writeNoInit(h);
                h.parallelFor(Range.of(n, n, n), it -> {
                    int z = it.id(0);
                    int y = it.id(1);
                    int x = it.id(2);
                    if (z == 0 || y == 0 || x == 0 || z == n - 1 || y == n - 1 || x == n - 1) {
                        dst.set(z, y, x, src.get(z, y, x));
                    } else {
                        dst.set(z, y, x, c0 * src.get(z, y, x) + c1 * (src.get(z, y, x - 1) + src.get(z, y, x + 1)
                                + src.get(z, y - 1, x) + src.get(z, y + 1, x)
                                + src.get(z - 1, y, x) + src.get(z + 1, y, x)));
                    }
                });
            };
        }

        @Override
        String source() {
            return """
                    __kernel void grid(__global const float* in, __global float* out, int n, float c0, float c1) {
                        int x = get_global_id(0);
                        int y = get_global_id(1);
                        int z = get_global_id(2);
                        if (x >= n || y >= n || z >= n) return;
                        int nn = n * n;
                        int c = z * nn + y * n + x;
                        if (z == 0 || y == 0 || x == 0 || z == n - 1 || y == n - 1 || x == n - 1) {
                            out[c] = in[c];
                        } else {
                            out[c] = c0 * in[c] + c1 * (in[c - 1] + in[c + 1] + in[c - n] + in[c + n]
                                    + in[c - nn] + in[c + nn]);
                        }
                    }
                    """;
        }

        @Override
        void bind(ClKernel k, ClMem in, ClMem out, ClMem table) {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArgInt(2, n);
            k.setArgFloat(3, C0);
            k.setArgFloat(4, C1);
        }

        @Override
        void java(float[] in, float[] out) {
            int n = this.n;
            int nn = n * n;
            IntStream.range(0, n).parallel().forEach(z -> {
                for (int y = 0; y < n; y++) {
                    for (int x = 0; x < n; x++) {
                        int c = z * nn + y * n + x;
                        if (z == 0 || y == 0 || x == 0 || z == n - 1 || y == n - 1 || x == n - 1) {
                            out[c] = in[c];
                        } else {
                            out[c] = C0 * in[c] + C1 * (in[c - 1] + in[c + 1] + in[c - n] + in[c + n]
                                    + in[c - nn] + in[c + nn]);
                        }
                    }
                }
            });
        }
    }

    /** Out-of-place transpose, one element per work-item: reads along rows, writes down columns. */
    static final class Transpose extends GridOp {
        /** The tiled kernel's tile edge and rows per work-group pass (work-groups of 32x8, each moving 32x32). */
        static final int TILE = 32;
        static final int TILE_ROWS = 8;

        Transpose(int n) {
            super(n);
        }

        @Override
        String name() {
            return "transpose";
        }

        @Override
        CommandGroup commandGroup(Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table, int launch) {
            int n = this.n;
            return h -> {
                var src = in.read(h);
                var dst = out.writeNoInit(h);
                h.parallelFor(Range.of(n, n), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    dst.set(j, i, src.get(i, j));
                });
            };
        }

        /**
         * Also {@code tiled}: the classic shared-memory transpose (a 32×33 tile, padded against bank conflicts; 32x8
         * work-items each moving four elements), over a global size of {@code n × n/4}; needs {@code n % 32 == 0}.
         */
        @Override
        String source() {
            return """
                    __kernel void grid(__global const float* in, __global float* out, int n) {
                        int j = get_global_id(0);
                        int i = get_global_id(1);
                        if (i >= n || j >= n) return;
                        out[j * n + i] = in[i * n + j];
                    }
                    __kernel void tiled(__global const float* in, __global float* out, int n) {
                        __local float tile[32][33];
                        int lx = get_local_id(0), ly = get_local_id(1);
                        int x = get_group_id(0) * 32 + lx;
                        int y = get_group_id(1) * 32 + ly;
                        for (int k = 0; k < 32; k += 8) tile[ly + k][lx] = in[(y + k) * n + x];
                        barrier(CLK_LOCAL_MEM_FENCE);
                        x = get_group_id(1) * 32 + lx;
                        y = get_group_id(0) * 32 + ly;
                        for (int k = 0; k < 32; k += 8) out[(y + k) * n + x] = tile[lx][ly + k];
                    }
                    """;
        }

        @Override
        void bind(ClKernel k, ClMem in, ClMem out, ClMem table) {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArgInt(2, n);
        }

        @Override
        void java(float[] in, float[] out) {
            int n = this.n;
            IntStream.range(0, n).parallel().forEach(i -> {
                for (int j = 0; j < n; j++) {
                    out[j * n + i] = in[i * n + j];
                }
            });
        }
    }

    /**
     * A 3×3×3 box filter of a cube done as one 2-D launch per interior slice (a captured slice index), the
     * per-slice launch sequence: {@code n - 2} launches, one wait at the end. In a slice, the one-pixel border is
     * copied; the first and last slices are never written (they stay zero).
     */
    static final class Slices extends GridOp {
        /** The box filter's weight, 1/27 rounded to float. */
        static final float W27 = 1f / 27f;

        Slices(int n) {
            super(n);
        }

        @Override
        String name() {
            return "slices";
        }

        @Override
        Range shape() {
            return Range.of(n, n, n);
        }

        @Override
        String size() {
            return n + "³, " + launches() + " launches";
        }

        @Override
        int launches() {
            return n - 2;
        }

        @Override
        long[] extent() {
            return new long[] {n, n};
        }

        @Override
        CommandGroup commandGroup(Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table, int launch) {
            int n = this.n;
            int s = launch + 1;
            float w = W27;
            return h -> {
                var src = in.read(h);
                var dst = out.write(h); // one slice of it: the others keep their contents
                h.parallelFor(Range.of(n, n), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                        dst.set(s, i, j, src.get(s, i, j));
                    } else {
                        float acc = 0f;
                        for (int dz = -1; dz <= 1; dz++) {
                            for (int dy = -1; dy <= 1; dy++) {
                                for (int dx = -1; dx <= 1; dx++) {
                                    acc = acc + src.get(s + dz, i + dy, j + dx);
                                }
                            }
                        }
                        dst.set(s, i, j, acc * w);
                    }
                });
            };
        }

        @Override
        String source() {
            return """
                    __kernel void grid(__global const float* in, __global float* out, int n, float w, int s) {
                        int j = get_global_id(0);
                        int i = get_global_id(1);
                        if (i >= n || j >= n) return;
                        int c = (s * n + i) * n + j;
                        if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                            out[c] = in[c];
                        } else {
                            float acc = 0.0f;
                            for (int dz = -1; dz <= 1; dz++) {
                                for (int dy = -1; dy <= 1; dy++) {
                                    for (int dx = -1; dx <= 1; dx++) {
                                        acc = acc + in[c + (dz * n + dy) * n + dx];
                                    }
                                }
                            }
                            out[c] = acc * w;
                        }
                    }
                    """;
        }

        @Override
        void bind(ClKernel k, ClMem in, ClMem out, ClMem table) {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArgInt(2, n);
            k.setArgFloat(3, W27);
        }

        @Override
        void bindLaunch(ClKernel k, int launch) {
            k.setArgInt(4, launch + 1);
        }

        @Override
        void java(float[] in, float[] out) {
            int n = this.n;
            IntStream.range(1, n - 1).parallel().forEach(s -> {
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        int c = (s * n + i) * n + j;
                        if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                            out[c] = in[c];
                        } else {
                            float acc = 0f;
                            for (int dz = -1; dz <= 1; dz++) {
                                for (int dy = -1; dy <= 1; dy++) {
                                    for (int dx = -1; dx <= 1; dx++) {
                                        acc = acc + in[c + (dz * n + dy) * n + dx];
                                    }
                                }
                            }
                            out[c] = acc * W27;
                        }
                    }
                }
            });
        }
    }
}
