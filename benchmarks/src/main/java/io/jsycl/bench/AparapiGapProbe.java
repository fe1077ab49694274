package io.jsycl.bench;

import io.jsycl.Device;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a per-kernel gap to Aparapi comes from: the suite's hand-written n-body, Mandelbrot and naive SGEMM kernels
 * ({@link NBody#SOURCE}, {@link Mandelbrot#SOURCE}, {@link Sgemm#SOURCE}: the same code Aparapi generates for its
 * versions, up to Aparapi's {@code this} struct), each built several ways
 * and run through the same bindings and buffers, forms interleaved round by round in one process:
 * <ul>
 *   <li>"Java rounding": {@code #pragma OPENCL FP_CONTRACT OFF} and {@code -cl-fp32-correctly-rounded-divide-sqrt}
 *       where the device has it, as jsycl and the suite's hand-written kernels build;</li>
 *   <li>"contraction on": the correctly rounded divide and sqrt kept, contraction left to the compiler;</li>
 *   <li>"contraction off, default divide/sqrt": the pragma kept, the option dropped;</li>
 *   <li>"Aparapi's build": no pragma, no options (contraction allowed, OpenCL's default divide and sqrt accuracy);</li>
 *   <li>"-cl-fast-relaxed-math": what jsycl's {@code h.fastMath()} builds with;</li>
 *   <li>for Mandelbrot also its loop in the shape jsycl's lowering writes it (the second condition of
 *       {@code while (a && b)} as an {@code if (!b) break;} at the top of the body), with Java rounding and fast;</li>
 *   <li>for SGEMM also the pointers without {@code const} (Aparapi declares none), and the loop counter incremented
 *       with wrapping unsigned arithmetic, as jsycl emitted Java's {@code k++} before counted loops were
 *       recognized.</li>
 * </ul>
 * Work-groups as the suite's Aparapi rows use them (256; 32 x 8); n-body also with work-groups of 128, 64 and 32 for
 * jsycl's build, Aparapi's and fast math (jsycl spreads a small 1-D range over every compute unit). Each form's output is compared with the
 * first form's (bit-exact to Java) as the suite compares outputs ({@link Workload.Compare}).
 *
 * <pre>AparapiGapProbe [--device gpu|cpu|NAME] [--bodies N] [--mandel N] [--iter N] [--gemm N] [--rounds R]
 *     [--repeats K]</pre>
 */
public final class AparapiGapProbe {
    private static final String CONTRACT_OFF = "#pragma OPENCL FP_CONTRACT OFF\n";

    private AparapiGapProbe() {
    }

    private record Build(String name, String prelude, String options) {
    }

    private record Form(String workload, String name, ClKernel kernel, long[] global, long[] local, ClMem out,
            int outLength, boolean ints) {
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int bodies = Suite.intOpt(opts, "bodies", 16384);
        int mandel = Suite.intOpt(opts, "mandel", 2048);
        int iter = Suite.intOpt(opts, "iter", 512);
        int gemm = Suite.intOpt(opts, "gemm", 2048);
        int rounds = Suite.intOpt(opts, "rounds", 3);
        int repeats = Suite.intOpt(opts, "repeats", 5);
        Device device = Suite.devices(opts.getOrDefault("device", "gpu")).getFirst();
        List<ClProgram> programs = new ArrayList<>();
        List<ClMem> mems = new ArrayList<>();
        List<Form> forms = new ArrayList<>();
        Map<String, List<Long>> medians = new LinkedHashMap<>();
        Map<String, String> checks = new LinkedHashMap<>();
        try (var raw = new RawCl(Suite.match(device)); var arena = Arena.ofConfined()) {
            String cr = raw.buildOptions;
            List<Build> builds = List.of(
                    new Build("Java rounding (jsycl's build)", CONTRACT_OFF, cr),
                    new Build("contraction on, correctly rounded divide/sqrt", "", cr),
                    new Build("contraction off, default divide/sqrt", CONTRACT_OFF, ""),
                    new Build("Aparapi's build (no pragma, no options)", "", ""),
                    new Build("-cl-fast-relaxed-math (h.fastMath())", "", "-cl-fast-relaxed-math"));
            float[] pos = Workload.randomFloats(4 * bodies, 7);
            float[] vel = Workload.randomFloats(4 * bodies, 8);
            ClMem mPos = track(mems, raw.upload(arena, pos));
            ClMem mVel = track(mems, raw.upload(arena, vel));
            ClMem mNewVel = track(mems, raw.buffer(16L * bodies));
            ClMem mA = track(mems, raw.upload(arena, Workload.randomFloats(gemm * gemm, 3)));
            ClMem mB = track(mems, raw.upload(arena, Workload.randomFloats(gemm * gemm, 4)));
            for (Build b : builds) {
                ClMem newPos = track(mems, raw.buffer(16L * bodies));
                ClKernel k = kernel(raw, programs, NBody.SOURCE, b, "nbody");
                k.setArg(0, mPos);
                k.setArg(1, mVel);
                k.setArg(2, newPos);
                k.setArg(3, mNewVel);
                k.setArgInt(4, bodies);
                k.setArgFloat(5, 0.01f);
                k.setArgFloat(6, 0.001f);
                forms.add(new Form("n-body " + bodies, b.name(), k, new long[] {bodies}, new long[] {256}, newPos,
                        4 * bodies, false));
                if (b == builds.getFirst() || b.options().isEmpty() && b.prelude().isEmpty()
                        || b.options().contains("fast-relaxed")) {
                    // Smaller work-groups spread a small range over more compute units (jsycl picks 64 for 16384
                    // items on a GPU with more than 128 compute units); Aparapi's Range.create picks 256.
                    for (long l : new long[] {128, 64, 32}) {
                        forms.add(new Form("n-body " + bodies, b.name() + ", work-groups of " + l, k,
                                new long[] {bodies}, new long[] {l}, newPos, 4 * bodies, false));
                    }
                }
            }
            List<Build> mandelBuilds = new ArrayList<>(builds);
            mandelBuilds.add(new Build("Java rounding, loop as jsycl writes it (while (k < maxIter) { if (!(...)) "
                    + "break; ... })", CONTRACT_OFF, cr));
            mandelBuilds.add(new Build("-cl-fast-relaxed-math, loop as jsycl writes it", "", "-cl-fast-relaxed-math"));
            for (Build b : mandelBuilds) {
                ClMem out = track(mems, raw.buffer(4L * mandel * mandel));
                boolean jsyclLoop = b.name().contains("loop as jsycl writes it");
                String source = jsyclLoop ? Mandelbrot.SOURCE.replace(
                        "while (k < maxIter && zx * zx + zy * zy <= 4.0f) {",
                        "while (k < maxIter) {\n    if (!(zx * zx + zy * zy <= 4.0f)) {\n        break;\n    }")
                        : Mandelbrot.SOURCE;
                if (jsyclLoop && !source.contains("break;")) {
                    throw new IllegalStateException("Mandelbrot.SOURCE no longer has the loop this form rewrites");
                }
                ClKernel k = kernel(raw, programs, source, b, "mandelbrot");
                k.setArg(0, out);
                k.setArgInt(1, mandel);
                k.setArgInt(2, iter);
                k.setArgFloat(3, -2.0f);
                k.setArgFloat(4, -1.5f);
                k.setArgFloat(5, 3.0f / mandel);
                forms.add(new Form("Mandelbrot " + mandel + "², ≤" + iter, b.name(), k, new long[] {mandel, mandel},
                        new long[] {32, 8}, out, mandel * mandel, true));
            }
            List<Build> gemmBuilds = new ArrayList<>(builds);
            gemmBuilds.add(new Build("Aparapi's build, pointers without const", "", ""));
            gemmBuilds.add(new Build("Java rounding, k incremented as (int)((uint)k + 1u) like jsycl's int arithmetic",
                    CONTRACT_OFF, cr));
            for (Build b : gemmBuilds) {
                ClMem c = track(mems, raw.buffer(4L * gemm * gemm));
                boolean noConst = b.name().endsWith("without const");
                String source = noConst ? Sgemm.SOURCE.replace("__global const float*", "__global float*")
                        : Sgemm.SOURCE;
                if (b.name().contains("(uint)")) {
                    source = source.replace("k++", "k = (int)((uint)k + 1u)");
                }
                ClKernel k = kernel(raw, programs, source, b, "sgemm");
                k.setArg(0, mA);
                k.setArg(1, mB);
                k.setArg(2, c);
                k.setArgInt(3, gemm);
                forms.add(new Form("SGEMM naive " + gemm + "²", b.name(), k, new long[] {gemm, gemm},
                        new long[] {32, 8}, c, gemm * gemm, false));
            }
            for (int r = 0; r < rounds; r++) {
                for (Form f : forms) {
                    Stats s = Stats.measure(1, repeats, () -> raw.run(f.kernel(), f.global(), f.local()));
                    medians.computeIfAbsent(f.workload() + " | " + f.name(), x -> new ArrayList<>()).add(s.median());
                }
            }
            Object reference = null;
            String workload = null;
            for (Form f : forms) {
                Object out = f.ints() ? new int[f.outLength()] : new float[f.outLength()];
                if (out instanceof int[] ints) {
                    raw.download(arena, f.out(), ints);
                } else {
                    raw.download(arena, f.out(), (float[]) out);
                }
                if (!f.workload().equals(workload)) {
                    workload = f.workload();
                    reference = out;
                }
                checks.put(f.workload() + " | " + f.name(), compare(out, reference));
            }
            forms.stream().map(Form::kernel).distinct().forEach(ClKernel::close);
            programs.forEach(ClProgram::close);
            mems.forEach(ClMem::close);
        }
        System.out.printf("%s; %d rounds x (1 warm-up + %d runs) per form, forms interleaved%n%n", device.name(),
                rounds, repeats);
        System.out.println("| workload | build | kernel ms, median of round medians (min–max) | vs first form |"
                + " output vs first form |");
        System.out.println("|---|---|---|---|---|");
        Map<String, Long> first = new LinkedHashMap<>();
        for (var e : medians.entrySet()) {
            String[] parts = e.getKey().split(" \\| ", 2);
            Stats s = Stats.of(e.getValue().stream().mapToLong(Long::longValue).toArray());
            long base = first.computeIfAbsent(parts[0], x -> s.median());
            System.out.printf("| %s | %s | %.3f (%.3f–%.3f) | %.2f× | %s |%n", parts[0], parts[1], s.median() / 1e6,
                    s.min() / 1e6, s.max() / 1e6, (double) s.median() / base, checks.get(e.getKey()));
        }
    }

    private static ClMem track(List<ClMem> mems, ClMem m) {
        mems.add(m);
        return m;
    }

    private static ClKernel kernel(RawCl raw, List<ClProgram> programs, String source, Build b, String name) {
        ClProgram p = ClProgram.createWithSource(raw.context, b.prelude() + source);
        programs.add(p);
        p.build(List.of(raw.device), b.options());
        return ClKernel.create(p, name);
    }

    private static String compare(Object out, Object reference) {
        return out == reference ? "reference" : Workload.Compare.arrays(out, reference);
    }
}
