package io.jsycl.program;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code jsycl-cache} command: inspects and clears the on-disk cache ({@code JSYCL_CACHE_DIR},
 * with its {@code lowered} subfolder of lowered kernels).
 *
 * <pre>
 * jsycl-cache [--dir FOLDER] stats|list|verify|clear
 * </pre>
 * Exit status: 0 done, 1 {@code verify} found bad entries (or the folder cannot be used),
 * 2 usage error. Errors are one line on standard error.
 *
 * <p>A folder that is not a jsycl cache ({@link CacheFolder}: no jsycl marker, and files that jsycl did not write) is
 * refused with status 1 before anything in it is read or changed. A cache of an earlier jsycl, without the marker,
 * gets it (as the runtime would mark it). Only entries and temp files that jsycl recognises are counted or deleted;
 * {@code stats}, {@code list} and {@code verify} delete nothing but stale temp files of jsycl's own.
 */
public final class CacheTool {
    static final int OK = 0;
    static final int BAD = 1;
    static final int USAGE = 2;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());
    private static final String HELP = """
            usage: jsycl-cache [--dir FOLDER] COMMAND
              stats    folder, number of entries, total size and size limit
              list     each entry: key summary (device, build options or kernel), size, last use
              verify   read every entry and check magic, format version and checksum; exit 1 if any is bad
              clear    delete every entry
            The folder is JSYCL_CACHE_DIR (or -Djsycl.cache.dir), else $XDG_CACHE_HOME/jsycl or ~/.cache/jsycl.
            A folder that is not a jsycl cache (no jsycl CACHEDIR.TAG, other files in it) is refused, untouched.
            Exit status: 0 done, 1 bad entries found or folder unusable, 2 usage error.""";

    private CacheTool() {
    }

    /**
     * Runs the command and exits with its status.
     *
     * @param args the command ({@code list}, {@code verify} or {@code clear}) and its options, as the usage text lists
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the command, writing to {@code out} and {@code err} (the {@code jsycl cache} command calls this).
     *
     * @param args the command line, as for {@link #main(String[])}
     * @param out receives the command's report
     * @param err receives the one-line errors
     * @return the exit status: 0 done, 1 bad entries found or folder unusable, 2 usage error
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CacheConfig config;
        try {
            config = CacheConfig.fromEnvironment();
        } catch (IllegalArgumentException e) {
            err.println("jsycl-cache: " + e.getMessage());
            return USAGE;
        }
        Path dir = config.directory();
        String command = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h") || a.equals("help")) {
                out.println(HELP);
                return OK;
            } else if (a.equals("--dir")) {
                if (i + 1 == args.length) {
                    err.println("jsycl-cache: --dir needs a folder; see jsycl-cache --help");
                    return USAGE;
                }
                dir = Path.of(args[++i]);
            } else if (a.startsWith("-")) {
                err.println("jsycl-cache: unknown option '" + a + "'; see jsycl-cache --help");
                return USAGE;
            } else if (command != null) {
                err.println("jsycl-cache: one command at a time, got '" + command + "' and '" + a
                        + "'; see jsycl-cache --help");
                return USAGE;
            } else {
                command = a;
            }
        }
        if (command == null) {
            err.println("jsycl-cache: no command; one of stats, list, verify, clear (see jsycl-cache --help)");
            return USAGE;
        }
        if (!List.of("stats", "list", "verify", "clear").contains(command)) {
            err.println("jsycl-cache: unknown command '" + command + "'; one of stats, list, verify, clear");
            return USAGE;
        }
        List<Path> folders = new ArrayList<>();
        for (Path folder : List.of(dir, dir.resolve(CacheFolder.LOWERED))) {
            if (Files.isDirectory(folder)) {
                String foreign = CacheFolder.whyNotOurs(folder.toAbsolutePath().normalize());
                if (foreign != null) {
                    err.println("jsycl-cache: refusing to " + command + ", nothing was changed: " + foreign);
                    return BAD;
                }
                folders.add(folder);
            }
        }
        List<PersistentCache> caches = new ArrayList<>();
        for (Path folder : folders) {
            if (!CacheFolder.hasMarker(folder) && CacheFolder.isEmpty(folder)) {
                continue; // an empty folder: nothing to show or clear, and no marker written by a look
            }
            PersistentCache cache = PersistentCache.open(folder, config.maxSizeBytes(), false);
            if (cache == null) {
                err.println("jsycl-cache: cannot use " + folder + " (see the warning above)");
                return BAD;
            }
            caches.add(cache);
        }
        try {
            return switch (command) {
                case "stats" -> stats(dir, caches, config.maxSizeBytes(), out);
                case "list" -> list(caches, out);
                case "verify" -> verify(caches, out);
                default -> clear(dir, caches, out);
            };
        } catch (IOException e) {
            err.println("jsycl-cache: " + command + " failed: " + e);
            return BAD;
        }
    }

    private static int stats(Path dir, List<PersistentCache> caches, long maxSize, PrintStream out) {
        out.println("folder      " + dir.toAbsolutePath().normalize());
        long total = 0;
        List<String> parts = new ArrayList<>();
        int count = 0;
        for (PersistentCache c : caches) {
            List<PersistentCache.EntryInfo> entries = c.inspect();
            long size = entries.stream().mapToLong(PersistentCache.EntryInfo::size).sum();
            total += size;
            count += entries.size();
            boolean lowered = c.directory().getFileName().toString().equals(CacheFolder.LOWERED);
            parts.add((lowered ? "lowered kernels " : "binaries ") + entries.size());
        }
        out.println("entries     " + count + (parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")"));
        out.println("total size  " + total + " bytes");
        out.println("limit       " + (maxSize == 0 ? "none" : maxSize + " bytes") + " (per folder)");
        return OK;
    }

    private static int list(List<PersistentCache> caches, PrintStream out) {
        for (PersistentCache c : caches) {
            boolean lowered = c.directory().getFileName().toString().equals(CacheFolder.LOWERED);
            for (PersistentCache.EntryInfo e : c.inspect()) {
                String name = e.path().getFileName().toString();
                StringBuilder b = new StringBuilder();
                b.append(name, 0, Math.min(16, name.length())).append("  ").append(e.size()).append(" bytes  last use ")
                        .append(TIME.format(Instant.ofEpochMilli(e.lastUseMillis()))).append("  ");
                if (e.problem() != null) {
                    b.append("BAD: ").append(e.problem());
                } else {
                    Map<String, String> key = fields(e.keyText());
                    if (lowered) {
                        String cls = key.getOrDefault("implClass", "?");
                        b.append("lowered ").append(cls.substring(cls.lastIndexOf('/') + 1)).append('.')
                                .append(key.getOrDefault("implMethod", "?")).append(' ')
                                .append(key.getOrDefault("shape", "?"));
                    } else {
                        b.append("device '").append(key.getOrDefault("device", "?")).append("' (driver ")
                                .append(key.getOrDefault("driverVersion", "?")).append(", ")
                                .append(key.getOrDefault("platform", "?")).append(")  options '")
                                .append(key.getOrDefault("buildOptions", "")).append('\'');
                    }
                }
                out.println(b);
            }
        }
        return OK;
    }

    private static int verify(List<PersistentCache> caches, PrintStream out) {
        int checked = 0;
        int bad = 0;
        for (PersistentCache c : caches) {
            for (PersistentCache.EntryInfo e : c.inspect()) {
                checked++;
                if (e.problem() != null) {
                    bad++;
                    out.println("bad: " + e.path() + ": " + e.problem());
                }
            }
        }
        out.println(checked + " entries checked, " + bad + " bad");
        return bad == 0 ? OK : BAD;
    }

    private static int clear(Path dir, List<PersistentCache> caches, PrintStream out) throws IOException {
        int deleted = 0;
        for (PersistentCache c : caches) {
            deleted += c.clear();
        }
        out.println("cleared " + deleted + " entries from " + dir.toAbsolutePath().normalize());
        return OK;
    }

    /** The fields of a key text ({@code name=length:value\n} each); values cut to one line for display. */
    static Map<String, String> fields(String keyText) {
        Map<String, String> result = new LinkedHashMap<>();
        int i = 0;
        while (i < keyText.length()) {
            int eq = keyText.indexOf('=', i);
            int colon = eq < 0 ? -1 : keyText.indexOf(':', eq);
            if (colon < 0) {
                break;
            }
            int length;
            try {
                length = Integer.parseInt(keyText.substring(eq + 1, colon));
            } catch (NumberFormatException e) {
                break;
            }
            int end = colon + 1 + length;
            if (length < 0 || end > keyText.length()) {
                break;
            }
            result.put(keyText.substring(i, eq), keyText.substring(colon + 1, end));
            i = end + 1;
        }
        return result;
    }
}
