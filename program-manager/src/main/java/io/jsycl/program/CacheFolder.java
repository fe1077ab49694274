package io.jsycl.program;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * What jsycl may touch in a cache folder: the folder's ownership marker and the files it recognises as its own.
 *
 * <h2>Ownership</h2>
 * A cache owns its folder through a marker, {@value #MARKER} (the <a href="https://bford.info/cachedir/">cache
 * directory tag</a>, so backup tools skip the folder too), whose text says that jsycl wrote it. The marker is written
 * when jsycl creates the folder or adopts an empty one. A folder of an earlier jsycl, which wrote no marker, is
 * adopted only if every file in it is one jsycl writes, by name and, for entries, by header: entries
 * ({@code <64 hex digits>.bin} starting with {@code JSYCLBIN}), the {@value PersistentCache#INDEX} file holding a
 * {@code totalSize=} line, temp files {@code entry-<pid>-<hex>-<n>.tmp} and the {@value #LOWERED} subfolder. Any other
 * folder that is not empty is foreign: jsycl neither reads, writes nor deletes anything in it.
 *
 * <h2>Files</h2>
 * Within an owned folder only regular files (never followed links, FIFOs, devices or folders) with an entry's or
 * temp file's exact name are counted, read or deleted, and an entry is deleted only if it starts with the entry
 * magic. Attributes are read without following links before anything is opened (opening a FIFO blocks, reading
 * a link to {@code /dev/zero} never ends), and reads are bounded by the size those attributes gave.
 */
final class CacheFolder {
    static final String MARKER = "CACHEDIR.TAG";
    /** The subfolder of the lowering cache, the one subfolder an earlier jsycl wrote. */
    static final String LOWERED = "lowered";
    private static final String SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55";
    private static final String MARKER_TEXT = SIGNATURE + "\n"
            + "# This file is a cache directory tag created by jsycl: this folder is a jsycl program cache.\n"
            + "# jsycl reads, evicts and deletes only its own files here (*.bin entries, index, entry-*.tmp).\n"
            + "# For information about cache directory tags see https://bford.info/cachedir/\n";
    private static final String MARKER_OWNER = "created by jsycl";
    private static final int MARKER_MAX_SIZE = 4096;
    static final int INDEX_MAX_SIZE = 256;
    static final byte[] MAGIC = "JSYCLBIN".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern ENTRY_NAME = Pattern.compile("[0-9a-f]{64}\\.bin");
    private static final Pattern TEMP_NAME = Pattern.compile("entry-[0-9]+-[0-9a-f]+-[0-9]+\\.tmp");

    private CacheFolder() {
    }

    static boolean isEntryName(String name) {
        return ENTRY_NAME.matcher(name).matches();
    }

    static boolean isTempName(String name) {
        return TEMP_NAME.matcher(name).matches();
    }

    /** The attributes of {@code p} itself (a link is not followed), or {@code null} if there is nothing there. */
    static BasicFileAttributes attributes(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null;
        }
    }

    /** What {@code a} is, in words, for messages about a file jsycl leaves alone. */
    static String kind(BasicFileAttributes a) {
        return a.isSymbolicLink() ? "a symbolic link" : a.isDirectory() ? "a folder"
                : "a FIFO, socket or device";
    }

    /**
     * The whole of regular file {@code p}, read without following a link and never more than {@code limit} bytes.
     *
     * @throws NoSuchFileException if there is no file
     * @throws IOException if it is not a regular file, is bigger than {@code limit}, changed size while read, or
     *     cannot be read; the message says which
     */
    static byte[] readBounded(Path p, long limit) throws IOException {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.isRegularFile()) {
            throw new IOException(kind(a) + ", not a regular file: not read");
        }
        if (a.size() > limit) {
            throw new IOException(a.size() + " bytes, over the " + limit + " bytes an entry may have: not read");
        }
        int size = (int) a.size();
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            ByteBuffer buf = ByteBuffer.allocate(size + 1); // one more byte shows a file that grew
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // read until full or at the end
            }
            if (buf.position() != size) {
                throw new IOException("changed size while read (" + size + " bytes before, " + buf.position()
                        + " while read)");
            }
            return Arrays.copyOf(buf.array(), size);
        }
    }

    /** Whether {@code p} is a regular file (not followed if a link) that starts with the entry magic. */
    static boolean hasEntryMagic(Path p) {
        BasicFileAttributes a = attributes(p);
        return a != null && hasEntryMagic(p, a);
    }

    /** {@link #hasEntryMagic(Path)} for {@code p}, whose attributes (links not followed) are {@code a}. */
    static boolean hasEntryMagic(Path p, BasicFileAttributes a) {
        if (!a.isRegularFile() || a.size() < MAGIC.length) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            ByteBuffer buf = ByteBuffer.allocate(MAGIC.length);
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // read the magic
            }
            return Arrays.equals(buf.array(), MAGIC);
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether {@code folder} holds jsycl's marker (a regular file with jsycl's text). */
    static boolean hasMarker(Path folder) {
        try {
            String text = new String(readBounded(folder.resolve(MARKER), MARKER_MAX_SIZE), StandardCharsets.UTF_8);
            return text.startsWith(SIGNATURE + "\n") && text.contains(MARKER_OWNER);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Why the existing {@code folder} is not a jsycl cache, or {@code null} if it has jsycl's marker, is empty or holds
     * only what an earlier jsycl wrote there. Reads, never writes.
     */
    static String whyNotOurs(Path folder) {
        if (hasMarker(folder)) {
            return null;
        }
        if (attributes(folder.resolve(MARKER)) != null) {
            return "folder " + folder + " has a " + MARKER + " that jsycl did not write (another program's cache);"
                    + " jsycl reads, writes and deletes nothing there. Point JSYCL_CACHE_DIR (or -Djsycl.cache.dir)"
                    + " at an empty or new folder";
        }
        String foreign = whyForeign(folder);
        // Another process may have claimed the folder while it was listed: it writes the marker before anything else,
        // so files seen beside a marker that exists now (an index being created, say) are that process's own.
        return foreign != null && hasMarker(folder) ? null : foreign;
    }

    /** Whether {@code folder} exists and holds nothing. */
    static boolean isEmpty(Path folder) {
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
            return !stream.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }

    private static String whyForeign(Path folder) {
        String first = null;
        int others = 0;
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
            for (Path p : stream) {
                if (!earlierJsycl(p)) {
                    if (first == null) {
                        first = p.getFileName().toString();
                    } else {
                        others++;
                    }
                }
            }
        } catch (IOException e) {
            return "folder " + folder + " cannot be listed (" + e + ")";
        }
        if (first == null) {
            return null;
        }
        return "folder " + folder + " is not a jsycl cache: it has no jsycl " + MARKER + " and holds '" + first + "'"
                + (others == 0 ? "" : " and " + others + " other file" + (others == 1 ? "" : "s"))
                + " that jsycl did not write; jsycl reads, writes and deletes nothing there. Point JSYCL_CACHE_DIR"
                + " (or -Djsycl.cache.dir) at an empty or new folder";
    }

    /** Whether {@code p} is a file or folder that a jsycl without markers wrote into a cache folder. */
    private static boolean earlierJsycl(Path p) {
        String name = p.getFileName().toString();
        BasicFileAttributes a = attributes(p);
        if (a == null) {
            return true; // vanished meanwhile
        }
        if (name.equals(LOWERED)) {
            return a.isDirectory() && !a.isSymbolicLink();
        }
        if (!a.isRegularFile()) {
            return false;
        }
        if (name.equals(PersistentCache.INDEX)) {
            try {
                byte[] text = readBounded(p, INDEX_MAX_SIZE);
                return new String(text, StandardCharsets.US_ASCII).startsWith(PersistentCache.TOTAL);
            } catch (IOException e) {
                return false;
            }
        }
        return isTempName(name) || isEntryName(name) && hasEntryMagic(p, a);
    }

    /**
     * Makes {@code folder} (existing) a jsycl cache if it may be one: keeps a marked folder, marks an empty one or
     * one of an earlier jsycl.
     *
     * @return {@code null} if the folder is now a jsycl cache, else why not (what it holds, what to do)
     */
    static String claim(Path folder) {
        if (hasMarker(folder)) {
            return null;
        }
        String foreign = whyNotOurs(folder);
        if (foreign != null) {
            return foreign;
        }
        IOException failure = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                writeMarker(folder);
                return null;
            } catch (IOException e) {
                failure = e;
                if (hasMarker(folder)) {
                    return null; // another process marked it meanwhile
                }
            }
        }
        return "cannot write the ownership marker " + folder.resolve(MARKER) + " (" + failure + ")";
    }

    /** Writes the marker whole (a temp file renamed over it), so that no process ever sees half of it. */
    private static void writeMarker(Path folder) throws IOException {
        Path temp = PersistentCache.newTempFile(folder, PersistentCache.TEMP_PREFIX);
        try {
            Files.writeString(temp, MARKER_TEXT, StandardCharsets.UTF_8);
            PersistentCache.moveIntoPlace(temp, folder.resolve(MARKER));
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
