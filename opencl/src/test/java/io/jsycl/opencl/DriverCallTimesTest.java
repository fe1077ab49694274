package io.jsycl.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.opencl.bindings.cl_h;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Driver calls are timed per thread only in a JVM started with {@code -Djsycl.opencl.timeCalls=true} (a process of
 * its own here), and each thread's totals hold its own calls alone.
 */
class DriverCallTimesTest {
    @Test
    void offByDefaultTheBindingsCallTheDriverDirectly() {
        assertThat(DriverCallTimes.on()).isFalse();
        MethodHandle handle = cl_h.clFlush$handle();
        assertThat(DriverCallTimes.timed("clFlush", handle)).isSameAs(handle);
        TestPlatforms.requireDevice();
        assertThat(DriverCallTimes.ofThisThread()).isEmpty();
    }

    @Test
    void onEachThreadGetsItsOwnCallsTimed() throws IOException, InterruptedException {
        TestPlatforms.requireDevice();
        String java = ProcessHandle.current().info().command().orElse("java");
        var process = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Djsycl.opencl.timeCalls=true",
                "-cp", System.getProperty("java.class.path"), TimedProgram.class.getName())
                .redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("ended").isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).as(output).contains("OK");
    }

    /**
     * Launches a kernel and waits 50 ms for a user event on its main thread while another thread sets the event;
     * prints OK when the main thread's totals hold the launch and at least 40 ms of waiting, and the other thread's
     * only its own call.
     */
    static final class TimedProgram {
        public static void main(String[] args) throws Exception {
            check(DriverCallTimes.on(), "timing on");
            ClDevice device = TestPlatforms.requireDevice();
            try (var ctx = ClContext.create(List.of(device));
                 var queue = ClCommandQueue.create(ctx, device, false, false);
                 var program = ClProgram.createWithSource(ctx, "__kernel void k(__global int* o) { o[0] = 1; }");
                 var gate = ClEvent.userEvent(ctx)) {
                program.build(List.of(device), null);
                try (var kernel = ClKernel.create(program, "k");
                     var out = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 4, MemorySegment.NULL)) {
                    kernel.setArg(0, out);
                    queue.enqueueNDRangeKernel(kernel, 1, null, new long[] {1}, null, List.of()).close();
                    queue.finish();
                }
                var setters = new java.util.concurrent.atomic.AtomicReference<Map<String, Long>>();
                Thread waiter = Thread.currentThread();
                var setter = new Thread(() -> {
                    try {
                        ClEventTest.awaitInTheDriversWait(waiter);
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    gate.setUserEventStatus(0);
                    setters.set(DriverCallTimes.ofThisThread());
                });
                setter.start();
                gate.await();
                setter.join();
                Map<String, Long> mine = DriverCallTimes.ofThisThread();
                check(mine.getOrDefault("clEnqueueNDRangeKernel", 0L) > 0, "the launch timed: " + mine);
                check(mine.getOrDefault("clWaitForEvents", 0L) >= 40_000_000L, "the wait timed: " + mine);
                check(setters.get().keySet().equals(java.util.Set.of("clSetUserEventStatus")),
                        "the other thread's own call alone: " + setters.get());
                System.out.println("OK " + mine.keySet());
            }
        }

        private static void check(boolean ok, String what) {
            if (!ok) {
                throw new AssertionError(what);
            }
        }
    }
}
