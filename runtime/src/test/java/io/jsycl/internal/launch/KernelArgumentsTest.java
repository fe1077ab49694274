package io.jsycl.internal.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Range;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.ElementKind;
import io.jsycl.lowering.ArgRole;
import io.jsycl.lowering.KernelArg;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.ProgramVariant;
import io.jsycl.lowering.ScalarType;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClPlatform;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A launch's arguments as a repeated launch takes them ({@code schedule.RepeatLane}): copied with other scalar values
 * or other buffers' memory, and set on a kernel object only where another set of arguments was set on it since. Each
 * is run on a real OpenCL kernel that writes what it was given.
 */
class KernelArgumentsTest {
    /** Writes its scalar, its buffer's range and its int where its buffer points. */
    private static final String SOURCE = """
            __kernel void k(float a, __global float* p, int r, int b) {
                p[0] = a;
                p[1] = (float) r;
                p[2] = (float) b;
            }
            """;
    /** float a (capture 0), the accessor's data and range (capture 1), int b (capture 2). */
    private static final LoweredKernel LOWERED = new LoweredKernel("k", SOURCE, List.of(
            new KernelArg(0, ArgRole.VALUE, 0, ScalarType.FLOAT),
            new KernelArg(1, ArgRole.ACCESSOR_DATA, 0, ScalarType.FLOAT),
            new KernelArg(1, ArgRole.ACCESSOR_RANGE, 0, ScalarType.INT),
            new KernelArg(2, ArgRole.VALUE, 0, ScalarType.INT)), false);

    private static ClDevice device() {
        for (ClPlatform p : ClPlatform.all()) {
            if (!p.devices().isEmpty()) {
                return p.devices().getFirst();
            }
        }
        Assumptions.assumeTrue(System.getenv("CI") == null, "CI is set but no OpenCL device was found");
        Assumptions.abort("no OpenCL device");
        return null;
    }

    /** Enqueues {@code k} once and reads the three floats it wrote into {@code mem}. */
    private static float[] run(ClCommandQueue q, ClKernel k, ClMem mem) {
        q.enqueueNDRangeKernelWithoutEvent(k, 1, null, new long[] {1}, null, null);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(3 * Float.BYTES, 4);
            q.enqueueReadBuffer(mem, true, 0, out, out.byteSize(), null).close();
            return out.toArray(ValueLayout.JAVA_FLOAT);
        }
    }

    @Test
    void copiesTakeOtherScalarsAndOtherMemoryAndASetAppliedAgainSetsNothing() {
        ClDevice device = device();
        try (ClContext context = ClContext.create(List.of(device));
             ClCommandQueue q = ClCommandQueue.create(context, device, false, false);
             ClProgram program = ClProgram.createWithSource(context, SOURCE);
             ClMem first = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, 64, MemorySegment.NULL);
             ClMem second = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, 64, MemorySegment.NULL)) {
            program.build(List.of(device), "");
            try (ClKernel k = ClKernel.create(program, "k")) {
                var storage = new BufferStorage(ElementKind.FLOAT, float.class, Range.of(16));
                BoundCapture[] bound = {new BoundCapture.Value(1.5f),
                    new BoundCapture.Accessor(storage, Range.of(16), new int[] {0}), new BoundCapture.Value(7)};
                var arguments = new KernelArguments();
                arguments.set(context, LOWERED, bound, new BufferStorage[] {storage}, new ClMem[] {first},
                        Range.of(16), List.of(), 0, 0);
                assertThat(arguments.reusable()).isTrue();
                arguments.applyTo(k);
                assertThat(k.argumentsFrom()).isSameAs(arguments);
                assertThat(run(q, k, first)).containsExactly(1.5f, 16f, 7f);

                long[] scalars = {Float.floatToRawIntBits(-2.25f), 0, 11};
                KernelArguments values = arguments.withScalars(LOWERED, c -> scalars[c], 0);
                values.applyTo(k);
                assertThat(run(q, k, first)).containsExactly(-2.25f, 16f, 11f);

                KernelArguments moved = values.withMems(new ClMem[] {first}, new ClMem[] {second});
                moved.applyTo(k);
                assertThat(run(q, k, second)).containsExactly(-2.25f, 16f, 11f);

                // An argument set by hand since: the same set applied again must set every argument again.
                k.setArgFloat(0, 99f);
                assertThat(k.argumentsFrom()).isNull();
                moved.applyTo(k);
                assertThat(run(q, k, second)).containsExactly(-2.25f, 16f, 11f);
                // The originals are unchanged by their copies.
                arguments.applyTo(k);
                assertThat(run(q, k, first)).containsExactly(1.5f, 16f, 7f);
            }
        }
    }

    /**
     * A kernel whose memory range the launch's other accessor stands for in programs built with SHARED_STRIDES, and
     * whose range only a padded launch's guard reads (the lowering's {@code JSYCL_STRIDE_PARAM} and
     * {@code JSYCL_RANGE_PARAM}): capture 0 a float, capture 1 an accessor.
     */
    private static final String VARIANTS_SOURCE = """
            #ifdef JSYCL_SHARED_STRIDES
            #define STRIDE_PARAM(name)
            #else
            #define STRIDE_PARAM(name) , int name
            #endif
            #ifdef JSYCL_PADDED_RANGE
            #define RANGE_PARAM(name) , int name
            #else
            #define RANGE_PARAM(name)
            #endif
            __kernel void k(__global float* p STRIDE_PARAM(m), float a RANGE_PARAM(r)) {
                p[0] = a;
            #ifndef JSYCL_SHARED_STRIDES
                p[1] = (float) m;
            #endif
            #ifdef JSYCL_PADDED_RANGE
                p[2] = (float) r;
            #endif
            }
            """;
    private static final LoweredKernel VARIANTS = new LoweredKernel("k", VARIANTS_SOURCE, List.of(
            new KernelArg(1, ArgRole.ACCESSOR_DATA, 0, ScalarType.FLOAT),
            new KernelArg(1, List.of(), ArgRole.ACCESSOR_MEM_RANGE, 0, ScalarType.INT,
                    ProgramVariant.SHARED_STRIDES.bit(), 0),
            new KernelArg(0, ArgRole.VALUE, 0, ScalarType.FLOAT),
            new KernelArg(-1, List.of(), ArgRole.LAUNCH_RANGE, 0, ScalarType.INT, 0,
                    ProgramVariant.PADDED_RANGE.bit())), false);

    @Test
    void aProgramVariantGetsTheArgumentsItsKernelTakesOnly() {
        ClDevice device = device();
        try (ClContext context = ClContext.create(List.of(device));
             ClCommandQueue q = ClCommandQueue.create(context, device, false, false);
             ClMem mem = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, 64, MemorySegment.NULL)) {
            var storage = new BufferStorage(ElementKind.FLOAT, float.class, Range.of(16));
            BoundCapture[] bound = {new BoundCapture.Value(2.5f),
                new BoundCapture.Accessor(storage, Range.of(16), new int[] {0})};
            int shared = ProgramVariant.SHARED_STRIDES.bit();
            int padded = ProgramVariant.PADDED_RANGE.bit();
            // Each variant: the floats its kernel writes (the value, the memory range, the launch range of 12).
            for (int variants : new int[] {0, shared, padded, shared | padded}) {
                try (ClProgram program = ClProgram.createWithSource(context, VARIANTS_SOURCE)) {
                    program.build(List.of(device), ProgramVariant.buildOptions(variants));
                    try (ClKernel k = ClKernel.create(program, "k")) {
                        q.enqueueFillBuffer(mem, Arena.global().allocate(4), 0, 64, List.of()).close();
                        var arguments = new KernelArguments();
                        arguments.set(context, VARIANTS, bound, new BufferStorage[] {storage}, new ClMem[] {mem},
                                Range.of(12), List.of(), 0, variants);
                        arguments.applyTo(k);
                        float m = (variants & shared) == 0 ? 16f : 0f;
                        float r = (variants & padded) != 0 ? 12f : 0f;
                        assertThat(run(q, k, mem)).as("variants %s", ProgramVariant.buildOptions(variants))
                                .containsExactly(2.5f, m, r);
                        KernelArguments values = arguments.withScalars(VARIANTS,
                                c -> Float.floatToRawIntBits(-1f), variants);
                        values.applyTo(k);
                        assertThat(run(q, k, mem)).containsExactly(-1f, m, r);
                    }
                }
            }
        }
    }
}
