package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.GroupOp;
import io.jsycl.WideAccess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SubGroupAlgorithmsTest {
    @Test
    void subGroupOperationsShareOneShufflePrimitive() {
        var in = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        var flags = Faces.accessor(WideAccess.OfLong.class, 1, "WRITE");
        LoweredKernel k = Lambdas.lowerNd(1, it -> {
            int g = it.globalId(0);
            float x = in.get(g);
            out.set(g, it.reduceOverSubGroup(x, GroupOp.SUM) + it.exclusiveScanOverSubGroup(x, GroupOp.MAX)
                    + it.shuffleDown(x, 1) + it.subGroupBroadcast(x, 0));
            flags.set(g, it.inclusiveScanOverSubGroup((long) g, GroupOp.XOR) + it.shuffleXor((long) g, 3)
                    + (it.anyOfSubGroup(x > 0) ? 1 : 0) + it.subGroupLocalId() + it.subGroupId() + it.subGroupSize()
                    + it.subGroupMaxSize() + it.subGroupCount());
        });
        assertThat(k.source()).contains("#ifdef JSYCL_NVIDIA_PTX", "shfl.sync.idx.b32 %0, %1, %2, 31, %3;")
                .doesNotContain("for (int");
        Golden.check("subGroups", k);
    }

    /** The PTX path compiles for NVIDIA's target where clang has it (the OpenCL path is checked by Golden). */
    @Test
    void thePtxPathCompilesToWarpShuffles() throws IOException, InterruptedException {
        String clang = Lambdas.clang();
        org.junit.jupiter.api.Assumptions.assumeTrue(clang != null, "no clang");
        var out = Faces.accessor(WideAccess.OfDouble.class, 1, "WRITE");
        LoweredKernel k = Lambdas.lowerNd(1, it -> out.set(it.globalId(0),
                it.reduceOverSubGroup((double) it.globalId(0), GroupOp.MIN) + it.shuffle(1.5, 2)));
        Path file = Files.createTempFile("jsycl", ".cl");
        try {
            Files.writeString(file, k.source());
            // -fgnu-keywords: NVIDIA's OpenCL compiler takes GNU's asm keyword, clang's OpenCL mode only with it.
            Process p = new ProcessBuilder(clang, "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header",
                    "-fgnu-keywords", "-target", "nvptx64-nvidia-nvcl", "-DJSYCL_NVIDIA_PTX", "-O2", "-S", "-o", "-",
                    file.toString())
                    .redirectErrorStream(true).start();
            String ptx = new String(p.getInputStream().readAllBytes());
            p.waitFor(60, TimeUnit.SECONDS);
            org.junit.jupiter.api.Assumptions.assumeFalse(ptx.contains("unknown target"), "clang lacks NVPTX");
            assertThat(p.exitValue()).as(ptx).isZero();
            assertThat(ptx).contains("shfl.sync.idx.b32").doesNotContain("bar.sync");
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void aBitwiseOperationOverDoublesIsRejectedWithWhereAndWhy() {
        var out = Faces.accessor(WideAccess.OfDouble.class, 1, "WRITE");
        assertThatThrownBy(() -> Lambdas.lowerNd(1, it -> out.set(0, it.reduceOverSubGroup(1.0, GroupOp.XOR))))
                .isInstanceOf(LoweringException.class).hasMessageContaining("GroupOp.XOR over double values")
                .hasMessageContaining("SubGroupAlgorithmsTest.java").hasMessageContaining("for int and long");
    }
}
