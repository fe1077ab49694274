package io.jsycl.tests.adversarial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.program.CacheTool;
import io.jsycl.program.Sha256;
import io.jsycl.tests.TestDevices;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The persistent cache against what a user's disk may hold: folders full of other files, files named like entries
 * that are FIFOs, links or 8 GiB, several writer processes and a clear at once, a writer killed mid-write, a full
 * disk. Real files, real child JVMs ({@link CacheUser}), real kernels on the first OpenCL device.
 */
@Watchdog.Limit(seconds = 180)
class CacheFolderAdversarialTest {
    private static final Pattern ENTRY = Pattern.compile("[0-9a-f]{64}\\.bin");

    @TempDir
    Path tmp;

    private Path ownerOnly(String name) throws IOException {
        return Files.createDirectories(tmp.resolve(name),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    private static List<String> javaCommand(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-cp",
                System.getProperty("java.class.path"), CacheUser.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private static Process start(Path cacheDir, List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("JSYCL_CACHE_DIR", cacheDir.toString());
        pb.environment().remove("JSYCL_CACHE_PERSISTENT");
        return pb.start();
    }

    /** The child's output once it ends within {@code seconds} with status 0. */
    private static String finish(Process p, long seconds) throws Exception {
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        boolean ended = p.waitFor(seconds, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly();
        }
        String text = out.get(10, TimeUnit.SECONDS);
        assertThat(ended).as("child ended within %d s; output:%n%s", seconds, text).isTrue();
        assertThat(p.exitValue()).as("child exit status; output:%n%s", text).isZero();
        return text;
    }

    private static String run(Path cacheDir, long seconds, String... args) throws Exception {
        return finish(start(cacheDir, javaCommand(args)), seconds);
    }

    private record Result(int status, String out, String err) {
    }

    /** {@code jsycl cache COMMAND --dir DIR} in this JVM, failed if it takes over {@code seconds}. */
    private static Result tool(Path dir, String command, long seconds) throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int status = CompletableFuture.supplyAsync(() -> CacheTool.run(new String[] {"--dir", dir.toString(), command},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)))
                .get(seconds, TimeUnit.SECONDS);
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Every file under {@code dir}, links not followed: the SHA-256 of its bytes, or what it is. */
    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> result = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String name = dir.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    result.put(name, "link to " + Files.readSymbolicLink(p));
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    result.put(name, Sha256.hex(Files.readAllBytes(p)));
                } else {
                    result.put(name, Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "folder" : "special");
                }
            }
        }
        return result;
    }

    /** The entries (by name) in the cache folder and its subfolders. */
    private static List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir, 2)) {
            return walk.filter(p -> ENTRY.matcher(p.getFileName().toString()).matches()).toList();
        }
    }

    private Path userFolder() throws IOException {
        Path dir = ownerOnly("home-of-user");
        Files.write(dir.resolve("vm-disk.bin"), CacheUser.value("a virtual disk", 200_000));
        Files.writeString(dir.resolve("index"), "my notes index\n");
        Files.writeString(dir.resolve("entry-1-x.tmp"), "a draft");
        Files.createDirectories(dir.resolve(".git/objects/ab"));
        Files.writeString(dir.resolve(".git/index"), "DIRC git index");
        Files.writeString(dir.resolve(".git/objects/ab/cdef"), "blob");
        Files.createDirectories(dir.resolve("lowered"));
        Files.write(dir.resolve("lowered").resolve("f".repeat(64) + ".bin"), CacheUser.value("lowered photo", 5000));
        return dir;
    }

    @Test
    void aFolderOfUserFilesAsJsyclCacheDirIsNeitherUsedNorTouchedAndWarnsOnce() throws Exception {
        TestDevices.firstOpenCl();
        Path dir = userFolder();
        Map<String, String> before = snapshot(dir);
        String out = run(dir, 120, "kernel");
        assertThat(out).contains("OK kernel");
        assertThat(Pattern.compile("jsycl persistent cache disabled").matcher(out).results().count())
                .as("warnings in:%n%s", out).isEqualTo(1);
        assertThat(out).contains(dir.toString(), "is not a jsycl cache", "JSYCL_CACHE_DIR", "empty or new folder");
        assertThat(snapshot(dir)).isEqualTo(before);
    }

    @Test
    void everyCacheCommandRefusesAFolderOfUserFilesAndChangesNothing() throws Exception {
        Path dir = userFolder();
        Map<String, String> before = snapshot(dir);
        for (String command : List.of("stats", "list", "verify", "clear")) {
            Result r = tool(dir, command, 10);
            assertThat(r.status()).as(command).isEqualTo(1);
            assertThat(r.err()).as(command).contains("refusing to " + command, "nothing was changed",
                    "is not a jsycl cache");
            assertThat(snapshot(dir)).as("after " + command).isEqualTo(before);
            String viaEnvironment = run(dir, 60, "tool", command);
            assertThat(viaEnvironment).as(command).contains("status 1", "is not a jsycl cache");
            assertThat(snapshot(dir)).as("after " + command + " with JSYCL_CACHE_DIR").isEqualTo(before);
        }
    }

    /** A cache folder filled by a real run, then each entry replaced by what {@code replace} makes of its path. */
    private Path cacheWithEntriesReplaced(EntryReplacer replace) throws Exception {
        TestDevices.firstOpenCl();
        Path dir = tmp.resolve("cache");
        assertThat(run(dir, 120, "kernel")).contains("OK kernel");
        List<Path> entries = entries(dir);
        assertThat(entries).as("a binary and a lowered kernel").hasSizeGreaterThanOrEqualTo(2);
        for (Path e : entries) {
            Files.delete(e);
            replace.at(e);
        }
        return dir;
    }

    private interface EntryReplacer {
        void at(Path entry) throws Exception;
    }

    private static void mkfifo(Path p) throws Exception {
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here: " + e);
            return;
        }
        assertThat(mk.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(mk.exitValue()).as("mkfifo %s", p).isZero();
    }

    @Test
    void fifosNamedLikeEntriesAreMissesThatNeverBlockARunOrACommand() throws Exception {
        Path dir = cacheWithEntriesReplaced(CacheFolderAdversarialTest::mkfifo);
        Map<String, String> before = snapshot(dir);
        assertThat(run(dir, 120, "kernel")).contains("OK kernel");
        assertThat(tool(dir, "stats", 5).status()).isZero();
        Result verify = tool(dir, "verify", 5);
        assertThat(verify.status()).isEqualTo(1);
        assertThat(verify.out()).contains("FIFO", "neither reads nor deletes it");
        assertThat(tool(dir, "list", 5).status()).isZero();
        assertThat(tool(dir, "clear", 5).status()).isZero();
        Map<String, String> after = snapshot(dir);
        before.forEach((name, what) -> {
            if (what.equals("special")) {
                assertThat(after).as("FIFO %s left alone", name).containsEntry(name, "special");
            }
        });
    }

    @Test
    void linksNamedLikeEntriesAreNeitherReadNorDeletedNorTheirTargetsTouched() throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero");
        Path precious = Files.write(tmp.resolve("thesis.pdf"), CacheUser.value("my thesis", 100_000));
        String preciousHash = Sha256.hex(Files.readAllBytes(precious));
        int[] n = {0};
        Path dir = cacheWithEntriesReplaced(e -> Files.createSymbolicLink(e,
                n[0]++ % 2 == 0 ? Path.of("/dev/zero") : precious));
        Map<String, String> before = snapshot(dir);
        long start = System.nanoTime();
        assertThat(run(dir, 120, "kernel")).contains("OK kernel");
        for (String command : List.of("stats", "list", "verify", "clear")) {
            tool(dir, command, 5);
        }
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(120));
        Map<String, String> after = snapshot(dir);
        before.forEach((name, what) -> {
            if (what.startsWith("link to")) {
                assertThat(after).as("link %s left alone", name).containsEntry(name, what);
            }
        });
        assertThat(Sha256.hex(Files.readAllBytes(precious))).isEqualTo(preciousHash);
    }

    @Test
    void hugeSparseFilesNamedLikeEntriesAreMissesWithoutBeingRead() throws Exception {
        Path dir = cacheWithEntriesReplaced(e -> {
            try (RandomAccessFile f = new RandomAccessFile(e.toFile(), "rw")) {
                f.setLength(8L << 30);
            }
        });
        assertThat(run(dir, 120, "kernel")).contains("OK kernel"); // with -Xmx256m: not read whole
        long start = System.nanoTime();
        Result verify = tool(dir, "verify", 10);
        assertThat(verify.out()).contains("not read");
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(5));
        for (Path e : entries(dir)) {
            if (Files.size(e) == 8L << 30) {
                return; // still there: not ours to delete
            }
        }
        throw new AssertionError("the 8 GiB files were deleted");
    }

    private static long indexTotal(Path folder) throws IOException {
        Matcher m = Pattern.compile("totalSize=(\\d+)\n").matcher(Files.readString(folder.resolve("index")));
        assertThat(m.lookingAt()).as("index of %s", folder).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static long sizeOfEntries(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> ENTRY.matcher(p.getFileName().toString()).matches())
                    .mapToLong(p -> p.toFile().length()).sum();
        }
    }

    @Test
    void fourWriterProcessesAndAClearAtOnceLeaveNoCorruptEntryAndAnExactIndex() throws Exception {
        Path dir = tmp.resolve("shared");
        List<Process> writers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            writers.add(start(dir, javaCommand("writer", "w" + i, "60", Integer.toString(3000 + 1000 * i))));
        }
        for (int round = 0; round < 10; round++) {
            Thread.sleep(200);
            if (Files.isDirectory(dir.resolve("adv"))) {
                Result clear = tool(dir, "clear", 30);
                assertThat(clear.status()).as(clear.err()).isZero();
            }
        }
        for (Process w : writers) {
            assertThat(finish(w, 120)).contains("OK writer");
        }
        Result verify = tool(dir, "verify", 30);
        assertThat(verify.status()).as(verify.out()).isZero();
        assertThat(indexTotal(dir.resolve("adv"))).isEqualTo(sizeOfEntries(dir.resolve("adv")));
        try (Stream<Path> files = Files.list(dir.resolve("adv"))) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    @Test
    void aWriterKilledMidWriteLeavesNoCorruptEntryAndTheNextProcessCleansItsTempFiles() throws Exception {
        Path dir = tmp.resolve("killed");
        Process writer = start(dir, javaCommand("writer", "k", "0", "2000000"));
        var lines = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = lines.readLine()) != null && !line.equals("stored 3")) {
            // wait until it has stored a few and is writing the next
        }
        assertThat(line).as("the writer's progress").isEqualTo("stored 3");
        writer.destroyForcibly();
        assertThat(writer.waitFor(20, TimeUnit.SECONDS)).isTrue();
        Path adv = dir.resolve("adv");
        // What a kill between write and rename leaves, whether or not this kill did.
        Files.write(adv.resolve("entry-" + writer.pid() + "-1a2b-7.tmp"), new byte[1000]);

        assertThat(run(dir, 60, "writer", "next", "3", "1000")).contains("OK writer");
        try (Stream<Path> files = Files.list(adv)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .noneMatch(name -> name.startsWith("entry-" + writer.pid() + "-"));
        }
        Result verify = tool(dir, "verify", 30);
        assertThat(verify.status()).as(verify.out()).isZero();
        assertThat(indexTotal(adv)).isEqualTo(sizeOfEntries(adv));
    }

    @Test
    void aFullDiskEndsInSkippedStoresNeverAnExceptionOrACorruptEntry() throws Exception {
        Path mount = Files.createDirectory(tmp.resolve("small-disk"));
        boolean allowed;
        try {
            Process probe = new ProcessBuilder("unshare", "-rm", "sh", "-c",
                    "mount -t tmpfs -o size=300k tmpfs '" + mount + "'").redirectErrorStream(true).start();
            allowed = probe.waitFor(20, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException e) {
            allowed = false;
        }
        assumeTrue(allowed, "this machine allows no tmpfs in a private user and mount namespace (unshare -rm)");
        // One namespace for the writer and the check: the tmpfs ends with it.
        List<String> writer = javaCommand("writer", "full", "40", "40000");
        List<String> verify = javaCommand("tool", "verify");
        String script = "mount -t tmpfs -o size=300k tmpfs \"$0\" && " + quote(writer) + " && " + quote(verify);
        Process p = new ProcessBuilder("unshare", "-rm", "sh", "-c", script, mount.toString())
                .redirectErrorStream(true).start();
        String out = finish(p, 120);
        assertThat(out).contains("OK writer full", "status 0").doesNotContain("Exception");
    }

    private static String quote(List<String> command) {
        StringBuilder b = new StringBuilder("JSYCL_CACHE_DIR=\"$0/cache\"");
        for (String part : command) {
            b.append(" '").append(part.replace("'", "'\\''")).append('\'');
        }
        return b.toString();
    }
}
