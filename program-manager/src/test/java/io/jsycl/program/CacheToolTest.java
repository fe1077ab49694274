package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacheToolTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        err.reset();
        String[] all = new String[args.length + 2];
        all[0] = "--dir";
        all[1] = dir.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return CacheTool.run(all, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private void fill() {
        PersistentCache cache = PersistentCache.open(dir, 0, false);
        DeviceDescription device = new DeviceDescription("pthread-cpu", "OpenCL 3.0 PoCL", "6.0", "Portable CL",
                "OpenCL 3.0 PoCL");
        cache.store(new PersistentCacheKey("kernel void a() {}", "-O2", new TreeMap<>(), device), new byte[100]);
        cache.store(new PersistentCacheKey("kernel void b() {}", "", new TreeMap<>(), device), new byte[50]);
        DiskCache lowered = DiskCache.open("lowered", new CacheConfig(true, dir, 0, 1, false));
        lowered.put("implClass=8:pkg/Main\nimplMethod=8:lambda$0\nshape=4:ITEM\n", new byte[10]);
    }

    @Test
    void statsShowsFolderEntriesSizeAndLimit() {
        fill();
        assertThat(run("stats")).isZero();
        assertThat(out()).contains("folder      " + dir.toAbsolutePath().normalize())
                .contains("entries     3 (binaries 2, lowered kernels 1)")
                .containsPattern("total size  \\d+ bytes")
                .contains("limit");
    }

    @Test
    void listShowsEachEntrysDeviceOptionsSizeAndLastUse() {
        fill();
        assertThat(run("list")).isZero();
        assertThat(out().lines()).hasSize(3);
        assertThat(out()).contains("device 'pthread-cpu' (driver 6.0, Portable CL)  options '-O2'")
                .contains("options ''").contains("lowered Main.lambda$0 ITEM").contains("last use 20");
    }

    @Test
    void verifyReportsBadEntriesAndExitsOne() throws Exception {
        fill();
        assertThat(run("verify")).isZero();
        assertThat(out()).contains("3 entries checked, 0 bad");
        Path victim;
        try (Stream<Path> files = Files.list(dir)) {
            victim = files.filter(p -> p.toString().endsWith(".bin")).findFirst().orElseThrow();
        }
        byte[] data = Files.readAllBytes(victim);
        data[data.length - 1] ^= 1;
        Files.write(victim, data);
        assertThat(run("verify")).isEqualTo(CacheTool.BAD);
        assertThat(out()).contains("bad: " + victim + ": checksum mismatch").contains("3 entries checked, 1 bad");
    }

    @Test
    void clearDeletesEveryEntry() {
        fill();
        assertThat(run("clear")).isZero();
        assertThat(out()).contains("cleared 3 entries");
        assertThat(run("stats")).isZero();
        assertThat(out()).contains("entries     0").contains("total size  0 bytes");
        assertThat(PersistentCache.open(dir, 0, false).indexedSize()).isZero();
    }

    @Test
    void helpAndUsageErrors() {
        assertThat(run("--help")).isZero();
        assertThat(out()).contains("usage: jsycl-cache");
        assertThat(run()).isEqualTo(CacheTool.USAGE);
        assertThat(err()).startsWith("jsycl-cache: no command").hasLineCount(1);
        assertThat(run("frobnicate")).isEqualTo(CacheTool.USAGE);
        assertThat(err()).contains("unknown command 'frobnicate'").hasLineCount(1);
        assertThat(run("--bogus", "stats")).isEqualTo(CacheTool.USAGE);
        assertThat(err()).contains("unknown option '--bogus'").hasLineCount(1);
        assertThat(run("stats", "list")).isEqualTo(CacheTool.USAGE);
    }

    @Test
    void anEmptyOrMissingFolderHasNoEntries() {
        assertThat(run("--dir", dir.resolve("none").toString(), "stats")).isZero();
        assertThat(out()).contains("entries     0");
        assertThat(dir.resolve("none")).doesNotExist();
    }

    @Test
    void everyCommandRefusesAFolderThatIsNotAJsyclCacheAndChangesNothing() throws Exception {
        Files.write(dir.resolve("vm-disk.bin"), new byte[4096]);
        Files.writeString(dir.resolve("index"), "not jsycl's");
        Files.writeString(dir.resolve("entry-1-x.tmp"), "a draft");
        Files.createDirectories(dir.resolve("lowered"));
        Files.write(dir.resolve("lowered").resolve("a".repeat(64) + ".bin"), new byte[] {1, 2, 3});
        var before = CacheFolderTest.snapshot(dir);
        for (String command : new String[] {"stats", "list", "verify", "clear"}) {
            assertThat(run(command)).as(command).isEqualTo(CacheTool.BAD);
            assertThat(err()).as(command).startsWith("jsycl-cache: refusing to " + command + ", nothing was changed")
                    .contains("is not a jsycl cache", "'", "JSYCL_CACHE_DIR").hasLineCount(1);
            assertThat(CacheFolderTest.snapshot(dir)).as(command).isEqualTo(before);
        }
    }

    @Test
    void aForeignLoweredSubfolderIsRefusedToo() throws Exception {
        fill();
        Files.writeString(dir.resolve("lowered").resolve(CacheFolder.MARKER), "Signature: 8a477f597d28d172789f06886806bc55\n");
        var before = CacheFolderTest.snapshot(dir);
        assertThat(run("clear")).isEqualTo(CacheTool.BAD);
        assertThat(err()).contains("lowered", "did not write");
        assertThat(CacheFolderTest.snapshot(dir)).isEqualTo(before);
    }

    @Test
    void statsAndVerifyOfAnEmptyUnmarkedFolderWriteNothing() {
        assertThat(run("stats")).isZero();
        assertThat(run("verify")).isZero();
        assertThat(dir.resolve(CacheFolder.MARKER)).doesNotExist();
    }
}
