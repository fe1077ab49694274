package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code JSYCL_PROFILE=1} logs, at exit, each kernel's launches and device time, where it is in the source, and the
 * bytes moved.
 */
class ProfileReportTest {
    @Test
    void aProfiledRunLogsItsKernelTableAtExit() throws IOException, InterruptedException {
        TestDevices.firstOpenCl();
        String java = ProcessHandle.current().info().command().orElse("java");
        var process = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-Djsycl.cache.persistent=0", "-cp", System.getProperty("java.class.path"),
                "io.jsycl.samples.VectorAdd", "4096"))
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(output).doesNotContain("jsycl profile");

        var profiled = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-Djsycl.cache.persistent=0", "-Djsycl.profile=1", "-cp", System.getProperty("java.class.path"),
                "io.jsycl.samples.VectorAdd", "4096"))
                .redirectErrorStream(true)
                .start();
        profiled.getOutputStream().close();
        String report = new String(profiled.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(profiled.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(report).contains("result: matches Java").contains("jsycl profile")
                .containsPattern("io_jsycl_samples_VectorAdd__lambda_add\\S*\\s+2\\s")
                .containsPattern("VectorAdd\\.lambda\\$add\\S* \\(VectorAdd\\.java:\\d+\\)")
                .contains("bytes moved between host and devices: " + (4096 * 4 * 3 * 2));
    }
}
