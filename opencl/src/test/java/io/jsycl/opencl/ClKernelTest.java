package io.jsycl.opencl;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Kernel arguments: a scalar or buffer set to the value it already has is not set again, and a changed one always is.
 */
class ClKernelTest {
    private static final String FILL = """
            __kernel void fill(__global int* out, int value) {
                out[get_global_id(0)] = value;
            }
            """;

    @Test
    void unchangedScalarArgumentsAreNotSetAgainAndChangedOnesTakeEffect() {
        ClDevice device = TestPlatforms.requireDevice();
        try (var ctx = ClContext.create(List.of(device));
             var queue = ClCommandQueue.create(ctx, device, false, false);
             var program = ClProgram.createWithSource(ctx, FILL);
             var arena = Arena.ofConfined()) {
            program.build(List.of(device), null);
            try (var kernel = ClKernel.create(program, "fill");
                 var out = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 16 * 4, MemorySegment.NULL)) {
                kernel.setArg(0, out);
                kernel.setArgInt(1, 7);
                long calls = ClObjects.calls("clSetKernelArg");
                kernel.setArgInt(1, 7);
                assertThat(ClObjects.calls("clSetKernelArg")).as("same value again").isEqualTo(calls);
                assertThat(run(queue, kernel, out, arena)).isEqualTo(7);

                kernel.setArgInt(1, -3);
                assertThat(ClObjects.calls("clSetKernelArg")).as("a new value").isEqualTo(calls + 1);
                assertThat(run(queue, kernel, out, arena)).isEqualTo(-3);

                kernel.setArgFloat(1, Float.intBitsToFloat(-3));
                assertThat(ClObjects.calls("clSetKernelArg")).as("same bits, other setter").isEqualTo(calls + 1);
                kernel.setArg(1, arena.allocateFrom(JAVA_INT, 5));
                assertThat(run(queue, kernel, out, arena)).isEqualTo(5);
                kernel.setArgInt(1, -3);
                assertThat(ClObjects.calls("clSetKernelArg")).as("after a set through raw bytes").isEqualTo(calls + 3);
                assertThat(run(queue, kernel, out, arena)).isEqualTo(-3);
            }
        }
    }

    @Test
    void theBufferAnArgumentAlreadyHoldsIsNotSetAgainAndAnotherOneTakesEffect() {
        ClDevice device = TestPlatforms.requireDevice();
        try (var ctx = ClContext.create(List.of(device));
             var queue = ClCommandQueue.create(ctx, device, false, false);
             var program = ClProgram.createWithSource(ctx, FILL);
             var arena = Arena.ofConfined()) {
            program.build(List.of(device), null);
            try (var kernel = ClKernel.create(program, "fill");
                 var first = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 16 * 4, MemorySegment.NULL);
                 var second = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 16 * 4, MemorySegment.NULL)) {
                kernel.setArg(0, first);
                kernel.setArgInt(1, 4);
                long calls = ClObjects.calls("clSetKernelArg");
                kernel.setArg(0, first);
                assertThat(ClObjects.calls("clSetKernelArg")).as("same buffer again").isEqualTo(calls);
                assertThat(run(queue, kernel, first, arena)).isEqualTo(4);

                kernel.setArg(0, second);
                kernel.setArgInt(1, 9);
                assertThat(ClObjects.calls("clSetKernelArg")).as("another buffer").isEqualTo(calls + 2);
                assertThat(run(queue, kernel, second, arena)).isEqualTo(9);
                assertThat(read(queue, first, arena)).as("the first buffer untouched").isEqualTo(4);

                // The argument set through raw bytes (the first buffer's handle): the second is set again.
                kernel.setArg(0, arena.allocateFrom(java.lang.foreign.ValueLayout.ADDRESS, first.handle()));
                kernel.setArg(0, second);
                assertThat(ClObjects.calls("clSetKernelArg")).isEqualTo(calls + 4);
                assertThat(run(queue, kernel, second, arena)).isEqualTo(9);
            }
        }
    }

    private static int read(ClCommandQueue queue, ClMem out, Arena arena) {
        MemorySegment host = arena.allocate(16 * 4);
        queue.enqueueReadBuffer(out, true, 0, host, 16 * 4, List.of()).close();
        return host.get(JAVA_INT, 0);
    }

    private static int run(ClCommandQueue queue, ClKernel kernel, ClMem out, Arena arena) {
        MemorySegment host = arena.allocate(16 * 4);
        queue.enqueueNDRangeKernel(kernel, 1, null, new long[] {16}, null, List.of()).close();
        queue.enqueueReadBuffer(out, true, 0, host, 16 * 4, List.of()).close();
        int first = host.get(JAVA_INT, 0);
        for (int i = 1; i < 16; i++) {
            assertThat(host.get(JAVA_INT, 4L * i)).isEqualTo(first);
        }
        return first;
    }
}
