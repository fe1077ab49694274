package io.jsycl.tests;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClPlatform;
import io.jsycl.opencl.ClProgram;
import io.jsycl.samples.Histogram;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Where the privatized histogram loses counts on a device: the sample's kernel through jsycl, variants of it, and
 * the same kernel hand-written and launched through the bindings, each run many times. Usage:
 * {@code HistogramProbe DEVICE [RUNS]} (DEVICE: gpu, cpu or a name substring). Prints one line per variant.
 */
public final class HistogramProbe {
    private HistogramProbe() {
    }

    private static final String RAW = """
            kernel void hist(global const char* in, global int* out, local int* bins, int n %s) {
                int lid = get_local_id(0);
                bins[lid] = 0;
                barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
                for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
                    atomic_add(&bins[in[i] & 255], 1);
                }
                barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
                int c = bins[lid];
                if (c != 0) atomic_add(&out[lid], c);
            }
            """;

    interface Variant {
        int[] run(byte[] data, int[] prior, int groups);
    }

    public static void main(String[] args) {
        String selector = args.length > 0 ? args[0] : "gpu";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        Device device = Device.all().stream().filter(d -> !d.isHost() && (d.type().name().equalsIgnoreCase(selector)
                || d.name().toLowerCase().contains(selector))).findFirst().orElseThrow();
        ClDevice cl = ClPlatform.devicesMatching(selector).getFirst();
        System.out.println("device " + device + ", quirks " + device.quirks());
        java.nio.file.Path dir;
        try {
            dir = java.nio.file.Files.createTempDirectory("jsycl-probe");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        System.setProperty("jsycl.dumpKernels", dir.toString());
        byte[] big = new byte[100_003];
        new Random(2).nextBytes(big);
        byte[] small = {0, 0, (byte) 255, 7};
        int[] zeros = new int[256];
        int[] tens = new int[256];
        Arrays.fill(tens, 10);

        try (var q = new Queue(device)) {
            probe("jsycl sample, 100003 bytes, 5 groups", runs, big, zeros, 5,
                    (d, p, g) -> sample(q, d, p, g));
            probe("jsycl sample, 4 bytes, 3 groups, prior 10s", runs, small, tens, 3,
                    (d, p, g) -> sample(q, d, p, g));
            probe("jsycl, local bins written out per group (no global atomics)", runs, big, zeros, 5,
                    (d, p, g) -> perGroup(q, d, p, g));
        }
        // The sample's generated source, dumped by the runtime, launched through the bindings with edits.
        String generated;
        try {
            try (var files = java.nio.file.Files.list(dir)) {
                generated = java.nio.file.Files.readString(files.filter(f -> f.toString().contains("histogramPrivatized"))
                        .findFirst().orElseThrow());
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        String name = generated.substring(generated.indexOf("__kernel void ") + 14, generated.indexOf('(',
                generated.indexOf("__kernel void ")));
        String jsyclOptions = "-DJSYCL_ZERO_OFFSETS -DJSYCL_NO_ALIASING -cl-fp32-correctly-rounded-divide-sqrt"
                + " -DJSYCL_CR_DIVIDE_SQRT -DJSYCL_QUIRK_NAN_TO_INTEGER";
        String[][] edits = {
                {"as generated, jsycl's options", generated, jsyclOptions},
                {"as generated, only -DJSYCL_ZERO_OFFSETS", generated, "-DJSYCL_ZERO_OFFSETS"},
                {"no restrict", generated.replace("restrict", ""), jsyclOptions},
                {"cap not const", generated.replace("(const io_", "(io_"), jsyclOptions},
                {"cap neither const nor restrict", generated.replace("(const io_", "(io_").replace("restrict", ""),
                        jsyclOptions},
                {"-cl-opt-disable", generated, jsyclOptions + " -cl-opt-disable"},
        };
        try (var ctx = ClContext.create(List.of(cl)); var cq = ClCommandQueue.create(ctx, cl, false, false)) {
            for (String[] edit : edits) {
                try (var program = ClProgram.createWithSource(ctx, edit[1])) {
                    program.build(List.of(cl), edit[2]);
                    try (var k = ClKernel.create(program, name)) {
                        probe("generated source raw, " + edit[0], runs, big, zeros, 5,
                                (d, p, g) -> generatedRaw(ctx, cq, k, d, p, g));
                    }
                }
            }
        }
        try (var ctx = ClContext.create(List.of(cl)); var cq = ClCommandQueue.create(ctx, cl, false, false)) {
            for (String options : new String[] {"", "-cl-fp32-correctly-rounded-divide-sqrt"}) {
                try (var program = ClProgram.createWithSource(ctx, RAW.formatted(""))) {
                    program.build(List.of(cl), options);
                    try (var k = ClKernel.create(program, "hist")) {
                        probe("hand-written OpenCL C, options '" + options + "'", runs, big, zeros, 5,
                                (d, p, g) -> raw(ctx, cq, k, d, p, g));
                        probe("hand-written OpenCL C, 4 bytes, prior 10s", runs, small, tens, 3,
                                (d, p, g) -> raw(ctx, cq, k, d, p, g));
                    }
                }
            }
        }
    }

    private static void probe(String name, int runs, byte[] data, int[] prior, int groups, Variant v) {
        int[] expected = Histogram.histogramInJava(data);
        for (int i = 0; i < 256; i++) {
            expected[i] += prior[i];
        }
        int bad = 0;
        String first = "";
        for (int r = 0; r < runs; r++) {
            int[] got = v.run(data, prior, groups);
            if (!Arrays.equals(got, expected)) {
                bad++;
                if (first.isEmpty()) {
                    long lost = 0;
                    int wrongBins = 0;
                    for (int i = 0; i < 256; i++) {
                        lost += expected[i] - got[i];
                        wrongBins += expected[i] != got[i] ? 1 : 0;
                    }
                    first = " (first: " + wrongBins + " bins wrong, " + lost + " counts lost)";
                }
            }
        }
        System.out.println(name + ": " + bad + "/" + runs + " runs wrong" + first);
    }

    private static int[] sample(Queue q, byte[] data, int[] prior, int groups) {
        int[] bins = prior.clone();
        Histogram.histogramPrivatized(q, data, bins, groups);
        return bins;
    }

    private static int[] perGroup(Queue q, byte[] data, int[] prior, int groups) {
        int n = data.length;
        int[] perGroup = new int[groups * 256];
        try (var bd = Buffer.of(data); var bg = Buffer.of(perGroup)) {
            q.submit(h -> {
                var in = bd.read(h);
                var out = bg.write(h);
                var local = LocalAccessor.ofInt(h, 256);
                h.parallelFor(NdRange.of(Range.of(groups * 256), Range.of(256)), it -> {
                    int lid = it.localId(0);
                    local.set(lid, 0);
                    it.barrier();
                    for (int i = it.globalId(0); i < n; i += it.globalRange(0)) {
                        local.atomicAdd(in.get(i) & 0xFF, 1);
                    }
                    it.barrier();
                    out.set(it.globalId(0), local.get(lid));
                });
            });
        }
        int[] bins = prior.clone();
        for (int i = 0; i < perGroup.length; i++) {
            bins[i % 256] += perGroup[i];
        }
        return bins;
    }

    /** The generated kernel's parameters: local memory, its range, n, in, out, the launch range. */
    private static int[] generatedRaw(ClContext ctx, ClCommandQueue q, ClKernel k, byte[] data, int[] prior, int groups) {
        return launch(ctx, q, k, data, prior, groups, (in, out) -> {
            k.setArgLocal(0, 1024);
            k.setArgInt(1, 256);
            k.setArgInt(2, data.length);
            k.setArg(3, in);
            k.setArg(4, out);
            k.setArgInt(5, groups * 256);
        });
    }

    /** The hand-written kernel's parameters: in, out, local memory, n. */
    private static int[] raw(ClContext ctx, ClCommandQueue q, ClKernel k, byte[] data, int[] prior, int groups) {
        return launch(ctx, q, k, data, prior, groups, (in, out) -> {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArgLocal(2, 1024);
            k.setArgInt(3, data.length);
        });
    }

    /** Uploads the data and the prior bins, sets the arguments, runs groups of 256 and reads the bins back. */
    private static int[] launch(ClContext ctx, ClCommandQueue q, ClKernel k, byte[] data, int[] prior, int groups,
            java.util.function.BiConsumer<ClMem, ClMem> arguments) {
        try (Arena a = Arena.ofConfined();
             ClMem in = ClMem.createBuffer(ctx, ClMemFlags.READ_ONLY, data.length, MemorySegment.NULL);
             ClMem out = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 1024, MemorySegment.NULL)) {
            MemorySegment hostIn = a.allocateFrom(ValueLayout.JAVA_BYTE, data);
            MemorySegment hostOut = a.allocateFrom(ValueLayout.JAVA_INT, prior);
            q.enqueueWriteBuffer(in, false, 0, hostIn, data.length, null).close();
            q.enqueueWriteBuffer(out, false, 0, hostOut, 1024, null).close();
            arguments.accept(in, out);
            q.enqueueNDRangeKernel(k, 1, null, new long[] {groups * 256L}, new long[] {256}, null).close();
            q.enqueueReadBuffer(out, true, 0, hostOut, 1024, null).close();
            return hostOut.toArray(ValueLayout.JAVA_INT);
        }
    }
}
