package io.jsycl.bench;

import io.jsycl.Device;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How many items a work-item of a 2-D or 3-D kernel should run: hand-written kernels shaped as jsycl's generated ones
 * (a body function per item, called by the kernel), each run with one item per work-item, two along the slowest
 * dimension (the second half a range further on, as jsycl's 1-D {@code JSYCL_TWO_ITEMS}, or the next row), and four
 * (a quarter of the range apart). Device time from profiling events, the variants taking turns round by round; each
 * variant's output compared with the one-item kernel's bit for bit.
 *
 * <pre>GridItemsProbe [--device gpu] [--rounds 200]</pre>
 */
public final class GridItemsProbe {
    private GridItemsProbe() {
    }

    private static final String CONV3 = """
            inline void body(__global const float* restrict in, __global float* restrict out, int n, int i, int j) {
                int c = i * n + j;
                if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                    out[c] = in[c];
                } else {
                    out[c] = 0.0625f * in[c - n - 1] + 0.125f * in[c - n] + 0.0625f * in[c - n + 1]
                            + 0.125f * in[c - 1] + 0.25f * in[c] + 0.125f * in[c + 1]
                            + 0.0625f * in[c + n - 1] + 0.125f * in[c + n] + 0.0625f * in[c + n + 1];
                }
            }
            """;

    private static final String JACOBI = """
            inline void body(__global const float* restrict in, __global float* restrict out, int n, int i, int j) {
                int c = i * n + j;
                if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                    out[c] = in[c];
                } else {
                    out[c] = 0.25f * (in[c - n] + in[c + n] + in[c - 1] + in[c + 1]);
                }
            }
            """;

    private static final String STENCIL3 = """
            inline void body(__global const float* restrict in, __global float* restrict out, int n, int k, int i,
                    int j) {
                int c = (k * n + i) * n + j;
                if (k < 1 || i < 1 || j < 1 || k >= n - 1 || i >= n - 1 || j >= n - 1) {
                    out[c] = in[c];
                } else {
                    out[c] = 0.4f * in[c] + 0.1f * (in[c - 1] + in[c + 1] + in[c - n] + in[c + n]
                            + in[c - n * n] + in[c + n * n]);
                }
            }
            """;

    /** The kernels: items along the slowest dimension, {@code count} of them, {@code adjacent} or a share apart. */
    private static String kernels2d(String body) {
        return body + """
                __kernel void one(__global const float* restrict in, __global float* restrict out, int n) {
                    body(in, out, n, (int)get_global_id(1), (int)get_global_id(0));
                }
                __kernel void split2(__global const float* restrict in, __global float* restrict out, int n) {
                    int i = (int)get_global_id(1);
                    int j = (int)get_global_id(0);
                    body(in, out, n, i, j);
                    body(in, out, n, i + (n >> 1), j);
                }
                __kernel void adjacent2(__global const float* restrict in, __global float* restrict out, int n) {
                    int i = 2 * (int)get_global_id(1);
                    int j = (int)get_global_id(0);
                    body(in, out, n, i, j);
                    body(in, out, n, i + 1, j);
                }
                __kernel void adjacent4(__global const float* restrict in, __global float* restrict out, int n) {
                    int i = 4 * (int)get_global_id(1);
                    int j = (int)get_global_id(0);
                    for (int s = 0; s < 4; s++) {
                        body(in, out, n, i + s, j);
                    }
                }
                __kernel void split4(__global const float* restrict in, __global float* restrict out, int n) {
                    int i = (int)get_global_id(1);
                    int j = (int)get_global_id(0);
                    int q = n >> 2;
                    body(in, out, n, i, j);
                    body(in, out, n, i + q, j);
                    body(in, out, n, i + 2 * q, j);
                    body(in, out, n, i + 3 * q, j);
                }
                __kernel void columns2(__global const float* restrict in, __global float* restrict out, int n) {
                    int i = (int)get_global_id(1);
                    int j = (int)get_global_id(0);
                    body(in, out, n, i, j);
                    body(in, out, n, i, j + (n >> 1));
                }
                """;
    }

    private static String kernels3d(String body) {
        return body + """
                __kernel void one(__global const float* restrict in, __global float* restrict out, int n) {
                    body(in, out, n, (int)get_global_id(2), (int)get_global_id(1), (int)get_global_id(0));
                }
                __kernel void split2(__global const float* restrict in, __global float* restrict out, int n) {
                    int k = (int)get_global_id(2);
                    body(in, out, n, k, (int)get_global_id(1), (int)get_global_id(0));
                    body(in, out, n, k + (n >> 1), (int)get_global_id(1), (int)get_global_id(0));
                }
                __kernel void adjacent2(__global const float* restrict in, __global float* restrict out, int n) {
                    int k = 2 * (int)get_global_id(2);
                    body(in, out, n, k, (int)get_global_id(1), (int)get_global_id(0));
                    body(in, out, n, k + 1, (int)get_global_id(1), (int)get_global_id(0));
                }
                __kernel void adjacent4(__global const float* restrict in, __global float* restrict out, int n) {
                    int k = 4 * (int)get_global_id(2);
                    for (int s = 0; s < 4; s++) {
                        body(in, out, n, k + s, (int)get_global_id(1), (int)get_global_id(0));
                    }
                }
                __kernel void split4(__global const float* restrict in, __global float* restrict out, int n) {
                    int k = (int)get_global_id(2);
                    int q = n >> 2;
                    for (int s = 0; s < 4; s++) {
                        body(in, out, n, k + s * q, (int)get_global_id(1), (int)get_global_id(0));
                    }
                }
                __kernel void columns2(__global const float* restrict in, __global float* restrict out, int n) {
                    int k = (int)get_global_id(2);
                    body(in, out, n, k, (int)get_global_id(1), (int)get_global_id(0));
                    body(in, out, n, k, (int)get_global_id(1), (int)get_global_id(0) + (n >> 1));
                }
                """;
    }

    private record Workload(String name, int n, int dims, String source, long[] local) {
    }

    private record Variant(String name, String kernel, long[] global, long[] local) {
        Variant(String name, long[] global, long[] local) {
            this(name, name, global, local);
        }
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int rounds = Suite.intOpt(opts, "rounds", 200);
        Device device = Suite.devices(opts.getOrDefault("device", "gpu")).getFirst();
        ClDevice clDevice = Suite.match(device);
        boolean small = opts.containsKey("small");
        var workloads = small
                ? List.of(new Workload("conv3x3", 256, 2, kernels2d(CONV3), new long[] {32, 8}),
                        new Workload("stencil3d", 32, 3, kernels3d(STENCIL3), new long[] {32, 4, 2}))
                : List.of(new Workload("conv3x3", 2048, 2, kernels2d(CONV3), new long[] {32, 8}),
                        new Workload("conv3x3", 8192, 2, kernels2d(CONV3), new long[] {32, 8}),
                        new Workload("jacobi", 4096, 2, kernels2d(JACOBI), new long[] {32, 8}),
                        new Workload("stencil3d", 256, 3, kernels3d(STENCIL3), new long[] {32, 4, 2}));
        System.out.println("## Items per work-item, " + device.name());
        System.out.println();
        System.out.println("| workload | size | variant | device µs, median | min | / one item | check |");
        System.out.println("|---|---|---|---|---|---|---|");
        try (var cl = new RawCl(clDevice); var arena = Arena.ofConfined()) {
            for (Workload w : workloads) {
                run(cl, arena, w, rounds);
            }
        }
    }

    private static void run(RawCl cl, Arena arena, Workload w, int rounds) {
        int n = w.n;
        long size = w.dims == 2 ? (long) n * n : (long) n * n * n;
        float[] input = new float[Math.toIntExact(size)];
        for (int x = 0; x < input.length; x++) {
            input[x] = (x % 1013) * 0.25f - (x % 7);
        }
        long[] full = w.dims == 2 ? new long[] {n, n} : new long[] {n, n, n};
        var variants = new ArrayList<Variant>();
        variants.add(new Variant("one", full, w.local));
        long[] half = full.clone();
        half[w.dims - 1] /= 2;
        variants.add(new Variant("split2", half, w.local));
        variants.add(new Variant("adjacent2", half, w.local));
        long[] quarter = full.clone();
        quarter[w.dims - 1] /= 4;
        variants.add(new Variant("split4", quarter, w.local));
        variants.add(new Variant("adjacent4", quarter, w.local));
        long[] flatter = w.local.clone();
        flatter[w.dims - 1] = Math.max(1, flatter[w.dims - 1] / 2);
        flatter[w.dims - 2] = w.dims == 2 ? flatter[w.dims - 2] : flatter[w.dims - 2] * 2;
        variants.add(new Variant("adjacent2, work-group " + Arrays.toString(flatter), "adjacent2", half, flatter));
        long[] halfColumns = full.clone();
        halfColumns[0] /= 2;
        variants.add(new Variant("columns2", halfColumns, w.local));
        variants.removeIf(v -> {
            for (int d = 0; d < w.dims; d++) {
                if (v.global[d] % v.local[d] != 0) {
                    return true;
                }
            }
            return false;
        });
        ClMem in = cl.upload(arena, input);
        ClProgram program = cl.build(w.source);
        var kernels = new ArrayList<ClKernel>();
        var outs = new ArrayList<ClMem>();
        for (Variant v : variants) {
            ClKernel k = ClKernel.create(program, v.kernel);
            ClMem out = cl.buffer(4 * size);
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArgInt(2, n);
            kernels.add(k);
            outs.add(out);
        }
        long[][] times = new long[variants.size()][rounds];
        for (int r = -5; r < rounds; r++) {
            for (int v = 0; v < variants.size(); v++) {
                // Each timed run follows its own untimed one, so that each reads its data from the same caches.
                cl.run(kernels.get(v), variants.get(v).global, variants.get(v).local);
                long t = cl.run(kernels.get(v), variants.get(v).global, variants.get(v).local);
                if (r >= 0) {
                    times[v][r] = t;
                }
            }
        }
        float[] reference = new float[input.length];
        cl.download(arena, outs.get(0), reference);
        double base = 0;
        for (int v = 0; v < variants.size(); v++) {
            float[] o = new float[input.length];
            cl.download(arena, outs.get(v), o);
            String check = Arrays.equals(o, reference) ? "ok" : "DIFFERS";
            long[] t = times[v];
            Arrays.sort(t);
            double median = t[t.length / 2] / 1e3;
            if (v == 0) {
                base = median;
            }
            System.out.printf("| %s | %d^%d | %s | %.1f | %.1f | %.3f | %s |%n", w.name, n, w.dims,
                    variants.get(v).name, median, t[0] / 1e3, median / base, check);
        }
        kernels.forEach(ClKernel::close);
        outs.forEach(ClMem::close);
        program.close();
        in.close();
    }
}
