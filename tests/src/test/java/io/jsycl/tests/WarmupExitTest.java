package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that ends while the submit-path warm-up runs (a sample of a few milliseconds, the warm-up forced on and
 * given more submits than it can make): the JVM's exit stops the warm-up after its current submit and lets it close
 * what it made before the driver's exit handlers run; in real processes, several times over, each ending with status
 * 0 and no crash report. The warm-up's log (DEBUG) is in the output for a failure's message.
 */
class WarmupExitTest {
    @Test
    void aShortProgramEndsCleanlyWhileTheWarmupRuns(@TempDir Path dir) throws IOException, InterruptedException {
        TestDevices.firstOpenCl();
        Path logging = dir.resolve("logging.properties");
        Files.writeString(logging, """
                handlers=java.util.logging.ConsoleHandler
                java.util.logging.ConsoleHandler.level=FINE
                io.jsycl.warmup.level=FINE
                """);
        String java = ProcessHandle.current().info().command().orElse("java");
        for (int run = 0; run < 3; run++) {
            var process = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                    "-Djsycl.warmup=on", "-Djsycl.warmupSubmits=1000000", "-Djsycl.cache.dir=" + dir.resolve("cache"),
                    "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-Djava.util.logging.config.file=" + logging,
                    "-cp", System.getProperty("java.class.path"), "io.jsycl.samples.VectorAdd", "1024"))
                    .redirectErrorStream(true)
                    .start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("ended").isTrue();
            assertThat(process.exitValue()).as(output).isZero();
            assertThat(output).contains("result: matches Java");
            try (var files = Files.list(dir)) {
                assertThat(files.filter(f -> f.getFileName().toString().startsWith("hs_err"))).as("no JVM crash")
                        .isEmpty();
            }
        }
    }
}
