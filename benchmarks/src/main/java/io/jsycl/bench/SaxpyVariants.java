package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * SAXPY on one OpenCL device in several forms, interleaved round by round in one process so that drift in the
 * machine's state hits every form alike: jsycl's submit of {@link Streaming#saxpy}, the suite's hand-written kernel,
 * and the generated kernel's shape (captures struct, accessor init, body function) run through the same raw
 * bindings and buffers as the hand-written one, with and without {@code -DJSYCL_ZERO_OFFSETS}. A form that differs
 * from the hand-written one only through the raw path measures code generation; jsycl's own row adds its buffers
 * and launch.
 *
 * <pre>
 * SaxpyVariants [--device cpu|gpu|NAME] [--n N] [--rounds R] [--repeats K] [--local L]
 * </pre>
 * Prints one Markdown table: per form, the median over rounds of each round's median kernel time (device time from
 * profiling events) and the range of the round medians.
 */
public final class SaxpyVariants {
    private static final float ALPHA = 2.5f;

    /**
     * The generated kernel's shape for {@link Streaming#saxpy}, copied from what {@code JSYCL_DUMP_KERNELS} wrote at
     * commit 310c6af with the long names shortened (the padded-range guard is left out: CPU queues do not pad).
     * Regenerate it by hand when the lowering's output changes.
     */
    static final String GENERATED = """
            typedef struct { __global float* data; int range[1]; int memRange[1]; int offset[1]; } acc_rw;
            void acc_rw_init(acc_rw* acc, __global float* data, int range0, int memRange0, int offset0) {
                acc->data = data; acc->range[0] = range0; acc->memRange[0] = memRange0; acc->offset[0] = offset0;
            }
            typedef struct { __global const float* data; int range[1]; int memRange[1]; int offset[1]; } acc_r;
            void acc_r_init(acc_r* acc, __global const float* data, int range0, int memRange0, int offset0) {
                acc->data = data; acc->range[0] = range0; acc->memRange[0] = memRange0; acc->offset[0] = offset0;
            }
            typedef struct { int range[1]; } item_1;
            #ifdef JSYCL_ZERO_OFFSETS
            #define JSYCL_OFFSET(offset) 0
            #else
            #define JSYCL_OFFSET(offset) (offset)
            #endif
            typedef struct { acc_rw y; float alpha; acc_r x; } captures;
            void body(const captures* cap, const item_1* it) {
                float alpha = cap->alpha;
                int i;
                i = (int)get_global_id(0);
                cap->y.data[i + JSYCL_OFFSET(cap->y.offset[0])] = alpha * cap->x.data[i + JSYCL_OFFSET(cap->x.offset[0])]
                        + cap->y.data[i + JSYCL_OFFSET(cap->y.offset[0])];
            }
            __kernel void saxpy(__global float* y_data, int y_range0, int y_memRange0, int y_offset0, float alpha,
                    __global const float* x_data, int x_range0, int x_memRange0, int x_offset0, int range0) {
                captures cap;
                acc_rw_init(&cap.y, y_data, y_range0, y_memRange0, y_offset0);
                cap.alpha = alpha;
                acc_r_init(&cap.x, x_data, x_range0, x_memRange0, x_offset0);
                item_1 it;
                it.range[0] = range0;
                body(&cap, &it);
            }
            """;
    static final String HAND_WRITTEN = """
            __kernel void saxpy(float alpha, __global const float* x, __global float* y) {
                int i = get_global_id(0);
                y[i] = alpha * x[i] + y[i];
            }
            """;

    /**
     * Hand-written forms that a Java kernel cannot express today, to learn what separates OpenCL C from the CUDA
     * peers on memory-bound kernels: 4 floats per work-item through {@code vload4}/{@code vstore4} (128-bit loads,
     * as PyTorch's vectorized elementwise kernels use), and 2 floats per work-item half the range apart (more
     * loads in flight per item, scalar width). Both need {@code n} to be a multiple of 4 (checked in main).
     */
    static final String HAND_WRITTEN_WIDE = """
            __kernel void saxpy4(float alpha, __global const float* x, __global float* y) {
                size_t i = get_global_id(0);
                float4 v = alpha * vload4(i, x) + vload4(i, y);
                vstore4(v, i, y);
            }
            __kernel void saxpy2(float alpha, __global const float* x, __global float* y, int second) {
                int i = get_global_id(0);
                float x0 = x[i];
                float x1 = x[i + second];
                float y0 = y[i];
                float y1 = y[i + second];
                y[i] = alpha * x0 + y0;
                y[i + second] = alpha * x1 + y1;
            }
            __kernel void saxpy2seq(float alpha, __global const float* restrict x, __global float* restrict y,
                    int second) {
                int i = get_global_id(0);
                y[i] = alpha * x[i] + y[i];
                int j = i + second;
                y[j] = alpha * x[j] + y[j];
            }
            void saxpy_two(float alpha, __global const float* restrict x1, __global float* restrict y1,
                    __global const float* restrict x2, __global float* restrict y2, int i, int j) {
                y1[i] = alpha * x1[i] + y1[i];
                y2[j] = alpha * x2[j] + y2[j];
            }
            __kernel void saxpy2own(float alpha, __global const float* restrict x, __global float* restrict y,
                    int second) {
                int i = get_global_id(0);
                saxpy_two(alpha, x, y, x, y, i, i + second);
            }
            __kernel void saxpy2seqAliased(float alpha, __global const float* x, __global float* y, int second) {
                int i = get_global_id(0);
                y[i] = alpha * x[i] + y[i];
                int j = i + second;
                y[j] = alpha * x[j] + y[j];
            }
            """;

    private SaxpyVariants() {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int n = Suite.intOpt(opts, "n", 1 << 26);
        int rounds = Suite.intOpt(opts, "rounds", 5);
        int repeats = Suite.intOpt(opts, "repeats", 5);
        Device device = Suite.devices(opts.getOrDefault("device", "cpu")).getFirst();
        if (n % 8 != 0) {
            throw new IllegalArgumentException("--n must be a multiple of 8 for the vectorized forms, not " + n);
        }
        long[] local = opts.containsKey("local") ? new long[] {Long.parseLong(opts.get("local"))} : null;
        float[] a = Workload.randomFloats(n, 1);
        float[] b = Workload.randomFloats(n, 2);
        Map<String, List<Long>> medians = new LinkedHashMap<>();
        Path generatedNow = Files.createTempDirectory("jsycl-saxpy-generated");
        System.setProperty("jsycl.dumpKernels", generatedNow.toString());
        ClProgram nowOne;
        ClProgram nowTwo;
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING);
             var raw = new RawCl(Suite.match(device));
             var arena = Arena.ofConfined();
             var bx = Buffer.of(a); var by = Buffer.of(b.clone());
             var hand = raw.build(HAND_WRITTEN);
             var gen = buildWith(raw, GENERATED, "");
             var genZero = buildWith(raw, GENERATED, "-DJSYCL_ZERO_OFFSETS");
             var wide = buildWith(raw, HAND_WRITTEN_WIDE, "");
             var x = raw.upload(arena, a); var y = raw.upload(arena, b)) {
            Map<String, Stats.Timed> forms = new LinkedHashMap<>();
            Streaming.saxpy(q, ALPHA, bx, by, n).await(); // lowers the kernel: its source is in generatedNow
            ClKernel kh = track(ClKernel.create(hand, "saxpy"), hand(x, y));
            ClKernel kg = track(ClKernel.create(gen, "saxpy"), generated(x, y, n));
            ClKernel kz = track(ClKernel.create(genZero, "saxpy"), generated(x, y, n));
            ClKernel k4 = track(ClKernel.create(wide, "saxpy4"), hand(x, y));
            ClKernel k2 = track(ClKernel.create(wide, "saxpy2"), twoApart(x, y, n));
            ClKernel k2o = track(ClKernel.create(wide, "saxpy2own"), twoApart(x, y, n));
            check(raw, arena, k2o, n / 2, local, y, a, b, "2 items, each with restrict pointers of its own");
            // jsycl's generated program as the lowering writes it now (JSYCL_DUMP_KERNELS), built with the
            // options a GPU launch of it gets, one and two items per work-item.
            String now = Files.readString(generatedNow.resolve(Files.list(generatedNow)
                    .filter(f -> f.getFileName().toString().contains("saxpy")).findFirst().orElseThrow()));
            String gpuOptions = "-DJSYCL_ZERO_OFFSETS -DJSYCL_NO_ALIASING -DJSYCL_PADDED_RANGE";
            nowOne = buildWith(raw, now, gpuOptions);
            nowTwo = buildWith(raw, now, gpuOptions + " -DJSYCL_TWO_ITEMS");
            String kernelName = now.substring(now.indexOf("__kernel void ") + 14, now.indexOf('(',
                    now.indexOf("__kernel void ")));
            ClKernel kn1 = track(ClKernel.create(nowOne, kernelName), loweredArgs(x, y, n));
            ClKernel kn2 = track(ClKernel.create(nowTwo, kernelName), loweredArgs(x, y, n));
            check(raw, arena, kn1, 0, n, local, y, a, b, "generated now, one item per work-item");
            check(raw, arena, kn2, 0, n / 2, local, y, a, b, "generated now, two items per work-item");
            ClKernel k2s = track(ClKernel.create(wide, "saxpy2seq"), twoApart(x, y, n));
            ClKernel k2a = track(ClKernel.create(wide, "saxpy2seqAliased"), twoApart(x, y, n));
            check(raw, arena, k2s, n / 2, local, y, a, b, "2 items one after the other, restrict");
            check(raw, arena, k2a, n / 2, local, y, a, b, "2 items one after the other");
            check(raw, arena, k4, n / 4, local, y, a, b, "float4 per item");
            check(raw, arena, k2, n / 2, local, y, a, b, "2 floats per item");
            forms.put("hand-written (raw)", () -> raw.run(kh, new long[] {n}, local));
            forms.put("generated shape, offsets (raw)", () -> raw.run(kg, new long[] {n}, local));
            forms.put("generated shape, -DJSYCL_ZERO_OFFSETS (raw)", () -> raw.run(kz, new long[] {n}, local));
            forms.put("hand-written, float4 per item, vload4/vstore4 (raw)", () -> raw.run(k4, new long[] {n / 4},
                    local));
            forms.put("hand-written, 2 floats per item (raw)", () -> raw.run(k2, new long[] {n / 2}, local));
            forms.put("hand-written, 2 items one after the other, restrict (raw)",
                    () -> raw.run(k2s, new long[] {n / 2}, local));
            forms.put("hand-written, 2 items one after the other, no restrict (raw)",
                    () -> raw.run(k2a, new long[] {n / 2}, local));
            forms.put("hand-written, 2 items, each with restrict pointers of its own (raw)",
                    () -> raw.run(k2o, new long[] {n / 2}, local));
            forms.put("generated now, restrict, one item per work-item (raw)", () -> raw.run(kn1, new long[] {n},
                    local));
            forms.put("generated now, restrict, two items per work-item (raw)", () -> raw.run(kn2,
                    new long[] {n / 2}, local));
            if (device.type() == io.jsycl.DeviceType.GPU) {
                for (long l : new long[] {128, 512, 1024}) {
                    forms.put("hand-written, local size " + l + " (raw)", () -> raw.run(kh, new long[] {n},
                            new long[] {l}));
                }
            }
            forms.put("jsycl submit", () -> Streaming.saxpy(q, ALPHA, bx, by, n).profile().durationNanos());
            for (int r = 0; r < rounds; r++) {
                for (var e : forms.entrySet()) {
                    Stats s = Stats.measure(1, repeats, e.getValue());
                    medians.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(s.median());
                }
            }
            kh.close();
            kg.close();
            kz.close();
            k4.close();
            k2.close();
            k2s.close();
            k2o.close();
            kn1.close();
            kn2.close();
            nowOne.close();
            nowTwo.close();
            k2a.close();
        }
        System.out.printf("%s, %d floats, %d rounds x (1 warm-up + %d runs) per form, raw local size %s%n%n",
                device.name(), n, rounds, repeats, local == null ? "chosen by the driver" : local[0]);
        System.out.println("| form | median of round medians ms | round medians min–max ms |");
        System.out.println("|---|---|---|");
        for (var e : medians.entrySet()) {
            Stats s = Stats.of(e.getValue().stream().mapToLong(Long::longValue).toArray());
            System.out.printf("| %s | %.3f | %.3f–%.3f |%n", e.getKey(), s.median() / 1e6, s.min() / 1e6,
                    s.max() / 1e6);
        }
    }

    /** Runs {@code k} once over fresh inputs and compares every element with Java's {@code ALPHA * a + b}. */
    private static void check(RawCl raw, Arena arena, ClKernel k, long items, long[] local, ClMem y,
            float[] a, float[] b, String form) {
        check(raw, arena, k, 2, items, local, y, a, b, form);
    }

    /** As above, for a kernel taking y as argument {@code yArg}. */
    private static void check(RawCl raw, Arena arena, ClKernel k, int yArg, long items, long[] local, ClMem y,
            float[] a, float[] b, String form) {
        try (ClMem fresh = raw.upload(arena, b)) {
            k.setArg(yArg, fresh);
            raw.run(k, new long[] {items}, local);
            float[] got = new float[b.length];
            raw.download(arena, fresh, got);
            for (int i = 0; i < got.length; i++) {
                float want = ALPHA * a[i] + b[i];
                if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(want)) {
                    throw new IllegalStateException(form + ": y[" + i + "] = " + got[i] + ", Java gives " + want);
                }
            }
        } finally {
            k.setArg(yArg, y);
        }
    }

    private interface Args {
        void set(ClKernel k);
    }

    private static ClKernel track(ClKernel k, Args args) {
        args.set(k);
        return k;
    }

    private static Args hand(ClMem x, ClMem y) {
        return k -> {
            k.setArgFloat(0, ALPHA);
            k.setArg(1, x);
            k.setArg(2, y);
        };
    }

    /** The arguments of a kernel running two items half the range apart: {@link #hand}'s, then {@code n / 2}. */
    private static Args twoApart(ClMem x, ClMem y, int n) {
        return k -> {
            hand(x, y).set(k);
            k.setArgInt(3, n / 2);
        };
    }

    private static Args generated(ClMem x, ClMem y, int n) {
        return k -> {
            k.setArg(0, y);
            k.setArgInt(1, n);
            k.setArgInt(2, n);
            k.setArgInt(3, 0);
            k.setArgFloat(4, ALPHA);
            k.setArg(5, x);
            k.setArgInt(6, n);
            k.setArgInt(7, n);
            k.setArgInt(8, 0);
            k.setArgInt(9, n);
        };
    }

    /**
     * The arguments of the lowering's current SAXPY program built with {@code -DJSYCL_ZERO_OFFSETS}: the accessors'
     * pointers only (the kernel reads no range, and the offsets are compiled out), in capture order, then the range.
     */
    private static Args loweredArgs(ClMem x, ClMem y, int n) {
        return k -> {
            k.setArg(0, y);
            k.setArgFloat(1, ALPHA);
            k.setArg(2, x);
            k.setArgInt(3, n);
        };
    }

    private static ClProgram buildWith(RawCl raw, String source, String options) {
        ClProgram p = ClProgram.createWithSource(raw.context, RawCl.PRELUDE + source);
        p.build(List.of(raw.device), (raw.buildOptions + " " + options).trim());
        return p;
    }
}
