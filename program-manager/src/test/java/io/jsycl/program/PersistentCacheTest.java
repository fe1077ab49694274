package io.jsycl.program;

import static io.jsycl.program.CacheEntries.binary;
import static io.jsycl.program.CacheEntries.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PersistentCacheTest {
    @TempDir
    Path tmp;

    private PersistentCache open(Path dir, long maxSize) {
        PersistentCache cache = PersistentCache.open(dir, maxSize, true);
        assertThat(cache).isNotNull();
        return cache;
    }

    @Test
    void storedBinaryIsLoadedByAnotherInstanceOnTheSameFolder() {
        Path dir = tmp.resolve("cache");
        open(dir, 0).store(key("a"), binary(100, 1));
        assertThat(open(dir, 0).load(key("a"))).isEqualTo(binary(100, 1));
        assertThat(open(dir, 0).load(key("b"))).isNull();
    }

    @Test
    void aClearLeavesARunningWritersTempFileAndDeletesADeadOnes() throws Exception {
        Path dir = tmp.resolve("cache");
        PersistentCache cache = open(dir, 0);
        cache.store(key("a"), binary(100, 1));
        // A process writing its marker or an entry beside the clear: its temp file is its own to rename.
        Path running = dir.resolve("entry-" + ProcessHandle.current().pid() + "-1a2b-1.tmp");
        Files.writeString(running, "being written");
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        Path left = dir.resolve("entry-" + dead.pid() + "-3c4d-2.tmp");
        Files.writeString(left, "left by a killed writer");
        assertThat(cache.clear()).isEqualTo(1);
        assertThat(running).exists();
        assertThat(left).doesNotExist();
        assertThat(cache.load(key("a"))).isNull();
    }

    @Test
    void createdFolderIsOwnerOnly() throws IOException {
        Path dir = tmp.resolve("new/cache");
        open(dir, 0);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
    }

    @Test
    void folderWritableByOthersIsRefused() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("shared"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThat(PersistentCache.open(dir, 0, true)).isNull();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwx---"));
        assertThat(PersistentCache.open(dir, 0, true)).isNull();
    }

    @Test
    void folderOwnedByAnotherUserIsRefused() throws IOException {
        Path dir = tmp.resolve("theirs");
        Files.createDirectory(dir, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        java.nio.file.attribute.UserPrincipal nobody;
        try {
            nobody = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.setOwner(dir, nobody);
        } catch (IOException | UnsupportedOperationException e) {
            assumeTrue(false, "cannot give a folder to user nobody (needs root): " + e);
            return;
        }
        assertThat(PersistentCache.open(dir, 0, true)).isNull();
        assertThat(DiskCache.open("lowered", new CacheConfig(true, dir, 0, 1, false))).isNull();
    }

    @Test
    void folderThatIsAFileIsRefused() throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertThat(PersistentCache.open(file, 0, true)).isNull();
    }

    private Path entry(PersistentCache cache, String source) {
        return cache.directory().resolve(key(source).fileName());
    }

    @Test
    void truncatedEntryIsAMissAndDeletedIfItStillStartsWithTheMagic() throws IOException {
        PersistentCache cache = open(tmp, 0);
        cache.store(key("a"), binary(100, 1));
        Path file = entry(cache, "a");
        byte[] data = Files.readAllBytes(file);
        for (int length : new int[] {8, 20, data.length - 1}) {
            Files.write(file, Arrays.copyOf(data, length));
            assertThat(cache.load(key("a"))).as("truncated to %d", length).isNull();
            assertThat(file).doesNotExist();
        }
        for (int length : new int[] {0, 5}) {
            Files.write(file, Arrays.copyOf(data, length));
            assertThat(cache.load(key("a"))).as("truncated to %d", length).isNull();
            assertThat(file).as("not recognisably an entry: left alone").exists();
        }
    }

    @Test
    void garbageAndFlippedBytesAreAMiss() throws IOException {
        PersistentCache cache = open(tmp, 0);
        cache.store(key("a"), binary(100, 1));
        Path file = entry(cache, "a");
        byte[] data = Files.readAllBytes(file);
        data[data.length - 40] ^= 1; // inside the binary: only the checksum notices
        Files.write(file, data);
        assertThat(cache.load(key("a"))).isNull();
        Files.write(file, "garbage garbage garbage garbage garbage garbage garbage".getBytes(StandardCharsets.UTF_8));
        assertThat(cache.load(key("a"))).isNull();
    }

    @Test
    void entryHoldingAnotherKeyIsAMiss() throws IOException {
        PersistentCache cache = open(tmp, 0);
        cache.store(key("b"), binary(100, 2));
        Files.move(entry(cache, "b"), entry(cache, "a")); // as if b's key hashed to a's name
        assertThat(cache.load(key("a"))).isNull();
    }

    @Test
    void entryOfAnotherFormatVersionIsAMiss() throws IOException {
        PersistentCache cache = open(tmp, 0);
        cache.store(key("a"), binary(100, 1));
        Path file = entry(cache, "a");
        byte[] data = Files.readAllBytes(file);
        data[11] = (byte) (PersistentCacheKey.FORMAT_VERSION + 1); // big-endian int after the 8-byte magic
        Files.write(file, data);
        assertThat(cache.load(key("a"))).isNull();
    }

    @Test
    void unwritableEntryIsSkippedWithoutError() throws IOException {
        PersistentCache cache = open(tmp, 0);
        Path blocker = entry(cache, "a");
        Files.createDirectories(blocker.resolve("child")); // a non-empty folder where the entry goes
        cache.store(key("a"), binary(100, 1)); // no exception
        assertThat(cache.load(key("a"))).isNull();
        cache.store(key("b"), binary(100, 2));
        assertThat(cache.load(key("b"))).isEqualTo(binary(100, 2));
        try (var files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void readOnlyFolderIsAMissNotAnError() throws IOException {
        PersistentCache cache = open(tmp, 0);
        cache.store(key("a"), binary(100, 1));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("r-x------"));
        try {
            assumeTrue(!Files.isWritable(tmp), "running as root: permissions are not enforced");
            cache.store(key("b"), binary(100, 2)); // no exception
            assertThat(cache.load(key("b"))).isNull();
            assertThat(cache.load(key("a"))).isEqualTo(binary(100, 1));
        } finally {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void pastTheSizeLimitLeastRecentlyUsedEntriesAreEvictedToTwoThirds() throws IOException {
        byte[] one = PersistentCache.encode(key("e0").text(), binary(1000, 0));
        long limit = one.length * 4L + 10; // room for four entries
        PersistentCache cache = open(tmp, limit);
        for (int i = 0; i < 4; i++) {
            cache.store(key("e" + i), binary(1000, i));
            Files.setLastModifiedTime(entry(cache, "e" + i), FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        assertThat(cache.load(key("e0"))).isNotNull(); // a hit: e0 is now the most recently used
        cache.store(key("e4"), binary(1000, 4));
        assertThat(cache.scannedSize()).isLessThanOrEqualTo(limit * 2 / 3 + one.length);
        assertThat(entry(cache, "e0")).exists();
        assertThat(entry(cache, "e4")).exists();
        assertThat(entry(cache, "e1")).doesNotExist();
        assertThat(entry(cache, "e2")).doesNotExist();
        assertThat(cache.indexedSize()).isEqualTo(cache.scannedSize());
    }

    @Test
    void entryBiggerThanTheLimitIsNotStored() {
        PersistentCache cache = open(tmp, 500);
        cache.store(key("big"), binary(1000, 1));
        assertThat(cache.load(key("big"))).isNull();
        assertThat(cache.scannedSize()).isZero();
    }

    @Test
    void indexTracksTheTotalSize() throws IOException {
        PersistentCache cache = open(tmp, 0);
        cache.store(key("a"), binary(100, 1));
        cache.store(key("b"), binary(200, 2));
        cache.store(key("a"), binary(300, 3)); // replaces a
        assertThat(cache.indexedSize()).isEqualTo(cache.scannedSize());
        cache.remove(key("b"));
        assertThat(cache.indexedSize()).isEqualTo(cache.scannedSize());
    }
}
