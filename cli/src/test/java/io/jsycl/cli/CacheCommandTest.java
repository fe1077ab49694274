package io.jsycl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacheCommandTest {
    @TempDir
    Path dir;

    @Test
    void statsOfAnEmptyFolder() {
        CliRun run = CliRun.of("cache", "--dir", dir.toString(), "stats");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("entries");
    }

    @Test
    void verifyAndClearSucceedOnAnEmptyFolder() {
        assertThat(CliRun.of("cache", "--dir", dir.toString(), "verify").status()).isZero();
        assertThat(CliRun.of("cache", "--dir", dir.toString(), "clear").status()).isZero();
    }

    @Test
    void verifyReportsABadEntryWithStatusOne() throws Exception {
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        Path entry = dir.resolve("0000000000000000000000000000000000000000000000000000000000000000.bin");
        Files.write(entry, new byte[] {1, 2, 3});
        CliRun run = CliRun.of("cache", "--dir", dir.toString(), "verify");
        assertThat(run.status()).as(run.out() + run.err()).isEqualTo(Main.FAILURE);
    }

    @Test
    void unknownSubcommandIsAUsageError() {
        CliRun run = CliRun.of("cache", "--dir", dir.toString(), "explode");
        assertThat(run.status()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("unknown command 'explode'");
    }
}
