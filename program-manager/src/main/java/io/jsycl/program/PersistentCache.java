package io.jsycl.program;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.zip.CRC32;

/**
 * On-disk cache of program binaries, shared by every process of the user (the compute
 * runtime's cl_cache design).
 *
 * <h2>Design overview</h2>
 * <ul>
 * <li><b>Ownership.</b> The cache owns its folder through a marker file ({@link CacheFolder}: written when
 *     jsycl creates the folder or adopts an empty one or one of an earlier jsycl). A folder that holds
 *     anything else is not used at all: a warning names it and says what to do.</li>
 * <li><b>Entries.</b> One file per binary, named {@link PersistentCacheKey#fileName()}:
 *     magic, format version, the full key text, the binary, and a SHA-256 over all of it.
 *     An entry that is short, garbled, of another format or of another key (a hash collision)
 *     is a miss: it is deleted if it starts with the magic, and reported under trace. Only regular
 *     files with an entry's exact name are read (never a link, FIFO or device: their attributes are
 *     read without following links before anything is opened), at most as many bytes as their
 *     attributes say; a file there that is not an entry is neither counted, evicted, replaced nor
 *     deleted. Reading takes no lock: entries appear whole, by atomic rename.</li>
 * <li><b>Writes</b> go to a temp file in the folder ({@code entry-<pid>-<random>.tmp}, never
 *     counted as an entry), then, under the lock below, an atomic rename. A writer killed in
 *     between leaves only its temp file, which the next {@link #open} deletes once no process of
 *     that pid runs (or after an hour). The {@value #INDEX} file holds the total size of the entries
 *     with a checksum; one that is garbled, missing, or not yet checked by this JVM (a writer killed
 *     between its rename and the index update leaves it short) is rebuilt by scanning. Past the size
 *     limit, entries are evicted least recently used first (by modification time, which a
 *     hit touches) down to two thirds of the limit. An entry bigger than the limit is not
 *     stored.</li>
 * <li><b>Lock.</b> An advisory {@link FileChannel#lock() file lock} on {@value #INDEX}
 *     serializes writers across processes; a per-folder {@link ReentrantLock} does so within
 *     this JVM (file locks are per process). Order: the JVM lock, then the file lock.</li>
 * <li><b>Errors.</b> Every I/O failure (read-only folder, full disk, unreadable entry) is a
 *     miss or a skipped store, reported under trace; never an exception.</li>
 * <li><b>Safety.</b> The folder is created owner-only (0700). A folder that group or others
 *     can write to, or that another user owns, is not used: a warning says why.</li>
 * </ul>
 * One piece of about 600 lines, package-private: the entry format, the lock and the index are one
 * protocol that every method here keeps; the folder's ownership rules live in {@link CacheFolder}.
 */
final class PersistentCache {
    private static final Logger LOG = System.getLogger("io.jsycl.program");
    static final String INDEX = "index";
    static final String ENTRY_SUFFIX = ".bin";
    static final String TEMP_PREFIX = "entry-";
    static final String TEMP_SUFFIX = ".tmp";
    /** A temp file of no live process, or older than this, is garbage left by a killed writer. */
    private static final long STALE_TEMP_MILLIS = 60 * 60 * 1000L;
    private static final byte[] MAGIC = CacheFolder.MAGIC;
    /** The most an entry is read when there is no size limit: bigger is a miss, never an out-of-memory. */
    private static final long MAX_ENTRY_SIZE = 1L << 30;
    private static final int DIGEST_LENGTH = 32;
    private static final Map<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();
    /** Folders whose index this JVM has rebuilt by a scan once, so that the index total can be trusted. */
    private static final Set<Path> VERIFIED_INDEXES = ConcurrentHashMap.newKeySet();
    /** Folder and problem of each warning given, so that a folder refused is reported once per JVM. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private final Path dir;
    private final long maxSize;
    private final boolean trace;
    private final ReentrantLock jvmLock;

    private PersistentCache(Path dir, long maxSize, boolean trace) {
        this.dir = dir;
        this.maxSize = maxSize;
        this.trace = trace;
        this.jvmLock = JVM_LOCKS.computeIfAbsent(dir, d -> new ReentrantLock());
    }

    /**
     * Opens the cache in {@code dir}, creating the folder owner-only if needed.
     *
     * @param maxSize size limit in bytes, 0 for none
     * @return the cache, or {@code null} if the folder cannot be used (a warning says why)
     */
    static PersistentCache open(Path dir, long maxSize, boolean trace) {
        Path folder = dir.toAbsolutePath().normalize();
        String problem = checkFolder(folder);
        if (problem == null) {
            problem = CacheFolder.claim(folder);
        }
        if (problem != null) {
            if (WARNED.add(folder + "\n" + problem)) {
                LOG.log(Level.WARNING, "jsycl persistent cache disabled: {0}. Programs will be built from source each"
                        + " run; JSYCL_CACHE_PERSISTENT=0 turns the persistent cache off without this warning.", problem);
            }
            return null;
        }
        PersistentCache cache = new PersistentCache(folder, maxSize, trace);
        cache.removeStaleTempFiles();
        return cache;
    }

    /**
     * Deletes temp files left by writers that died between writing and renaming (a SIGKILL, a
     * crash): those of a process that no longer runs, and any older than an hour. A temp file is
     * never an entry, so a stale one only wastes space; this keeps it from piling up.
     */
    void removeStaleTempFiles() {
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, TEMP_PREFIX + "*" + TEMP_SUFFIX)) {
            for (Path p : stream) {
                String name = p.getFileName().toString();
                BasicFileAttributes a = CacheFolder.attributes(p);
                if (!CacheFolder.isTempName(name) || a == null || !a.isRegularFile()) {
                    continue; // not a temp file of ours: never deleted
                }
                try {
                    if (!writerAlive(name) || now - a.lastModifiedTime().toMillis() > STALE_TEMP_MILLIS) {
                        Files.deleteIfExists(p);
                        if (trace) {
                            LOG.log(Level.INFO, "jsycl disk cache: removed stale temp file {0}", p);
                        }
                    }
                } catch (IOException e) {
                    // Vanished meanwhile, or not ours to delete.
                }
            }
        } catch (IOException e) {
            // Unreadable folder: nothing to clean.
        }
    }

    /** Whether the process whose id is in the temp file name {@code entry-<pid>-<random>.tmp} runs. */
    private static boolean writerAlive(String name) {
        String rest = name.substring(TEMP_PREFIX.length());
        int dash = rest.indexOf('-');
        if (dash <= 0) {
            return false; // no pid: a temp file of an older jsycl, or not ours
        }
        try {
            long pid = Long.parseLong(rest.substring(0, dash));
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Makes the next lock of each folder rebuild its index by a scan, as in a new process (for tests). */
    static void forgetVerifiedIndexes() {
        VERIFIED_INDEXES.clear();
    }

    Path directory() {
        return dir;
    }

    private static String checkFolder(Path folder) {
        boolean posix = folder.getFileSystem().supportedFileAttributeViews().contains("posix");
        try {
            if (!Files.isDirectory(folder)) {
                if (posix) {
                    Files.createDirectories(folder,
                            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } else {
                    Files.createDirectories(folder);
                }
            }
        } catch (IOException | UnsupportedOperationException e) {
            return "cannot create folder " + folder + " (" + e + "); set JSYCL_CACHE_DIR to a folder you can write";
        }
        if (!posix) {
            return null;
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(folder);
            if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
                return "folder " + folder + " is writable by group or others ("
                        + PosixFilePermissions.toString(perms) + "), so another user could plant binaries; run"
                        + " 'chmod 700 " + folder + "' or set JSYCL_CACHE_DIR to another folder";
            }
            UserPrincipal owner = Files.getOwner(folder);
            UserPrincipal me = currentUser();
            if (me != null && !owner.equals(me)) {
                return "folder " + folder + " is owned by " + owner.getName() + ", not by " + me.getName()
                        + "; set JSYCL_CACHE_DIR to a folder of your own";
            }
        } catch (IOException e) {
            return "cannot read the permissions of " + folder + " (" + e + ")";
        }
        return null;
    }

    private static volatile UserPrincipal currentUser;

    /**
     * The owner of a file this process creates: the effective user, whatever user.name says. On
     * Linux that is the owner of {@code /proc/self}; elsewhere a probe file made in the temp folder
     * (with a name of our own: {@code Files.createTempFile} would start a {@code SecureRandom}).
     */
    private static UserPrincipal currentUser() {
        UserPrincipal me = currentUser;
        if (me == null) {
            try {
                Path self = Path.of("/proc/self");
                if (Files.isDirectory(self)) {
                    me = Files.getOwner(self);
                } else {
                    Path probe = newTempFile(Path.of(System.getProperty("java.io.tmpdir")), "jsycl-owner-");
                    try {
                        me = Files.getOwner(probe);
                    } finally {
                        Files.deleteIfExists(probe);
                    }
                }
                currentUser = me;
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
        return me;
    }

    private static final AtomicLong TEMP_COUNTER = new AtomicLong();
    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");

    /**
     * A new empty owner-only file {@code <prefix><pid>-<unique>.tmp} in {@code dir}, created exclusively (not
     * {@code Files.createTempFile}, whose random names start the security providers' {@code SecureRandom}:
     * the name need only be unique, and {@code CREATE_NEW} refuses any file already there).
     */
    static Path newTempFile(Path dir, String prefix) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve(prefix + pid + "-" + Long.toHexString(System.nanoTime()) + "-"
                    + TEMP_COUNTER.incrementAndGet() + TEMP_SUFFIX);
            try {
                return p.getFileSystem().supportedFileAttributeViews().contains("posix")
                        ? Files.createFile(p, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE))
                        : Files.createFile(p);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /** The binary stored for {@code key}, or {@code null} on a miss of any kind. */
    byte[] load(PersistentCacheKey key) {
        return load(key.text(), key::describe);
    }

    /** Stores {@code binary} for {@code key}; any failure only skips the store. */
    void store(PersistentCacheKey key, byte[] binary) {
        store(key.text(), binary, key::describe);
    }

    /**
     * The value stored under the full key {@code keyText}, or {@code null} on a miss of any kind.
     *
     * @param describe the key inputs in words, for trace messages
     */
    byte[] load(String keyText, Supplier<String> describe) {
        Path file = dir.resolve(fileName(keyText));
        byte[] data;
        try {
            data = CacheFolder.readBounded(file, readLimit());
        } catch (NoSuchFileException e) {
            trace("miss", file, describe, "no entry");
            return null;
        } catch (IOException | OutOfMemoryError e) {
            trace("miss", file, describe, "unreadable: " + e.getMessage());
            return null;
        }
        Parsed parsed = parse(data);
        String problem = parsed.problem;
        if (problem == null && !parsed.keyText.equals(keyText)) {
            problem = "holds another key (hash collision)";
        }
        if (problem != null) {
            if (startsWithMagic(data)) {
                trace("miss", file, describe, "bad entry, deleted: " + problem);
                deleteEntry(file);
            } else {
                trace("miss", file, describe, "not a jsycl entry, left alone: " + problem);
            }
            return null;
        }
        try {
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException e) {
            // Read-only folder: the entry just ages as if unused.
        }
        trace("hit", file, describe, parsed.binary.length + " bytes");
        return parsed.binary;
    }

    /** The most bytes an entry may have: the size limit, or {@value #MAX_ENTRY_SIZE} without one. */
    private long readLimit() {
        return maxSize > 0 ? Math.min(maxSize, MAX_ENTRY_SIZE) : MAX_ENTRY_SIZE;
    }

    private static boolean startsWithMagic(byte[] data) {
        return data.length >= MAGIC.length && Arrays.equals(data, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    /** Stores {@code value} under the full key {@code keyText}; any failure only skips the store. */
    void store(String keyText, byte[] value, Supplier<String> describe) {
        Path file = dir.resolve(fileName(keyText));
        byte[] entry = encode(keyText, value);
        if (maxSize > 0 && entry.length > maxSize) {
            trace("not stored", file, describe, entry.length + " bytes is over the size limit of " + maxSize);
            return;
        }
        Path temp = null;
        try {
            temp = newTempFile(dir, TEMP_PREFIX);
            Files.write(temp, entry);
            Path written = temp;
            withLock(index -> {
                BasicFileAttributes there = CacheFolder.attributes(file);
                if (there != null && !there.isRegularFile()) {
                    throw new IOException("its place is taken by " + CacheFolder.kind(there) + ", left alone");
                }
                if (there != null && !CacheFolder.hasEntryMagic(file, there)) {
                    throw new IOException("its place is taken by a file that is not a jsycl entry, left alone");
                }
                long total = readTotal(index);
                long old = there == null ? 0 : there.size();
                if (maxSize > 0 && total - old + entry.length > maxSize) {
                    total = evict(file, maxSize * 2 / 3 - entry.length);
                    old = 0;
                }
                moveIntoPlace(written, file);
                writeTotal(index, Math.max(0, total - old) + entry.length);
            });
            trace("stored", file, describe, entry.length + " bytes");
        } catch (IOException | RuntimeException e) {
            trace("not stored", file, describe, e.getMessage() == null ? e.toString() : e.getMessage());
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // Nothing more to do: a later process removes stale temp files.
                }
            }
        }
    }

    /** Renames the whole file {@code temp} over {@code target}, atomically where the file system can. */
    static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** {@code <sha-256 of the key text>.bin}. */
    static String fileName(String keyText) {
        return ProgramSource.sha256Hex(keyText) + ENTRY_SUFFIX;
    }

    /** Deletes the entry of {@code key} (its binary did not build). */
    void remove(PersistentCacheKey key) {
        deleteEntry(dir.resolve(key.fileName()));
    }

    /** Sum of the sizes of all entries, by scanning the folder. */
    long scannedSize() {
        long total = 0;
        for (Entry e : entries(null)) {
            total += e.size;
        }
        return total;
    }

    /** Deletes {@code file} if it is an entry (a regular file that starts with the magic), under the lock. */
    private void deleteEntry(Path file) {
        try {
            withLock(index -> {
                BasicFileAttributes a = CacheFolder.attributes(file);
                if (a == null || !CacheFolder.hasEntryMagic(file, a)) {
                    return;
                }
                long size = a.size();
                if (Files.deleteIfExists(file)) {
                    writeTotal(index, Math.max(0, readTotal(index) - size));
                }
            });
        } catch (IOException | RuntimeException e) {
            if (trace) {
                LOG.log(Level.INFO, "jsycl disk cache: cannot delete {0}: {1}", file, e.toString());
            }
        }
    }

    private interface LockedAction {
        void run(FileChannel index) throws IOException;
    }

    /**
     * Runs {@code action} holding the JVM lock and the file lock on {@value #INDEX}. The index is opened only if it is
     * a regular file or absent (never through a link: a FIFO would block, a link would write elsewhere).
     */
    private void withLock(LockedAction action) throws IOException {
        jvmLock.lock();
        try {
            Path indexFile = dir.resolve(INDEX);
            BasicFileAttributes a = CacheFolder.attributes(indexFile);
            if (a != null && !a.isRegularFile()) {
                throw new IOException(indexFile + " is " + CacheFolder.kind(a) + ", not a regular file: jsycl neither"
                        + " opens nor replaces it, so it cannot lock the cache; remove it");
            }
            try (FileChannel index = FileChannel.open(indexFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                 FileLock ignored = index.lock()) {
                action.run(index);
            }
        } finally {
            jvmLock.unlock();
        }
    }

    static final String TOTAL = "totalSize=";
    private static final String CHECK = "check=";

    /**
     * The total from the index. It is rebuilt by scanning the entries when it is missing, garbled or without its
     * checksum, and on this JVM's first lock of the folder: an index that looks right may still be short (a writer
     * killed between its rename and its index update), and an index that undercounts lets the folder outgrow its
     * size limit.
     */
    private long readTotal(FileChannel index) throws IOException {
        if (!VERIFIED_INDEXES.contains(dir)) {
            return scannedSize();
        }
        ByteBuffer buf = ByteBuffer.allocate(128);
        index.read(buf, 0);
        long total = parseIndex(new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII));
        return total >= 0 ? total : scannedSize();
    }

    /** The total an index text {@code totalSize=N\ncheck=C\n} records, or -1 if it is garbled or its check fails. */
    static long parseIndex(String text) {
        String[] lines = text.split("\n", -1);
        if (lines.length != 3 || !lines[0].startsWith(TOTAL) || !lines[1].equals(CHECK + check(lines[0]))
                || !lines[2].isEmpty()) {
            return -1;
        }
        try {
            long total = Long.parseLong(lines[0].substring(TOTAL.length()));
            return total >= 0 ? total : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String check(String line) {
        CRC32 crc = new CRC32();
        crc.update(line.getBytes(StandardCharsets.US_ASCII));
        return Long.toHexString(crc.getValue());
    }

    private void writeTotal(FileChannel index, long total) throws IOException {
        String line = TOTAL + total;
        index.truncate(0);
        index.write(ByteBuffer.wrap((line + "\n" + CHECK + check(line) + "\n").getBytes(StandardCharsets.US_ASCII)),
                0);
        VERIFIED_INDEXES.add(dir);
    }

    /** Deletes least recently used entries until at most {@code target} bytes remain; returns what remains. */
    private long evict(Path keep, long target) {
        List<Entry> all = entries(keep);
        all.sort(Comparator.comparingLong(e -> e.lastUse));
        long total = 0;
        for (Entry e : all) {
            total += e.size;
        }
        for (Entry e : all) {
            if (total <= Math.max(0, target)) {
                break;
            }
            try {
                if (!CacheFolder.hasEntryMagic(e.path)) {
                    continue; // replaced meanwhile by something that is not an entry
                }
                Files.deleteIfExists(e.path);
                total -= e.size;
                if (trace) {
                    LOG.log(Level.INFO, "jsycl disk cache: evicted {0} ({1} bytes)", e.path, e.size);
                }
            } catch (IOException ex) {
                // Counted as still there.
            }
        }
        return total;
    }

    private record Entry(Path path, long size, long lastUse) {
    }

    /** The entries: regular files with an entry's name that start with the magic; nothing else is counted. */
    private List<Entry> entries(Path except) {
        List<Entry> result = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*" + ENTRY_SUFFIX)) {
            for (Path p : stream) {
                if (p.equals(except) || !CacheFolder.isEntryName(p.getFileName().toString())) {
                    continue;
                }
                BasicFileAttributes a = CacheFolder.attributes(p);
                if (a != null && CacheFolder.hasEntryMagic(p, a)) {
                    result.add(new Entry(p, a.size(), a.lastModifiedTime().toMillis()));
                }
            }
        } catch (IOException e) {
            // Unreadable folder: nothing to count.
        }
        return result;
    }

    /**
     * One entry as the {@code jsycl-cache} tool shows it.
     *
     * @param keyText the full key stored in the entry, {@code null} when the entry is bad
     * @param problem why the entry is bad, {@code null} when it is good
     */
    record EntryInfo(Path path, long size, long lastUseMillis, String keyText, String problem) {
    }

    /**
     * Every file named like an entry, read and checked (magic, format version, lengths, checksum, name = key hash);
     * oldest use first. One that is not a regular file, or is too big, is reported bad without being opened.
     */
    List<EntryInfo> inspect() {
        List<EntryInfo> result = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*" + ENTRY_SUFFIX)) {
            for (Path p : stream) {
                BasicFileAttributes a = CacheFolder.attributes(p);
                if (a == null || !CacheFolder.isEntryName(p.getFileName().toString())) {
                    continue;
                }
                if (!a.isRegularFile()) {
                    result.add(new EntryInfo(p, 0, a.lastModifiedTime().toMillis(), null, CacheFolder.kind(a)
                            + ", not a regular file: jsycl neither reads nor deletes it"));
                    continue;
                }
                Parsed parsed;
                try {
                    parsed = parse(CacheFolder.readBounded(p, readLimit()));
                } catch (IOException | OutOfMemoryError ex) {
                    parsed = Parsed.bad("unreadable: " + ex.getMessage());
                }
                String problem = parsed.problem;
                if (problem == null && !fileName(parsed.keyText).equals(p.getFileName().toString())) {
                    problem = "its name is not the hash of the key it holds";
                }
                result.add(new EntryInfo(p, a.size(), a.lastModifiedTime().toMillis(), parsed.keyText, problem));
            }
        } catch (IOException e) {
            // Unreadable folder: nothing to show.
        }
        result.sort(Comparator.comparingLong(EntryInfo::lastUseMillis));
        return result;
    }

    /** The total size the index records, or -1 if it has none (or it is not a regular file, or garbled). */
    long indexedSize() {
        try {
            byte[] text = CacheFolder.readBounded(dir.resolve(INDEX), CacheFolder.INDEX_MAX_SIZE);
            return parseIndex(new String(text, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return -1;
        }
    }

    long maxSize() {
        return maxSize;
    }

    /**
     * Deletes every entry and the temp files of writers that no longer run, under the lock, and sets the recorded
     * total to 0. Only entries (regular files with an entry's name and magic) and temp files with their exact name are
     * deleted; a running writer's temp file is left to it (it renames it into place or deletes it), or a clear
     * beside a process that is writing its cache's marker or an entry would pull the file from under it.
     *
     * @return the number of entries deleted
     * @throws IOException if the folder cannot be locked or listed
     */
    int clear() throws IOException {
        int[] deleted = {0};
        withLock(index -> {
            for (Entry e : entries(null)) {
                if (Files.deleteIfExists(e.path)) {
                    deleted[0]++;
                }
            }
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, TEMP_PREFIX + "*" + TEMP_SUFFIX)) {
                for (Path p : stream) {
                    BasicFileAttributes a = CacheFolder.attributes(p);
                    String name = p.getFileName().toString();
                    if (CacheFolder.isTempName(name) && a != null && a.isRegularFile() && !writerAlive(name)) {
                        Files.deleteIfExists(p);
                    }
                }
            }
            writeTotal(index, 0);
        });
        return deleted[0];
    }

    static byte[] encode(String keyText, byte[] binary) {
        byte[] key = keyText.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(MAGIC.length + 4 + 4 + key.length + 8 + binary.length + DIGEST_LENGTH);
        b.put(MAGIC).putInt(PersistentCacheKey.FORMAT_VERSION).putInt(key.length).put(key)
                .putLong(binary.length).put(binary);
        b.put(Sha256.digest(b.array(), 0, b.position()));
        return b.array();
    }

    private record Parsed(String keyText, byte[] binary, String problem) {
        static Parsed bad(String problem) {
            return new Parsed(null, null, problem);
        }
    }

    private static Parsed parse(byte[] data) {
        int header = MAGIC.length + 4 + 4;
        if (data.length < header + 8 + DIGEST_LENGTH) {
            return Parsed.bad("truncated (" + data.length + " bytes)");
        }
        ByteBuffer b = ByteBuffer.wrap(data);
        byte[] magic = new byte[MAGIC.length];
        b.get(magic);
        if (!Arrays.equals(magic, MAGIC)) {
            return Parsed.bad("not a jsycl cache entry (bad magic number)");
        }
        int format = b.getInt();
        if (format != PersistentCacheKey.FORMAT_VERSION) {
            return Parsed.bad("format version " + format + ", expected " + PersistentCacheKey.FORMAT_VERSION);
        }
        int keyLength = b.getInt();
        if (keyLength < 0 || keyLength > data.length - header - 8 - DIGEST_LENGTH) {
            return Parsed.bad("truncated or garbled key length " + keyLength);
        }
        int keyStart = b.position();
        b.position(keyStart + keyLength);
        long binLength = b.getLong();
        if (binLength != data.length - b.position() - DIGEST_LENGTH) {
            return Parsed.bad("truncated or garbled: binary length " + binLength + " in a file of " + data.length
                    + " bytes");
        }
        int binStart = b.position();
        byte[] digest = Arrays.copyOfRange(data, data.length - DIGEST_LENGTH, data.length);
        if (!Arrays.equals(digest, Sha256.digest(data, 0, data.length - DIGEST_LENGTH))) {
            return Parsed.bad("checksum mismatch");
        }
        return new Parsed(new String(data, keyStart, keyLength, StandardCharsets.UTF_8),
                Arrays.copyOfRange(data, binStart, binStart + (int) binLength), null);
    }

    private void trace(String outcome, Path file, Supplier<String> describe, String detail) {
        if (trace) {
            LOG.log(Level.INFO, "jsycl disk cache {0}: {1} ({2}); key: {3}", outcome, file.getFileName(), detail,
                    describe.get());
        }
    }
}
