package io.jsycl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelsCommandTest {
    private static Path samples() throws Exception {
        return Path.of(io.jsycl.samples.VectorAdd.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Path testClasses() throws Exception {
        return Path.of(KernelsCommandTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void lowersEveryKernelOfTheSamples() throws Exception {
        CliRun run = CliRun.of("kernels", samples().toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("__kernel void", "VectorAdd", "Saxpy", "0 failed");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void readOnlyAccessorsAreLoweredConst() throws Exception {
        CliRun run = CliRun.of("kernels", "io.jsycl.samples.VectorAdd");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("__global const float*").contains("1 kernel lowered");
    }

    @Test
    void savesSourcesWithOut(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of("kernels", "--out", out.toString(), samples().toString());
        assertThat(run.status()).as(run.err()).isZero();
        try (var files = Files.list(out)) {
            var sources = files.toList();
            assertThat(sources).isNotEmpty().allMatch(f -> f.toString().endsWith(".cl"));
            assertThat(Files.readString(sources.get(0))).contains("__kernel void");
        }
    }

    @Test
    void infersTwoDimensionsRecordsAndTasks() {
        CliRun run = CliRun.of("kernels", Kernels.Good.class.getName());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("ItemKernel, 2-D", "TaskKernel", "NdItemKernel", "ReductionKernel",
                "assumed: reduction assumed to be Reduction.sum", "4 kernels lowered, 0 failed");
    }

    @Test
    void kernelsOfTwoReductionsAndOfAnNdRangeReductionAreLowered() {
        CliRun run = CliRun.of("kernels", Kernels.SeveralReductions.class.getName());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("ReductionKernel2", "assumed: reductions assumed to be Reduction.sum",
                "__global int* jsycl_out", "__global long* jsycl_out1", "NdReductionKernel",
                "__global float* jsycl_out", "2 kernels lowered, 0 failed");
    }

    @Test
    void anAccessorOfRecordsIsInferredFromTheKernelAndTheLambdasLineReported() {
        CliRun run = CliRun.of("kernels", Kernels.Records.class.getName());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("(Kernels.java:" + Kernels.Records.NORMS_LINE + "): ItemKernel, 1-D")
                .contains("record io.jsycl.cli.Kernels$Pair as a struct").contains("1 kernel lowered, 0 failed");
    }

    @Test
    void loweringErrorsExitWithOneAndTheMessage() {
        CliRun run = CliRun.of("kernels", Kernels.Bad.class.getName());
        assertThat(run.status()).isEqualTo(Main.FAILURE);
        assertThat(run.err()).contains("allocates memory whose size is not a compile-time constant", "Kernels.java");
        assertThat(run.err()).contains("skipped").contains("java.lang.StringBuilder");
        assertThat(run.out()).contains("1 failed, 1 skipped");
    }

    @Test
    void aCapturedFunctionObjectIsSkippedSayingWhy() {
        CliRun run = CliRun.of("kernels", Kernels.FunctionObjects.class.getName());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).contains("skipped", "a function object (FloatPredicate)", "known only when the program runs");
        assertThat(run.out()).contains("0 kernels lowered, 0 failed, 1 skipped");
    }

    @Test
    void readsAFolderOfClasses() throws Exception {
        CliRun run = CliRun.of("kernels", "--quiet", testClasses().toString());
        assertThat(run.status()).isEqualTo(Main.FAILURE);
        assertThat(run.out()).contains("7 kernels lowered, 1 failed, 2 skipped");
    }

    @Test
    void missingInputIsAFailure() {
        CliRun run = CliRun.of("kernels", "no.such.Clazz");
        assertThat(run.status()).isEqualTo(Main.FAILURE);
        assertThat(run.err()).contains("cannot read no.such.Clazz");
    }

    @Test
    void noInputIsAUsageError() {
        assertThat(CliRun.of("kernels").status()).isEqualTo(Main.USAGE);
        assertThat(CliRun.of("kernels", "--out").status()).isEqualTo(Main.USAGE);
        assertThat(CliRun.of("kernels", "--bogus", "x").status()).isEqualTo(Main.USAGE);
    }
}
