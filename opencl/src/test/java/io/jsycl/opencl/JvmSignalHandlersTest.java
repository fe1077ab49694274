package io.jsycl.opencl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A driver that installs its own handler for a signal the JVM relies on (NVIDIA's OpenCL driver does) would
 * make the JVM die without an hs_err file at its next safepoint poll or implicit null check; jsycl puts the
 * JVM's handlers back after every call that can load or start a driver.
 */
class JvmSignalHandlersTest {
    private static final int SIGHUP = 1;

    private static boolean linux() {
        return System.getProperty("os.name").equals("Linux") && ADDRESS.byteSize() == 8;
    }

    @Test
    void theJvmsHandlersAreReadBeforeAnyDriverLoads() {
        assumeTrue(linux(), "sigaction layout of 64-bit Linux");
        ClPlatform.all();
        assertThat(JvmSignalHandlers.original()).containsKeys("SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL");
        assertThat(JvmSignalHandlers.original().get("SIGSEGV")).contains("libjvm.so");
    }

    @Test
    void aReplacedHandlerIsPutBackAndTheReplacingLibraryNamed() {
        assumeTrue(linux(), "sigaction layout of 64-bit Linux");
        ClPlatform.all();
        // A handler function of another library, as a driver would install: the C library's abort (SIGHUP never
        // arrives during the test, so it is never called).
        // A JVM started with SIGHUP ignored (under nohup) installs no handler of its own for it: nothing to keep.
        assumeTrue(JvmSignalHandlers.original().containsKey("SIGHUP"), "SIGHUP has a JVM handler (not under nohup)");
        long abort = Linker.nativeLinker().defaultLookup().find("abort").orElseThrow().address();
        int before = JvmSignalHandlers.restored().size();
        String jvmsHandler = JvmSignalHandlers.current().get("SIGHUP");

        JvmSignalHandlers.replaceForTest(SIGHUP, abort);
        assertThat(JvmSignalHandlers.current().get("SIGHUP")).contains("libc").contains("abort");
        JvmSignalHandlers.check("a simulated driver call");

        assertThat(JvmSignalHandlers.current().get("SIGHUP")).isEqualTo(jvmsHandler).contains("libjvm.so");
        List<JvmSignalHandlers.Replacement> restored = JvmSignalHandlers.restored();
        assertThat(restored).hasSize(before + 1);
        assertThat(restored.getLast().signal()).isEqualTo("SIGHUP");
        assertThat(restored.getLast().library()).contains("libc");
        assertThat(restored.getLast().afterCall()).isEqualTo("a simulated driver call");
        assertThat(restored.getLast()).hasToString(
                "SIGHUP handler replaced by " + restored.getLast().library() + " (0x" + Long.toHexString(abort)
                        + ") during a simulated driver call");
    }

    @Test
    void everyDriverLeavesTheJvmsHandlersInPlaceOnceStartedAndRunning() {
        assumeTrue(linux(), "sigaction layout of 64-bit Linux");
        for (ClPlatform p : ClPlatform.all()) {
            for (ClDevice d : p.devices()) {
                try (var ctx = ClContext.create(List.of(d));
                     var q = ClCommandQueue.create(ctx, d, false, false);
                     var program = ClProgram.createWithSource(ctx, ClProgramTest.VECTOR_ADD)) {
                    program.build(List.of(d), "");
                    try (var k = ClKernel.create(program, "other"); var mem = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 64, MemorySegment.NULL)) {
                        k.setArg(0, mem);
                        q.enqueueNDRangeKernel(k, 1, null, new long[] {1}, null, null).close();
                        q.finish();
                    }
                }
            }
        }
        // Where a driver replaced a handler, this names it (the GPU conformance run prints it).
        System.out.println("JVM signal handlers restored after driver calls: " + JvmSignalHandlers.restored());
        var original = JvmSignalHandlers.original();
        var current = JvmSignalHandlers.current();
        for (var e : original.entrySet()) {
            assertThat(current.get(e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
        }
    }
}
