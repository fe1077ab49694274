package io.jsycl.opencl;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Kernel launches: wait lists longer than the per-thread launch memory, and launches that ask for no event. */
class ClCommandQueueTest {
    private static final String FILL = """
            __kernel void fill(__global int* out, int value) {
                out[get_global_id(0)] = value;
            }
            """;

    @Test
    void aLaunchWaitsForEveryEventOfALongWaitListAndALaunchWithoutEventCreatesNone() {
        ClDevice device = TestPlatforms.requireDevice();
        try (var ctx = ClContext.create(List.of(device));
             var queue = ClCommandQueue.create(ctx, device, false, false);
             var program = ClProgram.createWithSource(ctx, FILL);
             var arena = Arena.ofConfined()) {
            program.build(List.of(device), null);
            var users = new ArrayList<ClEvent>();
            try (var kernel = ClKernel.create(program, "fill");
                 var out = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 16 * 4, MemorySegment.NULL)) {
                for (int i = 0; i < 40; i++) {
                    users.add(ClEvent.userEvent(ctx));
                }
                kernel.setArg(0, out);
                kernel.setArgInt(1, 5);
                try (var launched = queue.enqueueNDRangeKernel(kernel, 1, null, new long[] {16}, null, users)) {
                    queue.flush();
                    for (int i = 0; i < 39; i++) {
                        users.get(i).setUserEventStatus(0);
                    }
                    assertThat(launched.executionStatus()).as("waiting for the 40th event").isPositive();
                    users.get(39).setUserEventStatus(0);
                    launched.await();
                }
                assertThat(read(queue, out, arena)).isEqualTo(5);

                long events = ClObjects.created(ClObjects.Kind.EVENT);
                long launches = ClObjects.calls("clEnqueueNDRangeKernel");
                kernel.setArgInt(1, 8);
                queue.enqueueNDRangeKernelWithoutEvent(kernel, 1, null, new long[] {16}, null, users.subList(0, 2));
                queue.finish();
                assertThat(ClObjects.created(ClObjects.Kind.EVENT)).isEqualTo(events);
                assertThat(ClObjects.calls("clEnqueueNDRangeKernel")).isEqualTo(launches + 1);
                assertThat(read(queue, out, arena)).isEqualTo(8);
            } finally {
                users.forEach(ClEvent::close);
            }
        }
    }

    private static int read(ClCommandQueue queue, ClMem out, Arena arena) {
        MemorySegment host = arena.allocate(16 * 4);
        queue.enqueueReadBuffer(out, true, 0, host, 16 * 4, List.of()).close();
        for (int i = 1; i < 16; i++) {
            assertThat(host.get(JAVA_INT, 4L * i)).isEqualTo(host.get(JAVA_INT, 0));
        }
        return host.get(JAVA_INT, 0);
    }
}
