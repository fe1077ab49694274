package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClPlatform;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ProgramManager over a real OpenCL platform (PoCL in CI). With {@code CI} set, no platform is a failure. */
class ProgramManagerTest {
    private static final ProgramSource SOURCE = ProgramSource.of("""
            kernel void twice(global int *a) { size_t i = get_global_id(0); a[i] = 2 * a[i]; }
            kernel void inc(global int *a) { size_t i = get_global_id(0); a[i] = a[i] + 1; }
            """);

    private static ClDevice device;

    @TempDir
    Path cacheDir;

    @BeforeAll
    static void findDevice() {
        // JSYCL_DEVICE (gpu, cpu or a name substring) picks the device, as the GPU conformance run does
        for (ClDevice d : ClPlatform.devicesMatching(System.getenv("JSYCL_DEVICE"))) {
            device = d;
            return;
        }
        if (System.getenv("CI") != null) {
            fail("CI is set but no OpenCL platform with a device was found; install PoCL");
        }
        assumeTrue(false, "no OpenCL platform with a device");
    }

    private CacheConfig config() {
        return new CacheConfig(true, cacheDir, 0, 16, true);
    }

    @Test
    void secondLookupIsAHitWithoutABuild() {
        try (ClContext context = ClContext.create(List.of(device))) {
            ProgramManager manager = ProgramManager.of(context, config());
            try {
                KernelHandle first = manager.getOrCreateKernel(device, SOURCE, "twice");
                KernelHandle second = manager.getOrCreateKernel(device, SOURCE, "twice");
                manager.getOrCreateKernel(device, SOURCE, "inc"); // same program: no build
                assertThat(manager.stats().builds()).isEqualTo(1);
                assertThat(manager.stats().hits()).isEqualTo(1);
                assertThat(manager.stats().misses()).isEqualTo(2);
                assertThat(run(context, second)).containsExactly(0, 2, 4, 6);
                assertThat(first.name()).isEqualTo("twice");
            } finally {
                ProgramManager.forget(context);
            }
        }
    }

    @Test
    void freshContextLoadsTheProgramFromDisk() {
        try (ClContext context = ClContext.create(List.of(device))) {
            ProgramManager.of(context, config()).getOrCreateKernel(device, SOURCE, "twice");
            ProgramManager.forget(context);
        }
        try (ClContext context = ClContext.create(List.of(device))) {
            ProgramManager manager = ProgramManager.of(context, config());
            try {
                KernelHandle kernel = manager.getOrCreateKernel(device, SOURCE, "twice");
                assertThat(manager.stats().diskHits()).isEqualTo(1);
                assertThat(manager.stats().builds()).isZero();
                assertThat(run(context, kernel)).containsExactly(0, 2, 4, 6);
            } finally {
                ProgramManager.forget(context);
            }
        }
    }

    @Test
    void brokenSourceGivesTheBuildLog() {
        ProgramSource broken = ProgramSource.of("kernel void bad(global int *a) { a[0] = undeclared; }", "-Werror");
        try (ClContext context = ClContext.create(List.of(device))) {
            ProgramManager manager = ProgramManager.of(context, config());
            try {
                assertThatThrownBy(() -> manager.getOrCreateKernel(device, broken, "bad"))
                        .isInstanceOf(ProgramBuildException.class)
                        .hasMessageContaining("undeclared")
                        .hasMessageContaining(device.name())
                        .hasMessageContaining("-Werror")
                        .satisfies(e -> assertThat(((ProgramBuildException) e).buildLog()).contains("undeclared"));
            } finally {
                ProgramManager.forget(context);
            }
        }
    }

    @Test
    void missingKernelNameIsABuildException() {
        try (ClContext context = ClContext.create(List.of(device))) {
            ProgramManager manager = ProgramManager.of(context, config());
            try {
                assertThatThrownBy(() -> manager.getOrCreateKernel(device, SOURCE, "nosuch"))
                        .isInstanceOf(ProgramBuildException.class)
                        .hasMessageContaining("'nosuch'")
                        .hasMessageContaining(device.name());
            } finally {
                ProgramManager.forget(context);
            }
        }
    }

    @Test
    void ofGivesOneManagerPerContext() {
        try (ClContext context = ClContext.create(List.of(device))) {
            try {
                assertThat(ProgramManager.of(context, config())).isSameAs(ProgramManager.of(context));
            } finally {
                ProgramManager.forget(context);
            }
        }
    }

    private static int[] run(ClContext context, KernelHandle handle) {
        int n = 4;
        try (Arena arena = Arena.ofConfined();
             ClCommandQueue queue = ClCommandQueue.create(context, device, false, false);
             ClMem buffer = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, 4L * n, MemorySegment.NULL)) {
            MemorySegment host = arena.allocate(ValueLayout.JAVA_INT, n);
            for (int i = 0; i < n; i++) {
                host.setAtIndex(ValueLayout.JAVA_INT, i, i);
            }
            queue.enqueueWriteBuffer(buffer, true, 0, host, 4L * n, List.of()).close();
            try (KernelHandle.Lease lease = handle.acquire()) {
                lease.kernel().setArg(0, buffer);
                queue.enqueueNDRangeKernel(lease.kernel(), 1, null, new long[] {n}, null, List.of()).close();
            }
            queue.enqueueReadBuffer(buffer, true, 0, host, 4L * n, List.of()).close();
            return host.toArray(ValueLayout.JAVA_INT);
        }
    }
}
