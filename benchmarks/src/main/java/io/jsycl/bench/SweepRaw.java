package io.jsycl.bench;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The hand-written paths of the sweep, through the checked {@code io.jsycl.opencl} layer: SAXPY as the suite writes
 * it (one work-item per element, the driver picks the work-group size), a bandwidth-style sum (a grid of {@link
 * #groups} work-groups whose items each add many elements a grid apart into four partial sums, then a tree in local
 * memory, then one atomic add per group: {@code atomic_add} for ints; for floats PTX's {@code red.global.add.f32} on
 * NVIDIA and an {@code atomic_cmpxchg} loop elsewhere, as jsycl's reductions), and {@code clEnqueueCopyBuffer} as the
 * hardware reference. Timed launches go to a queue without profiling and ask for no event ({@code
 * clEnqueueNDRangeKernel} with a null event, as a C program that orders by its in-order queue writes it); device
 * times come from {@link RawCl}'s profiling queue on the same context.
 */
final class SweepRaw implements AutoCloseable {
    static final String SOURCE = """
            __kernel void saxpy(float alpha, __global const float* x, __global float* y) {
                int i = get_global_id(0);
                y[i] = alpha * x[i] + y[i];
            }

            #define SUM_BODY(T) \\
                __local T scratch[GROUP]; \\
                int lid = get_local_id(0); \\
                int stride = get_global_size(0); \\
                int i = get_global_id(0); \\
                T s0 = 0, s1 = 0, s2 = 0, s3 = 0; \\
                for (; i + 3 * stride < n; i += 4 * stride) { \\
                    s0 += x[i]; \\
                    s1 += x[i + stride]; \\
                    s2 += x[i + 2 * stride]; \\
                    s3 += x[i + 3 * stride]; \\
                } \\
                for (; i < n; i += stride) { \\
                    s0 += x[i]; \\
                } \\
                scratch[lid] = (s0 + s1) + (s2 + s3); \\
                barrier(CLK_LOCAL_MEM_FENCE); \\
                for (int s = GROUP / 2; s > 0; s >>= 1) { \\
                    if (lid < s) { \\
                        scratch[lid] += scratch[lid + s]; \\
                    } \\
                    barrier(CLK_LOCAL_MEM_FENCE); \\
                }

            __kernel void sum_int(__global const int* restrict x, __global int* out, int n) {
                SUM_BODY(int)
                if (lid == 0) {
                    atomic_add(out, scratch[0]);
                }
            }

            __kernel void sum_float(__global const float* restrict x, __global float* out, int n) {
                SUM_BODY(float)
                if (lid == 0) {
            #ifdef JSYCL_NVIDIA_PTX
                    asm volatile("red.global.add.f32 [%0], %1;" : : "l"(out), "f"(scratch[0]) : "memory");
            #else
                    volatile __global uint* p = (volatile __global uint*) out;
                    uint seen = *p;
                    uint expected;
                    do {
                        expected = seen;
                        seen = atomic_cmpxchg(p, expected, as_uint(as_float(expected) + scratch[0]));
                    } while (seen != expected);
            #endif
                }
            }
            """;

    /** Work-groups per compute unit of the sum's grid, as jsycl's reductions launch them (two rounds of resident groups). */
    static final int GROUPS_PER_UNIT = 16;

    private final RawCl cl;
    private final ClCommandQueue plain;
    private final ClProgram program;
    private final int group;

    SweepRaw(RawCl cl) {
        this.cl = cl;
        this.plain = ClCommandQueue.create(cl.context, cl.device, false, false);
        this.group = SumReduce.group(cl.device.maxWorkGroupSize());
        this.program = cl.build("#define GROUP " + group + "\n" + SOURCE);
    }

    /** The sum's work-groups for {@code n} elements: one per {@code group} elements, at most {@link #GROUPS_PER_UNIT} per compute unit. */
    long groups(int n) {
        return Math.min((n + group - 1) / group, (long) GROUPS_PER_UNIT * cl.device.maxComputeUnits());
    }

    /** The base of the kernels' ops: one kernel over a fixed grid. */
    private abstract class KernelOp implements SweepOp {
        final ClKernel kernel;
        final long[] global;
        final long[] local;

        KernelOp(String name, long global, long local) {
            this.kernel = ClKernel.create(program, name);
            this.global = new long[] {global};
            this.local = local > 0 ? new long[] {local} : null;
        }

        @Override
        public void submit() {
            plain.enqueueNDRangeKernelWithoutEvent(kernel, 1, null, global, local, List.of());
        }

        @Override
        public void await() {
            plain.finish();
        }

        @Override
        public long deviceNanos() {
            return cl.run(kernel, global, local);
        }
    }

    SweepOp saxpy(SweepData data, int n) {
        ClMem x = upload(data.x, n);
        ClMem y = upload(data.y, n);
        return new KernelOp("saxpy", n, 0) {
            {
                kernel.setArgFloat(0, SweepData.ALPHA);
                kernel.setArg(1, x);
                kernel.setArg(2, y);
            }

            @Override
            public String check() {
                deviceNanos();
                return SweepData.checkSaxpy(download(y, n), data.x, data.y);
            }

            @Override
            public void close() {
                kernel.close();
                x.close();
                y.close();
            }
        };
    }

    SweepOp sumInt(SweepData data, int log2n) {
        int n = 1 << log2n;
        ClMem x = upload(data.ints, n);
        ClMem out = cl.buffer(4);
        return new KernelOp("sum_int", groups(n) * group, group) {
            {
                kernel.setArg(0, x);
                kernel.setArg(1, out);
                kernel.setArgInt(2, n);
            }

            @Override
            public String check() {
                zero(out);
                deviceNanos();
                int[] got = new int[1];
                try (Arena arena = Arena.ofConfined()) {
                    cl.download(arena, out, got);
                }
                return SweepData.checkIntSum(got[0], data.intSum(log2n));
            }

            @Override
            public void close() {
                kernel.close();
                x.close();
                out.close();
            }
        };
    }

    SweepOp sumFloat(SweepData data, int log2n) {
        int n = 1 << log2n;
        ClMem x = upload(data.x, n);
        ClMem out = cl.buffer(4);
        return new KernelOp("sum_float", groups(n) * group, group) {
            {
                kernel.setArg(0, x);
                kernel.setArg(1, out);
                kernel.setArgInt(2, n);
            }

            @Override
            public String check() {
                zero(out);
                deviceNanos();
                return SweepData.checkFloatSum(download(out, 1)[0], data.floatSum(log2n));
            }

            @Override
            public void close() {
                kernel.close();
                x.close();
                out.close();
            }
        };
    }

    /** {@code clEnqueueCopyBuffer} of {@code n} floats of {@code x} into a second buffer (the event released). */
    SweepOp copy(SweepData data, int n) {
        ClMem src = upload(data.x, n);
        ClMem dst = cl.buffer(4L * n);
        long bytes = 4L * n;
        return new SweepOp() {
            @Override
            public void submit() {
                plain.enqueueCopyBuffer(src, dst, 0, 0, bytes, List.of()).close();
            }

            @Override
            public void await() {
                plain.finish();
            }

            @Override
            public long deviceNanos() {
                try (ClEvent e = cl.queue.enqueueCopyBuffer(src, dst, 0, 0, bytes, List.of())) {
                    e.await();
                    return e.profileEnd() - e.profileStart();
                }
            }

            @Override
            public String check() {
                deviceNanos();
                float[] got = download(dst, n);
                for (int i = 0; i < n; i++) {
                    if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(data.x[i])) {
                        return "MISMATCH: dst[" + i + "] = " + got[i] + ", src " + data.x[i];
                    }
                }
                return "ok: bit-exact";
            }

            @Override
            public void close() {
                src.close();
                dst.close();
            }
        };
    }

    /** A device buffer holding the first {@code n} elements of {@code a} (staged through native memory, blocking). */
    private ClMem upload(float[] a, int n) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staging = arena.allocate(ValueLayout.JAVA_FLOAT, n);
            MemorySegment.copy(a, 0, staging, ValueLayout.JAVA_FLOAT, 0, n);
            return upload(staging);
        }
    }

    private ClMem upload(int[] a, int n) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staging = arena.allocate(ValueLayout.JAVA_INT, n);
            MemorySegment.copy(a, 0, staging, ValueLayout.JAVA_INT, 0, n);
            return upload(staging);
        }
    }

    private ClMem upload(MemorySegment staging) {
        ClMem mem = cl.buffer(staging.byteSize());
        cl.queue.enqueueWriteBuffer(mem, true, 0, staging, staging.byteSize(), List.of()).close();
        return mem;
    }

    /** The first {@code n} floats of {@code mem}. */
    private float[] download(ClMem mem, int n) {
        float[] out = new float[n];
        try (Arena arena = Arena.ofConfined()) {
            cl.download(arena, mem, out);
        }
        return out;
    }

    private void zero(ClMem mem) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment zero = arena.allocate(4);
            cl.queue.enqueueWriteBuffer(mem, true, 0, zero, 4, List.of()).close();
        }
    }

    @Override
    public void close() {
        program.close();
        plain.close();
    }
}
