package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.opencl.ClPlatform;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The persistent cache shared by real JVMs ({@link CacheChild}) started at once on one folder. */
class MultiProcessCacheTest {
    @TempDir
    Path dir;

    private static Process start(Map<String, String> env, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                CacheChild.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        return pb.start();
    }

    private static String finish(Process p) throws Exception {
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("child finished").isTrue();
        assertThat(p.exitValue()).as("child exit status; output:%n%s", out).isZero();
        assertThat(out).contains("OK");
        return out;
    }

    private List<Path> files(String glob) throws IOException {
        List<Path> result = new ArrayList<>();
        try (var stream = Files.newDirectoryStream(dir, glob)) {
            stream.forEach(result::add);
        }
        return result;
    }

    private static boolean hasOpenCl() {
        return ClPlatform.all().stream().anyMatch(p -> !p.devices().isEmpty());
    }

    @Test
    void fourJvmsBuildingOneProgramAtOnceLeaveExactlyOneEntry() throws Exception {
        assumeTrue(hasOpenCl() || System.getenv("CI") != null, "no OpenCL device");
        List<Process> children = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            children.add(start(Map.of(), "pocl", dir.toString()));
        }
        for (Process p : children) {
            finish(p);
        }
        assertThat(files("*.bin")).hasSize(1);
        assertThat(files("*.tmp")).isEmpty();
        PersistentCache cache = PersistentCache.open(dir, 0, false);
        assertThat(cache.inspect()).allSatisfy(e -> assertThat(e.problem()).isNull());
        assertThat(cache.indexedSize()).isEqualTo(cache.scannedSize());
    }

    @Test
    void eightJvmsWritingThirtyProgramsEachHoldTheSizeLimit() throws Exception {
        long limit = 20_000;
        List<Process> children = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            children.add(start(Map.of(), "fake", dir.toString(), Long.toString(limit), "30"));
        }
        for (Process p : children) {
            finish(p);
        }
        PersistentCache cache = PersistentCache.open(dir, limit, false);
        assertThat(cache.inspect()).isNotEmpty().allSatisfy(e -> assertThat(e.problem()).isNull());
        assertThat(cache.indexedSize()).as("index total").isEqualTo(cache.scannedSize());
        assertThat(cache.scannedSize()).isLessThanOrEqualTo(limit);
        assertThat(files("*.tmp")).isEmpty();
    }

    @Test
    void aJvmKilledWhileWritingLeavesNoPartialEntryAndNoStuckLock() throws Exception {
        Process writer = start(Map.of(), "writer", dir.toString());
        var lines = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = lines.readLine()) != null && !line.equals("stored 5")) {
            // wait until it has written a few entries and is in the middle of the next
        }
        assertThat(line).as("the writer's progress").isEqualTo("stored 5");
        long pid = writer.pid();
        writer.destroyForcibly();
        assertThat(writer.waitFor(20, TimeUnit.SECONDS)).isTrue();
        // What a kill between write and rename leaves, whether or not this kill did.
        Files.write(dir.resolve(PersistentCache.TEMP_PREFIX + pid + "-abc123-1" + PersistentCache.TEMP_SUFFIX),
                new byte[1000]);

        assertThat(PersistentCache.open(dir, 0, false).inspect())
                .as("every entry is whole").hasSizeGreaterThanOrEqualTo(6)
                .allSatisfy(e -> assertThat(e.problem()).isNull());
        int before = files("*.bin").size();

        finish(start(Map.of(), "fake", dir.toString(), "0", "2")); // a new process can lock and write
        assertThat(files("*.bin")).hasSize(before + 2);
        assertThat(files("*.tmp")).as("stale temp files removed").isEmpty();
    }

    @Test
    void twoDevicesOfOneContextKeepSeparateEntries() throws Exception {
        boolean pocl = ClPlatform.all().stream().anyMatch(p -> p.name().contains("Portable Computing Language"));
        assumeTrue(pocl, "needs PoCL: POCL_DEVICES='pthread pthread' gives it two devices");
        String out = finish(start(Map.of("POCL_DEVICES", "pthread pthread"), "twodevices", dir.toString()));
        assertThat(out).contains("misses=2", "evictions=0");
        try (Stream<Path> entries = Files.list(dir).filter(p -> p.toString().endsWith(".bin"))) {
            // Identical devices have identical binary keys: one entry serves both.
            assertThat(entries.count()).isBetween(1L, 2L);
        }
    }
}
