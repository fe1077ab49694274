package io.jsycl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
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
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var builder = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "run", "VectorAdd", "1000"))
                .redirectErrorStream(true).redirectOutput(new File("target/run-vectoradd.txt"));
        builder.environment().put("JSYCL_DEVICE", "host");
        var process = builder.start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String output = Files.readString(Path.of("target/run-vectoradd.txt"));
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("vector add of 1000 floats");
    }
}
