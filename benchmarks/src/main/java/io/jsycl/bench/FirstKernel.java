package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClPlatform;
import java.lang.foreign.Arena;

/**
 * One first kernel in this JVM, for {@link FirstKernelLatency}: creates a context and queue, then times the first
 * submit of a small vector add until its result is back in a Java array. {@code raw} mode does the same with the
 * hand-written source (build from source, kernel, arguments, enqueue, read).
 *
 * <p>{@code raw-jvm-warmed} is {@code raw} after the same complete raw vector add has run once in this JVM on
 * another OpenCL device if the platforms list one (on the GPU host, PoCL's CPU device beside the GPU), else on a
 * separate context of the measured device, with a kernel source that differs in text so that no driver cache can
 * serve the measured build. The JVM's first use of the bindings (downcall handles, call-site linking, class
 * loading) is then paid; what the measured first kernel still costs is the driver's own first use of the device
 * plus the build. {@code raw} minus it is the JVM's share.
 *
 * <pre>FirstKernel jsycl|raw|raw-jvm-warmed [DEVICE]</pre>
 * Prints {@code setup_ns=...} (context and queue), {@code first_kernel_ns=...} (from there until the result is in
 * the Java array, before anything is released), {@code teardown_ns=...} (releasing buffers, program, queue and
 * context after that) and {@code build_ns=...}: the part of the first kernel spent building the program (jsycl:
 * {@code ProgramManager.stats().buildNanos()}, from source or a cached binary; raw: {@code clCreateProgramWithSource}
 * + {@code clBuildProgram}). {@code warmup_device=...} names where the raw warm-up ran.
 */
public final class FirstKernel {
    static final int N = 1024;

    private FirstKernel() {
    }

    /**
     * Runs one first kernel and prints its times (see the class comment).
     *
     * @param args {@code jsycl|raw|raw-jvm-warmed [DEVICE]}
     */
    public static void main(String[] args) {
        String mode = args.length > 0 ? args[0] : "jsycl";
        if (!mode.equals("jsycl") && !mode.equals("raw") && !mode.equals("raw-jvm-warmed")) {
            throw new IllegalArgumentException("mode must be jsycl, raw or raw-jvm-warmed: " + mode);
        }
        Device device = Suite.devices(args.length > 1 ? args[1] : null).getFirst();
        float[] a = Workload.randomFloats(N, 1);
        float[] b = Workload.randomFloats(N, 2);
        float[] c = new float[N];
        long[] t; // context+queue made, result in the array, everything released; build
        long[] phases = new long[3]; // jsycl: buffers made, submit, run; read back is the rest
        if (mode.equals("raw-jvm-warmed")) {
            ClDevice measured = Suite.match(device);
            ClDevice other = otherDevice(measured);
            float[] w = new float[N];
            // A different text (the comment) so the driver's compile cache cannot serve the measured build.
            raw(other == null ? measured : other, "// warm-up\n" + Streaming.RAW_VADD, a, b, w);
            System.out.println("warmup_device=" + (other == null ? "second context of " + measured.name()
                    : other.name()));
            t = raw(measured, Streaming.RAW_VADD, a, b, c);
        } else if (mode.equals("raw")) {
            t = raw(Suite.match(device), Streaming.RAW_VADD, a, b, c);
        } else {
            t = new long[5];
            t[0] = System.nanoTime();
            try (var context = new Context(device); var q = new Queue(context, device)) {
                t[1] = System.nanoTime();
                long s0;
                long s1;
                try (var x = Buffer.of(a); var y = Buffer.of(b); var z = Buffer.of(c)) {
                    s0 = System.nanoTime();
                    var event = Streaming.vectorAdd(q, x, y, z, N);
                    s1 = System.nanoTime();
                    event.await();
                    phases[1] = System.nanoTime() - s1;
                } // closing z writes the result back into c (and releases the buffers)
                t[2] = System.nanoTime();
                phases[0] = s0 - t[1];
                phases[2] = s1 - s0;
                t[4] = context.programManager().stats().buildNanos();
            }
            t[3] = System.nanoTime();
        }
        for (int i = 0; i < N; i++) {
            if (c[i] != a[i] + b[i]) {
                System.err.println("wrong result at " + i + ": " + c[i] + " != " + (a[i] + b[i]));
                System.exit(2);
            }
        }
        System.out.println("setup_ns=" + (t[1] - t[0]));
        System.out.println("first_kernel_ns=" + (t[2] - t[1]));
        System.out.println("teardown_ns=" + (t[3] - t[2]));
        System.out.println("build_ns=" + t[4]);
        if (mode.equals("jsycl")) {
            System.out.println("phase_ns buffers=" + phases[0] + " submit=" + phases[2] + " run=" + phases[1]
                    + " read-back=" + (t[2] - t[1] - phases[0] - phases[1] - phases[2]));
        }
    }

    /**
     * The hand-written vector add of {@code source} on {@code device}: context and queue, build, buffers, launch,
     * read back into {@code c}, release. Returns {start, context+queue made, result in c, released, build ns}.
     */
    private static long[] raw(ClDevice device, String source, float[] a, float[] b, float[] c) {
        long[] t = new long[5];
        t[0] = System.nanoTime();
        try (var raw = new RawCl(device)) {
            t[1] = System.nanoTime();
            var program = raw.build(source);
            t[4] = System.nanoTime() - t[1];
            try (var arena = Arena.ofConfined(); var p = program; var x = raw.upload(arena, a);
                 var y = raw.upload(arena, b); var z = raw.buffer(4L * N); var k = ClKernel.create(p, "vadd")) {
                k.setArg(0, x);
                k.setArg(1, y);
                k.setArg(2, z);
                raw.enqueue(k, new long[] {N}, null);
                raw.download(arena, z, c);
                t[2] = System.nanoTime();
            }
        }
        t[3] = System.nanoTime();
        return t;
    }

    /** An OpenCL device other than {@code measured} (by platform and name), or null if there is none. */
    private static ClDevice otherDevice(ClDevice measured) {
        String platform = measured.platform().name();
        for (ClPlatform p : ClPlatform.all()) {
            for (ClDevice d : p.devices()) {
                if (!(p.name().equals(platform) && d.name().equals(measured.name()))) {
                    return d;
                }
            }
        }
        return null;
    }
}
