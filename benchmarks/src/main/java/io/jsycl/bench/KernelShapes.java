package io.jsycl.bench;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Hand-written OpenCL C shapes of SAXPY and of the float sum, through the raw bindings on one device, to find which
 * shape a device runs fastest where jsycl trails PyTorch (SAXPY from 2^21 to 2^24 elements, the float sum at 2^28).
 * The shapes of one size are interleaved round by round in one process, so drift in the machine's state hits every
 * shape alike. Timing as {@link Sweep}'s: per op, R back-to-back launches without events and one wait, divided by R,
 * median of the rounds; kernel, the median device time of profiled runs. Every shape's output is checked against
 * Java before it is timed: SAXPY bit-exact (contraction off), the sum within {@link SweepData#FLOAT_SUM_TOLERANCE}.
 *
 * <pre>
 * KernelShapes [--device gpu] [--saxpy 20,21,22,23,24,26] [--sum 27,28] [--rounds 9] [--out FILE.md]
 * </pre>
 * The report starts with the device's driver version and extensions (whether it offers {@code cl_khr_command_buffer}).
 */
public final class KernelShapes {
    private static final String SOURCE = """
            __kernel void s1(float a, __global const float* x, __global float* y) {
                int i = get_global_id(0);
                y[i] = a * x[i] + y[i];
            }
            __kernel void v4(float a, __global const float4* x, __global float4* y) {
                int i = get_global_id(0);
                y[i] = a * x[i] + y[i];
            }
            __kernel void v4r(float a, __global const float4* restrict x, __global float4* restrict y) {
                int i = get_global_id(0);
                y[i] = a * x[i] + y[i];
            }
            __kernel void v4x2(float a, __global const float4* restrict x, __global float4* restrict y) {
                int i = get_global_id(0);
                int s = get_global_size(0);
                float4 x0 = x[i], x1 = x[i + s], y0 = y[i], y1 = y[i + s];
                y[i] = a * x0 + y0;
                y[i + s] = a * x1 + y1;
            }
            __kernel void v4x4(float a, __global const float4* restrict x, __global float4* restrict y) {
                int i = get_global_id(0);
                int s = get_global_size(0);
                float4 x0 = x[i], x1 = x[i + s], x2 = x[i + 2 * s], x3 = x[i + 3 * s];
                float4 y0 = y[i], y1 = y[i + s], y2 = y[i + 2 * s], y3 = y[i + 3 * s];
                y[i] = a * x0 + y0;
                y[i + s] = a * x1 + y1;
                y[i + 2 * s] = a * x2 + y2;
                y[i + 3 * s] = a * x3 + y3;
            }
            __kernel void v4gs(float a, __global const float4* restrict x, __global float4* restrict y, int n4) {
                for (int i = get_global_id(0); i < n4; i += get_global_size(0)) {
                    y[i] = a * x[i] + y[i];
                }
            }
            __kernel void v4gs2(float a, __global const float4* restrict x, __global float4* restrict y, int n4) {
                int s = get_global_size(0);
                int i = get_global_id(0);
                for (; i + s < n4; i += 2 * s) {
                    float4 x0 = x[i], x1 = x[i + s], y0 = y[i], y1 = y[i + s];
                    y[i] = a * x0 + y0;
                    y[i + s] = a * x1 + y1;
                }
                if (i < n4) {
                    y[i] = a * x[i] + y[i];
                }
            }
            __kernel void s1gs(float a, __global const float* x, __global float* y, int n) {
                for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
                    y[i] = a * x[i] + y[i];
                }
            }

            __kernel void sum4(__global const float* restrict x, __global float* out, int n) {
                __local float scratch[256];
                uint stride = get_global_size(0), i = get_global_id(0);
                float acc = 0;
                uint end4 = (uint)n > 3u * stride ? (uint)n - 3u * stride : 0u;
                for (; i < end4; i += 4u * stride) {
                    acc = acc + x[i];
                    acc = acc + x[i + stride];
                    acc = acc + x[i + 2u * stride];
                    acc = acc + x[i + 3u * stride];
                }
                for (; i < (uint)n; i += stride) acc = acc + x[i];
                SUM_TAIL
            }
            __kernel void sum8(__global const float* restrict x, __global float* out, int n) {
                __local float scratch[256];
                uint stride = get_global_size(0), i = get_global_id(0);
                float acc = 0;
                uint end8 = (uint)n > 7u * stride ? (uint)n - 7u * stride : 0u;
                for (; i < end8; i += 8u * stride) {
                    float v0 = x[i], v1 = x[i + stride], v2 = x[i + 2u * stride], v3 = x[i + 3u * stride];
                    float v4 = x[i + 4u * stride], v5 = x[i + 5u * stride], v6 = x[i + 6u * stride], v7 = x[i + 7u * stride];
                    acc = acc + v0; acc = acc + v1; acc = acc + v2; acc = acc + v3;
                    acc = acc + v4; acc = acc + v5; acc = acc + v6; acc = acc + v7;
                }
                for (; i < (uint)n; i += stride) acc = acc + x[i];
                SUM_TAIL
            }
            __kernel void sumv4(__global const float4* restrict x, __global float* out, int n) {
                __local float scratch[256];
                uint stride = get_global_size(0), i = get_global_id(0);
                float4 acc4 = 0;
                uint n4 = (uint)n / 4u;
                uint end2 = n4 > stride ? n4 - stride : 0u;
                for (; i < end2; i += 2u * stride) {
                    float4 v0 = x[i], v1 = x[i + stride];
                    acc4 = acc4 + v0;
                    acc4 = acc4 + v1;
                }
                for (; i < n4; i += stride) acc4 = acc4 + x[i];
                float acc = (acc4.s0 + acc4.s1) + (acc4.s2 + acc4.s3);
                SUM_TAIL
            }
            __kernel void sumv4x4(__global const float4* restrict x, __global float* out, int n) {
                __local float scratch[256];
                uint stride = get_global_size(0), i = get_global_id(0);
                float acc = 0;
                uint n4 = (uint)n / 4u;
                uint end4 = n4 > 3u * stride ? n4 - 3u * stride : 0u;
                for (; i < end4; i += 4u * stride) {
                    float4 v0 = x[i], v1 = x[i + stride], v2 = x[i + 2u * stride], v3 = x[i + 3u * stride];
                    acc = acc + ((v0.s0 + v0.s1) + (v0.s2 + v0.s3));
                    acc = acc + ((v1.s0 + v1.s1) + (v1.s2 + v1.s3));
                    acc = acc + ((v2.s0 + v2.s1) + (v2.s2 + v2.s3));
                    acc = acc + ((v3.s0 + v3.s1) + (v3.s2 + v3.s3));
                }
                for (; i < n4; i += stride) acc = acc + ((x[i].s0 + x[i].s1) + (x[i].s2 + x[i].s3));
                SUM_TAIL
            }
            """;

    /** The work-group tree and the one float atomic per group, as the lowering emits them on NVIDIA. */
    private static final String SUM_TAIL = """
            uint lid = get_local_id(0);
            scratch[lid] = acc;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
                if (lid < s) scratch[lid] = scratch[lid] + scratch[lid + s];
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            if (lid == 0) {
            #ifdef JSYCL_NVIDIA_PTX
                asm volatile("red.global.add.f32 [%0], %1;" : : "l"(out), "f"(scratch[0]) : "memory");
            #else
                volatile __global uint* p = (volatile __global uint*)out;
                uint seen = *p, expected;
                do {
                    expected = seen;
                    seen = atomic_cmpxchg(p, expected, as_uint(as_float(expected) + scratch[0]));
                } while (seen != expected);
            #endif
            }
            """;

    /** One shape of one workload at one size: a kernel, its grid and its buffers. */
    private record Shape(String name, ClKernel kernel, long global, long local) {
    }

    private KernelShapes() {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> o = Suite.parse(args);
        ClDevice device = Suite.match(Sweep.device(o.get("device")));
        int rounds = Suite.intOpt(o, "rounds", 9);
        int[] saxpySizes = sizes(o.getOrDefault("saxpy", "20,21,22,23,24,26"));
        int[] sumSizes = sizes(o.getOrDefault("sum", "27,28"));
        int maxLog2 = Math.max(Arrays.stream(saxpySizes).max().orElse(12), Arrays.stream(sumSizes).max().orElse(12));
        var out = new StringBuilder();
        out.append("# Kernel shapes on ").append(device.name()).append("\n\n");
        out.append("Command: `KernelShapes ").append(String.join(" ", args)).append("`. Driver ")
                .append(device.driverVersion()).append(", ").append(device.version()).append(", ")
                .append(device.maxComputeUnits()).append(" compute units, global memory cache ")
                .append(device.globalMemCacheSize() >> 10).append(" KiB. cl_khr_command_buffer: ")
                .append(device.hasExtension("cl_khr_command_buffer") ? "offered" : "not offered")
                .append(".\n\nExtensions: ").append(device.extensions().trim()).append("\n\n");
        out.append("Per op: R back-to-back launches without events and one clFinish, / R, median of ").append(rounds)
                .append(" rounds (shapes interleaved); kernel: median device time of 21 profiled runs.\n\n");
        out.append("| workload | n | shape | grid | per op µs | kernel µs | GB/s per op | check |\n|---|---|---|---|---|---|---|---|\n");
        System.out.print(out);
        var data = new SweepData(maxLog2);
        try (var cl = new RawCl(device);
             ClCommandQueue plain = ClCommandQueue.create(cl.context, device, false, false);
             ClProgram program = cl.build(SOURCE.replace("SUM_TAIL", SUM_TAIL))) {
            int units = device.maxComputeUnits();
            for (int k : saxpySizes) {
                String rows = saxpy(cl, plain, program, data, k, units, rounds);
                System.out.print(rows);
                out.append(rows);
            }
            for (int k : sumSizes) {
                String rows = sum(cl, plain, program, data, k, units, rounds);
                System.out.print(rows);
                out.append(rows);
            }
        }
        if (o.containsKey("out")) {
            Files.writeString(Path.of(o.get("out")), out);
        }
    }

    private static int[] sizes(String list) {
        return list.isBlank() ? new int[0] : Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static String saxpy(RawCl cl, ClCommandQueue plain, ClProgram program, SweepData data, int log2n, int units,
            int rounds) {
        int n = 1 << log2n;
        float[] y0 = Arrays.copyOf(data.y, n);
        var shapes = new ArrayList<Shape>();
        shapes.add(new Shape("s1 (scalar, driver's group)", ClKernel.create(program, "s1"), n, 0));
        shapes.add(new Shape("v4 (float4, 256)", ClKernel.create(program, "v4"), n / 4, 256));
        shapes.add(new Shape("v4r (float4 restrict, 256)", ClKernel.create(program, "v4r"), n / 4, 256));
        shapes.add(new Shape("v4r (float4 restrict, 128)", ClKernel.create(program, "v4r"), n / 4, 128));
        shapes.add(new Shape("v4x2 (2 float4 a grid apart)", ClKernel.create(program, "v4x2"), n / 8, 256));
        shapes.add(new Shape("v4x4 (4 float4 a grid apart)", ClKernel.create(program, "v4x4"), n / 16, 256));
        shapes.add(new Shape("v4gs (grid-stride, 8 groups/unit)", ClKernel.create(program, "v4gs"),
                Math.min(n / 4, 8L * 256 * units), 256));
        shapes.add(new Shape("v4gs (grid-stride, 32 groups/unit)", ClKernel.create(program, "v4gs"),
                Math.min(n / 4, 32L * 256 * units), 256));
        shapes.add(new Shape("v4gs (grid-stride, 4 groups/unit)", ClKernel.create(program, "v4gs"),
                Math.min(n / 4, 4L * 256 * units), 256));
        shapes.add(new Shape("v4gs (grid-stride, 16 groups/unit)", ClKernel.create(program, "v4gs"),
                Math.min(n / 4, 16L * 256 * units), 256));
        shapes.add(new Shape("v4gs2 (grid-stride, 2 float4 a trip, 8 groups/unit)", ClKernel.create(program,
                "v4gs2"), Math.min(n / 4, 8L * 256 * units), 256));
        shapes.add(new Shape("s1gs (scalar grid-stride, 8 groups/unit)", ClKernel.create(program, "s1gs"),
                Math.min(n, 8L * 256 * units), 256));
        shapes.add(new Shape("s1gs (scalar grid-stride, 16 groups/unit)", ClKernel.create(program, "s1gs"),
                Math.min(n, 16L * 256 * units), 256));
        try (Arena arena = Arena.ofConfined()) {
            ClMem x = cl.upload(arena, Arrays.copyOf(data.x, n));
            ClMem y = cl.upload(arena, y0);
            var checks = new ArrayList<String>();
            for (Shape s : shapes) {
                s.kernel.setArgFloat(0, SweepData.ALPHA);
                s.kernel.setArg(1, x);
                s.kernel.setArg(2, y);
                if (s.name.startsWith("v4gs")) {
                    s.kernel.setArgInt(3, n / 4);
                } else if (s.name.startsWith("s1gs")) {
                    s.kernel.setArgInt(3, n);
                }
                cl.queue.enqueueWriteBuffer(y, true, 0, arena.allocateFrom(ValueLayout.JAVA_FLOAT, y0), 4L * n, List.of())
                        .close();
                cl.run(s.kernel, new long[] {s.global}, s.local > 0 ? new long[] {s.local} : null);
                float[] got = new float[n];
                cl.download(arena, y, got);
                checks.add(SweepData.checkSaxpy(got, data.x, y0));
            }
            String rows = time(cl, plain, shapes, checks, "saxpy", log2n, 12.0 * n, rounds);
            x.close();
            y.close();
            return rows;
        } finally {
            shapes.forEach(s -> s.kernel.close());
        }
    }

    private static String sum(RawCl cl, ClCommandQueue plain, ClProgram program, SweepData data, int log2n, int units,
            int rounds) {
        int n = 1 << log2n;
        var shapes = new ArrayList<Shape>();
        shapes.add(new Shape("sum4 (4 loads a trip, 8 groups/unit)", ClKernel.create(program, "sum4"),
                8L * 256 * units, 256));
        shapes.add(new Shape("sum4 (16 groups/unit; jsycl's)", ClKernel.create(program, "sum4"), 16L * 256 * units,
                256));
        shapes.add(new Shape("sum4 (4 groups/unit)", ClKernel.create(program, "sum4"), 4L * 256 * units, 256));
        shapes.add(new Shape("sum8 (8 loads a trip, 8 groups/unit)", ClKernel.create(program, "sum8"),
                8L * 256 * units, 256));
        shapes.add(new Shape("sumv4 (float4 loads, 8 groups/unit)", ClKernel.create(program, "sumv4"),
                8L * 256 * units, 256));
        shapes.add(new Shape("sumv4 (float4 loads, 16 groups/unit)", ClKernel.create(program, "sumv4"),
                16L * 256 * units, 256));
        shapes.add(new Shape("sumv4 (float4 loads, 32 groups/unit)", ClKernel.create(program, "sumv4"),
                32L * 256 * units, 256));
        shapes.add(new Shape("sumv4x4 (4 float4 a trip, each summed, 16 groups/unit; jsycl's Float4 sum)",
                ClKernel.create(program, "sumv4x4"), 16L * 256 * units, 256));
        try (Arena arena = Arena.ofConfined()) {
            ClMem x = cl.upload(arena, Arrays.copyOf(data.x, n));
            ClMem result = cl.buffer(4);
            var checks = new ArrayList<String>();
            MemorySegment zero = arena.allocate(4);
            for (Shape s : shapes) {
                s.kernel.setArg(0, x);
                s.kernel.setArg(1, result);
                s.kernel.setArgInt(2, n);
                cl.queue.enqueueWriteBuffer(result, true, 0, zero, 4, List.of()).close();
                cl.run(s.kernel, new long[] {s.global}, new long[] {s.local});
                float[] got = new float[1];
                cl.download(arena, result, got);
                checks.add(SweepData.checkFloatSum(got[0], data.floatSum(log2n)));
            }
            String rows = time(cl, plain, shapes, checks, "sum-float", log2n, 4.0 * n, rounds);
            x.close();
            result.close();
            return rows;
        } finally {
            shapes.forEach(s -> s.kernel.close());
        }
    }

    /** Interleaved per-op rounds over the shapes, then each shape's kernel time; one table row per shape. */
    private static String time(RawCl cl, ClCommandQueue plain, List<Shape> shapes, List<String> checks, String workload,
            int log2n, double bytes, int rounds) {
        int reps = Math.max(Sweep.MIN_REPS, 1 << Math.max(0, 24 - log2n));
        double[][] perOp = new double[shapes.size()][rounds];
        for (int r = -1; r < rounds; r++) {
            for (int s = 0; s < shapes.size(); s++) {
                Shape shape = shapes.get(s);
                long[] global = {shape.global};
                long[] local = shape.local > 0 ? new long[] {shape.local} : null;
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    plain.enqueueNDRangeKernelWithoutEvent(shape.kernel, 1, null, global, local, List.of());
                }
                plain.finish();
                if (r >= 0) {
                    perOp[s][r] = (System.nanoTime() - t0) / (double) reps;
                }
            }
        }
        var rows = new StringBuilder();
        for (int s = 0; s < shapes.size(); s++) {
            Shape shape = shapes.get(s);
            long[] global = {shape.global};
            long[] local = shape.local > 0 ? new long[] {shape.local} : null;
            double[] kernel = new double[21];
            for (int i = -3; i < kernel.length; i++) {
                long t = cl.run(shape.kernel, global, local);
                if (i >= 0) {
                    kernel[i] = t;
                }
            }
            double op = Contender.median(perOp[s]);
            rows.append(String.format("| %s | 2^%d | %s | %d | %.2f | %.2f | %.1f | %s |%n", workload, log2n, shape.name,
                    shape.global, op / 1e3, Contender.median(kernel) / 1e3, bytes / op, checks.get(s)));
        }
        return rows.toString();
    }
}
