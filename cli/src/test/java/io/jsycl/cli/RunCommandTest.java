package io.jsycl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RunCommandTest {
    @Test
    void listsTheSamplesWhenNoneIsGiven() {
        CliRun run = CliRun.of("run");
        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("VectorAdd", "Saxpy").doesNotContain("SampleReport");
    }

    @Test
    void unknownSampleIsAUsageErrorNamingTheSamples() {
        CliRun run = CliRun.of("run", "NoSuchSample");
        assertThat(run.status()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("no sample 'NoSuchSample'", "VectorAdd");
    }

    /** Samples exit the JVM with their verdict, so this one runs in its own process. */
    @Test
    void runsVectorAddOnTheHostDevice() throws Exception {
        String output = runInOwnProcess("host", List.of(), "VectorAdd", "1000");
        assertThat(output).contains("vector add of 1000 floats").doesNotContain("step");
    }

    /**
     * A real run on OpenCL (PoCL in CI): the steps are counted from the device's events. Quarters
     * passed between two looks print one line (the unit test covers each quarter).
     */
    @Test
    void stencilReportsItsStepsInPlainLinesWhenStandardErrorIsNotATerminal() throws Exception {
        String output = runInOwnProcess("cpu", List.of(), "Stencil", "target/run-stencil.png", "24", "8");
        assertThat(output).contains("heat diffusion: step 8/8 (100%)", "result: matches Java").doesNotContain("\r");
        assertThat(output.indexOf("step 8/8")).isLessThan(output.indexOf("heat diffusion 24x24, 8 steps"));
    }

    @Test
    void nBodyRewritesOneLineOnATerminalAndEndsItBeforeItsResults() throws Exception {
        String output = runInOwnProcess("host", List.of("-Djsycl.cli.stderrIsTerminal=true"), "NBody",
                "target/run-nbody.png", "64", "3");
        assertThat(output).contains("\rn-body: step 3/3 (100%)", "result: matches Java");
        String progress = output.substring(output.indexOf('\r'), output.indexOf("n-body, 64 bodies"));
        assertThat(progress.split("\n")).as(progress).hasSize(1); // one line, ended before the results
    }

    @Test
    void quietShowsNoProgress() throws Exception {
        String output = runInOwnProcess("host", List.of("-Djsycl.cli.stderrIsTerminal=true"), "--quiet", "Stencil",
                "target/run-stencil-quiet.png", "16", "4");
        assertThat(output).contains("result: matches Java").doesNotContain("step 4/4");
    }

    @Test
    void profileReportsTheKernelsAndTheMemoryPoolsAtExit() throws Exception {
        String device = System.getenv("CI") != null ? "cpu" : "host";
        String output = runInOwnProcess(device, List.of(), "--quiet", "--profile", "Saxpy");
        assertThat(output).contains("result: matches Java", "jsycl profile", "bytes moved between host and devices");
        if (device.equals("cpu")) {
            assertThat(output).contains("memory pools of Context[").containsPattern("device: \\d+ allocations");
        }
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        CliRun run = CliRun.of("run", "--fast", "Stencil");
        assertThat(run.status()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("unknown option '--fast'", "jsycl run --help");
    }

    /** Runs {@code jsycl run ARGS} in a new JVM on {@code device}; returns its standard output and error. */
    private static String runInOwnProcess(String device, List<String> jvmOptions, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "run"));
        command.addAll(List.of(args));
        Path log = Path.of("target", "run-" + String.join("-", args).replaceAll("[^A-Za-z0-9.-]", "_") + ".txt");
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("JSYCL_DEVICE", device);
        var process = builder.start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String output = Files.readString(log);
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
