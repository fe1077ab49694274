package io.jsycl.opencl;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClProgramTest {
    @org.junit.jupiter.api.Test
    void aBuildWhoseCompilerLostItsOwnTemporaryFileIsTriedAgainAndNoOtherFailureIs() {
        // The log of a PoCL 5 build that failed this way on the H100 host (a fuzz program, several built at once).
        String lost = "--- cpu-skylake-avx512-Intel(R) Xeon(R) Processor ---\nerror: <invalid loc>: unable to rename"
                + " temporary '/tmp/pocl/tempfile_dMrg4e.preproc-16bbf917.cl.tmp' to output file"
                + " '/tmp/pocl/tempfile_dMrg4e.preproc.cl': 'No such file or directory'\n";
        org.assertj.core.api.Assertions.assertThat(ClProgram.lostTemporaryFile(lost)).isTrue();
        org.assertj.core.api.Assertions.assertThat(ClProgram.lostTemporaryFile(
                "error: unable to make temporary file: No such file or directory")).isTrue();
        org.assertj.core.api.Assertions.assertThat(ClProgram.lostTemporaryFile(
                "<source>:3:5: error: use of undeclared identifier 'x'")).as("a program's own error").isFalse();
        org.assertj.core.api.Assertions.assertThat(ClProgram.lostTemporaryFile(null)).isFalse();
    }

    static final String VECTOR_ADD = """
            __kernel void vadd(__global const float* a, __global const float* b, __global float* c, int n) {
                int i = get_global_id(0);
                if (i < n) c[i] = a[i] + b[i];
            }
            __kernel void other(__global float* x) { }
            """;

    private ClDevice device;
    private ClContext ctx;
    private ClCommandQueue queue;

    @BeforeEach
    void open() {
        device = TestPlatforms.requireDevice();
        ctx = ClContext.create(List.of(device));
        queue = ClCommandQueue.create(ctx, device, false, true);
    }

    @AfterEach
    void close() {
        if (queue != null) {
            queue.close();
            ctx.close();
        }
    }

    @Test
    void vectorAddFromSourceMatchesJava() {
        try (ClProgram p = ClProgram.createWithSource(ctx, VECTOR_ADD)) {
            p.build(List.of(device), "-cl-std=CL1.2");
            assertThat(p.kernelNames()).containsExactlyInAnyOrder("vadd", "other");
            runVectorAdd(p, 1000);
        }
    }

    @Test
    void badSourceGivesBuildExceptionWithTheCompilerError() {
        try (ClProgram p = ClProgram.createWithSource(ctx, "__kernel void broken(__global float* x) { x[0] = undeclared_thing; }")) {
            assertThatThrownBy(() -> p.build(List.of(device), null))
                    .isInstanceOf(ClBuildException.class)
                    .hasMessageContaining("clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)")
                    .hasMessageContaining("undeclared_thing")
                    .satisfies(e -> assertThat(((ClBuildException) e).buildLog()).contains("undeclared_thing"));
        }
    }

    @Test
    void binaryRoundTripsAndRuns() {
        byte[] binary;
        try (ClProgram p = ClProgram.createWithSource(ctx, VECTOR_ADD)) {
            p.build(null, null);
            binary = p.binary(device);
        }
        assertThat(binary).isNotEmpty();
        try (ClProgram p = ClProgram.createWithBinary(ctx, device, binary)) {
            p.build(List.of(device), null);
            runVectorAdd(p, 77);
        }
    }

    /**
     * A driver may reject a bad binary when the program is created (PoCL) or only when it is built (NVIDIA, whose
     * binaries are PTX text): either way a ClException names the call and the status.
     */
    @Test
    void garbageBinaryIsRejected() {
        assertThatThrownBy(() -> {
            try (ClProgram p = ClProgram.createWithBinary(ctx, device, new byte[] {1, 2, 3, 4, 5, 6, 7, 8})) {
                p.build(List.of(device), null);
            }
        }).isInstanceOf(ClException.class).message().containsAnyOf(
                "clCreateProgramWithBinary failed: CL_INVALID_BINARY (-42)",
                "clBuildProgram failed: CL_INVALID_BINARY (-42)",
                "clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)");
    }

    @Test
    void clonedKernelRunsAndReportsWorkGroupSizes() {
        try (ClProgram p = ClProgram.createWithSource(ctx, VECTOR_ADD)) {
            p.build(null, null);
            try (ClKernel k = ClKernel.create(p, "vadd"); ClKernel c = k.cloneKernel()) {
                assertThat(c.name()).isEqualTo("vadd");
                assertThat(k.workGroupSize(device)).isPositive();
                assertThat(k.preferredWorkGroupSizeMultiple(device)).isPositive();
            }
        }
    }

    private void runVectorAdd(ClProgram p, int n) {
        long bytes = 4L * n;
        try (Arena arena = Arena.ofConfined();
             ClKernel k = ClKernel.create(p, "vadd");
             ClMem a = ClMem.createBuffer(ctx, ClMemFlags.READ_ONLY, bytes, MemorySegment.NULL);
             ClMem b = ClMem.createBuffer(ctx, ClMemFlags.READ_ONLY, bytes, MemorySegment.NULL);
             ClMem c = ClMem.createBuffer(ctx, ClMemFlags.WRITE_ONLY, bytes, MemorySegment.NULL)) {
            MemorySegment ha = arena.allocate(JAVA_FLOAT, n);
            MemorySegment hb = arena.allocate(JAVA_FLOAT, n);
            MemorySegment hc = arena.allocate(JAVA_FLOAT, n);
            for (int i = 0; i < n; i++) {
                ha.setAtIndex(JAVA_FLOAT, i, i * 0.5f);
                hb.setAtIndex(JAVA_FLOAT, i, 1000 - i);
            }
            try (ClEvent wa = queue.enqueueWriteBuffer(a, false, 0, ha, bytes, null);
                 ClEvent wb = queue.enqueueWriteBuffer(b, false, 0, hb, bytes, List.of())) {
                k.setArg(0, a);
                k.setArg(1, b);
                k.setArg(2, c);
                k.setArgInt(3, n);
                long global = (n + 63) / 64 * 64;
                try (ClEvent run = queue.enqueueNDRangeKernel(k, 1, null, new long[] {global}, null, List.of(wa, wb));
                     ClEvent read = queue.enqueueReadBuffer(c, true, 0, hc, bytes, List.of(run))) {
                    read.await();
                    assertThat(run.executionStatus()).isZero();
                    assertThat(run.profileEnd()).isGreaterThanOrEqualTo(run.profileStart());
                }
            }
            for (int i = 0; i < n; i++) {
                assertThat(hc.getAtIndex(JAVA_FLOAT, i)).as("c[%d]", i).isEqualTo(i * 0.5f + (1000 - i));
            }
        }
    }
}
