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
        Files.write(entry, "JSYCLBIN then garbage".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        CliRun run = CliRun.of("cache", "--dir", dir.toString(), "verify");
        assertThat(run.status()).as(run.out() + run.err()).isEqualTo(Main.FAILURE);
        assertThat(run.out()).contains("bad: " + entry);
    }

    @Test
    void aFolderOfOtherFilesIsRefusedAndLeftAsItWas() throws Exception {
        Path disk = Files.write(dir.resolve("vm-disk.bin"), new byte[] {4, 5, 6});
        Path index = Files.writeString(dir.resolve("index"), "mine");
        for (String command : new String[] {"stats", "list", "verify", "clear"}) {
            CliRun run = CliRun.of("cache", "--dir", dir.toString(), command);
            assertThat(run.status()).as(command).isEqualTo(Main.FAILURE);
            assertThat(run.err()).contains("refusing to " + command, "is not a jsycl cache", "vm-disk.bin");
        }
        assertThat(Files.readAllBytes(disk)).containsExactly(4, 5, 6);
        assertThat(Files.readString(index)).isEqualTo("mine");
    }

    @Test
    void unknownSubcommandIsAUsageError() {
        CliRun run = CliRun.of("cache", "--dir", dir.toString(), "explode");
        assertThat(run.status()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("unknown command 'explode'");
    }
}
