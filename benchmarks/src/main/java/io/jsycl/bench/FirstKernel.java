package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.opencl.ClKernel;
import java.lang.foreign.Arena;

/**
 * One first kernel in this JVM, for {@link FirstKernelLatency}: creates a context and queue, then times the first
 * submit of a small vector add until its result is back in a Java array. {@code raw} mode does the same with the
 * hand-written source (build from source, kernel, arguments, enqueue, read).
 *
 * <pre>FirstKernel jsycl|raw [DEVICE]</pre>
 * Prints {@code setup_ns=...}, {@code first_kernel_ns=...} and {@code build_ns=...}: the part of the first kernel
 * spent building the program (jsycl: {@code ProgramManager.stats().buildNanos()}, from source or a cached binary;
 * raw: {@code clCreateProgramWithSource} + {@code clBuildProgram}).
 */
public final class FirstKernel {
    static final int N = 1024;

    private FirstKernel() {
    }

    public static void main(String[] args) {
        String mode = args.length > 0 ? args[0] : "jsycl";
        Device device = Suite.devices(args.length > 1 ? args[1] : null).getFirst();
        float[] a = Workload.randomFloats(N, 1);
        float[] b = Workload.randomFloats(N, 2);
        float[] c = new float[N];
        long t0 = System.nanoTime();
        long t1;
        long build;
        long[] phases = new long[3]; // jsycl: buffers made, submit, run; read back is the rest
        if (mode.equals("raw")) {
            try (var raw = new RawCl(Suite.match(device))) {
                t1 = System.nanoTime();
                long b0 = System.nanoTime();
                var program = raw.build(Streaming.RAW_VADD);
                build = System.nanoTime() - b0;
                try (var arena = Arena.ofConfined(); var p = program; var x = raw.upload(arena, a);
                     var y = raw.upload(arena, b); var z = raw.buffer(4L * N); var k = ClKernel.create(p, "vadd")) {
                    k.setArg(0, x);
                    k.setArg(1, y);
                    k.setArg(2, z);
                    raw.enqueue(k, new long[] {N}, null);
                    raw.download(arena, z, c);
                }
            }
        } else {
            try (var context = new Context(device); var q = new Queue(context, device)) {
                t1 = System.nanoTime();
                long s0;
                long s1;
                try (var x = Buffer.of(a); var y = Buffer.of(b); var z = Buffer.of(c)) {
                    s0 = System.nanoTime();
                    var event = Streaming.vectorAdd(q, x, y, z, N);
                    s1 = System.nanoTime();
                    event.await();
                    phases[1] = System.nanoTime() - s1;
                }
                phases[0] = s0 - t1;
                phases[2] = s1 - s0;
                build = context.programManager().stats().buildNanos();
            }
        }
        long t2 = System.nanoTime();
        for (int i = 0; i < N; i++) {
            if (c[i] != a[i] + b[i]) {
                System.err.println("wrong result at " + i + ": " + c[i] + " != " + (a[i] + b[i]));
                System.exit(2);
            }
        }
        System.out.println("setup_ns=" + (t1 - t0));
        System.out.println("first_kernel_ns=" + (t2 - t1));
        System.out.println("build_ns=" + build);
        if (!mode.equals("raw")) {
            System.out.println("phase_ns buffers=" + phases[0] + " submit=" + phases[2] + " run=" + phases[1]
                    + " read-back=" + (t2 - t1 - phases[0] - phases[1] - phases[2]));
        }
    }
}
