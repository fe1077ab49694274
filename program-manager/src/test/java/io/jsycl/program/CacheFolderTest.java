package io.jsycl.program;

import static io.jsycl.program.CacheEntries.binary;
import static io.jsycl.program.CacheEntries.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A cache owns its folder ({@link CacheFolder}) and touches only its own regular files there. */
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CacheFolderTest {
    @TempDir
    Path tmp;

    private Path ownerOnly(String name) throws IOException {
        return Files.createDirectory(tmp.resolve(name),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /** Every file under {@code dir} (links not followed) with the hash of its bytes, or its link target. */
    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> result = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String name = dir.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    result.put(name, "link to " + Files.readSymbolicLink(p));
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    result.put(name, Sha256.hex(Files.readAllBytes(p)));
                } else {
                    result.put(name, "folder or special");
                }
            }
        }
        return result;
    }

    private static void mkfifo(Path p) throws Exception {
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo on this machine: " + e);
            return;
        }
        assertThat(mk.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(mk.exitValue()).as("mkfifo status").isZero();
    }

    private Path foreignFolder() throws IOException {
        Path dir = ownerOnly("user");
        Files.write(dir.resolve("vm-disk.bin"), binary(5000, 7));
        Files.writeString(dir.resolve("index"), "my own index, not jsycl's");
        Files.writeString(dir.resolve("entry-1-x.tmp"), "a draft");
        Files.createDirectories(dir.resolve(".git/objects"));
        Files.writeString(dir.resolve(".git/index"), "git index");
        Files.createDirectories(dir.resolve("lowered"));
        Files.write(dir.resolve("lowered/photo.bin"), binary(300, 3));
        return dir;
    }

    @Test
    void aFolderHoldingOtherFilesIsNotUsedAndNothingInItChanges() throws IOException {
        Path dir = foreignFolder();
        Map<String, String> before = snapshot(dir);
        assertThat(PersistentCache.open(dir, 100, true)).as("a foreign folder").isNull();
        assertThat(DiskCache.open("lowered", new CacheConfig(true, dir, 100, 1, true))).isNull();
        assertThat(snapshot(dir)).isEqualTo(before);
    }

    @Test
    void whyAFolderIsForeignNamesAFileAndSaysWhatToDo() throws IOException {
        Path dir = foreignFolder();
        assertThat(CacheFolder.claim(dir)).contains("is not a jsycl cache", dir.toString(), "other file",
                "JSYCL_CACHE_DIR", "empty or new folder");
    }

    @Test
    void aNewOrEmptyFolderIsMarkedAsOurs() throws IOException {
        Path created = tmp.resolve("new/cache");
        assertThat(PersistentCache.open(created, 0, true)).isNotNull();
        assertThat(CacheFolder.hasMarker(created)).isTrue();
        assertThat(Files.readString(created.resolve(CacheFolder.MARKER))).startsWith("Signature: 8a477f597d28d172789f06886806bc55\n");
        Path empty = ownerOnly("empty");
        assertThat(PersistentCache.open(empty, 0, true)).isNotNull();
        assertThat(CacheFolder.hasMarker(empty)).isTrue();
    }

    @Test
    void anotherProgramsCacheDirTagIsNotOurs() throws IOException {
        Path dir = ownerOnly("theirs");
        Files.writeString(dir.resolve(CacheFolder.MARKER), "Signature: 8a477f597d28d172789f06886806bc55\n# ccache\n");
        assertThat(PersistentCache.open(dir, 0, true)).isNull();
    }

    @Test
    void aCacheOfAnEarlierJsyclWithoutMarkerIsAdoptedButNotOneWithAnyOtherFile() throws IOException {
        Path dir = tmp.resolve("old");
        PersistentCache cache = PersistentCache.open(dir, 0, false);
        cache.store(key("a"), binary(100, 1));
        DiskCache.open("lowered", new CacheConfig(true, dir, 0, 1, false)).put("k", binary(10, 2));
        Files.delete(dir.resolve(CacheFolder.MARKER)); // as an earlier jsycl left it
        Files.delete(dir.resolve("lowered").resolve(CacheFolder.MARKER));
        Files.writeString(dir.resolve("entry-123-abc-1.tmp"), "left by a killed writer");
        assertThat(PersistentCache.open(dir, 0, false)).as("an earlier jsycl's cache").isNotNull();
        assertThat(CacheFolder.hasMarker(dir)).isTrue();
        assertThat(PersistentCache.open(dir, 0, false).load(key("a"))).isEqualTo(binary(100, 1));

        Path mixed = tmp.resolve("mixed");
        PersistentCache.open(mixed, 0, false).store(key("a"), binary(100, 1));
        Files.delete(mixed.resolve(CacheFolder.MARKER));
        Files.write(mixed.resolve("0".repeat(64) + ".bin"), binary(100, 9)); // named like an entry, not one
        Map<String, String> before = snapshot(mixed);
        assertThat(PersistentCache.open(mixed, 0, false)).isNull();
        assertThat(snapshot(mixed)).isEqualTo(before);
    }

    @Test
    void filesNamedLikeEntriesButNotOursAreNeitherCountedNorEvictedNorReplaced() throws Exception {
        PersistentCache cache = PersistentCache.open(tmp.resolve("c"), 0, true);
        Path dir = cache.directory();
        Path outside = Files.write(tmp.resolve("precious.txt"), binary(3000, 5));
        Files.write(dir.resolve("1".repeat(64) + ".bin"), binary(4000, 6)); // a user's file, no magic
        Files.createSymbolicLink(dir.resolve("2".repeat(64) + ".bin"), outside);
        Files.createSymbolicLink(dir.resolve(key("a").fileName()), outside);
        Map<String, String> before = snapshot(tmp);

        byte[] one = PersistentCache.encode(key("e0").text(), binary(1000, 0));
        PersistentCache limited = PersistentCache.open(dir, one.length * 3L, true);
        assertThat(limited.load(key("a"))).as("a link named like the entry").isNull();
        limited.store(key("a"), binary(10, 1)); // skipped: the link is left alone
        for (int i = 0; i < 6; i++) {
            limited.store(key("e" + i), binary(1000, i));
        }
        limited.clear();
        assertThat(limited.scannedSize()).isZero();

        Map<String, String> after = snapshot(tmp);
        after.keySet().removeIf(name -> name.endsWith(PersistentCache.INDEX));
        before.keySet().removeIf(name -> name.endsWith(PersistentCache.INDEX));
        assertThat(after).isEqualTo(before);
    }

    @Test
    void aFifoNamedLikeAnEntryIsAMissThatNeverBlocks() throws Exception {
        PersistentCache cache = PersistentCache.open(tmp.resolve("c"), 0, true);
        Path fifo = cache.directory().resolve(key("a").fileName());
        mkfifo(fifo);
        assertThat(cache.load(key("a"))).isNull();
        cache.store(key("a"), binary(10, 1));
        assertThat(cache.inspect()).singleElement().satisfies(e -> assertThat(e.problem()).contains("FIFO"));
        cache.store(key("b"), binary(10, 2));
        assertThat(cache.load(key("b"))).isEqualTo(binary(10, 2));
        cache.clear();
        assertThat(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS)).as("the FIFO is left alone").isTrue();
    }

    @Test
    void aLinkToDevZeroNamedLikeAnEntryIsNotRead() throws IOException {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero");
        PersistentCache cache = PersistentCache.open(tmp.resolve("c"), 0, true);
        Path link = Files.createSymbolicLink(cache.directory().resolve(key("a").fileName()), Path.of("/dev/zero"));
        long start = System.nanoTime();
        assertThat(cache.load(key("a"))).isNull();
        assertThat(cache.inspect()).singleElement().satisfies(e -> assertThat(e.problem()).contains("link"));
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(2));
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void aHugeSparseFileNamedLikeAnEntryIsAMissWithoutReadingIt() throws IOException {
        PersistentCache cache = PersistentCache.open(tmp.resolve("c"), 0, true);
        Path huge = cache.directory().resolve(key("a").fileName());
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.write(CacheFolder.MAGIC);
            f.setLength(8L << 30);
        }
        long start = System.nanoTime();
        assertThat(cache.load(key("a"))).isNull();
        assertThat(cache.inspect()).singleElement().satisfies(e -> assertThat(e.problem()).contains("not read"));
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(2));
    }

    @Test
    void anIndexThatIsAFifoOrALinkIsNeitherOpenedNorFollowed() throws Exception {
        PersistentCache cache = PersistentCache.open(tmp.resolve("c"), 0, true);
        Path index = cache.directory().resolve(PersistentCache.INDEX);
        mkfifo(index);
        cache.store(key("a"), binary(10, 1)); // skipped: there is no lock to take
        assertThat(cache.indexedSize()).isEqualTo(-1);
        Files.delete(index);
        Path outside = Files.writeString(tmp.resolve("notes.txt"), "mine");
        Files.createSymbolicLink(index, outside);
        cache.store(key("a"), binary(10, 1));
        assertThat(Files.readString(outside)).isEqualTo("mine");
    }

    @Test
    void aGarbledIndexIsRebuiltFromTheEntriesSoTheLimitHolds() throws IOException {
        byte[] one = PersistentCache.encode(key("e0").text(), binary(1000, 0));
        long limit = one.length * 5L;
        PersistentCache cache = PersistentCache.open(tmp.resolve("c"), limit, true);
        Path index = cache.directory().resolve(PersistentCache.INDEX);
        for (String garble : new String[] {"totalSize=0\n", "totalSize=-99999\n", "totalSize=12", "\0\0garbage"}) {
            for (int i = 0; i < 4; i++) {
                cache.store(key(garble + i), binary(1000, i));
            }
            Files.writeString(index, garble);
        }
        for (int i = 0; i < 4; i++) {
            cache.store(key("last" + i), binary(1000, i));
        }
        assertThat(folderSize(cache.directory())).as("bytes of entries in the folder").isLessThanOrEqualTo(limit);
        assertThat(cache.indexedSize()).isEqualTo(cache.scannedSize());
    }

    private static long folderSize(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".bin")).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    @Test
    void aWriterKilledBetweenRenameAndIndexUpdateIsCountedByTheNextProcess() throws IOException {
        byte[] one = PersistentCache.encode(key("e0").text(), binary(1000, 0));
        long limit = one.length * 5L;
        PersistentCache cache = PersistentCache.open(tmp.resolve("c"), limit, true);
        for (int i = 0; i < 4; i++) {
            cache.store(key("e" + i), binary(1000, i));
        }
        // An entry renamed into place by a writer killed before it updated the index.
        Map<String, byte[]> extra = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            extra.put(key("killed" + i).fileName(), PersistentCache.encode(key("killed" + i).text(), binary(1000, i)));
        }
        for (var e : extra.entrySet()) {
            Files.write(cache.directory().resolve(e.getKey()), e.getValue());
        }
        PersistentCache.forgetVerifiedIndexes(); // as a new process would start
        PersistentCache next = PersistentCache.open(cache.directory(), limit, true);
        next.store(key("new"), binary(1000, 9));
        assertThat(folderSize(cache.directory())).isLessThanOrEqualTo(limit);
        assertThat(Files.readString(cache.directory().resolve(CacheFolder.MARKER), StandardCharsets.UTF_8))
                .contains("jsycl");
    }
}
