package io.jsycl.opencl;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps the JVM's signal handlers installed while OpenCL drivers start.
 *
 * <p>The JVM relies on its own handlers for {@code SIGSEGV}, {@code SIGBUS}, {@code SIGFPE} and
 * {@code SIGILL}: safepoint polls, implicit null checks and division traps are faults it expects
 * and turns into ordinary Java behaviour. A native library that installs its own handler for one
 * of these signals with {@code sigaction} replaces the JVM's for the whole process; the next such
 * fault in Java code then reaches the library's handler, which kills the process without an
 * {@code hs_err} file, at a random place (typically a garbage collection). The JVM only tolerates
 * this when started with {@code LD_PRELOAD=libjsig.so}, which records such handlers for chaining
 * instead of letting them replace the JVM's.
 *
 * <p>jsycl reads the handlers of {@link #SIGNALS} before its first OpenCL call and, after each call
 * that can load or start a driver (platform discovery, context, queue and program creation),
 * puts back any of them that a driver replaced. Each replacement is logged at {@code DEBUG} with
 * the library that owns the replacing handler and kept in {@link #restored()}. The driver's handler
 * is dropped, not chained: without {@code libjsig} the JVM cannot chain to a handler installed after
 * it started, and a driver fault reaching the JVM's handler produces an {@code hs_err} report
 * instead of a silent exit. With {@code libjsig} preloaded, drivers never replace the JVM's handlers
 * and there is nothing to restore.
 *
 * <p>Linux only ({@code struct sigaction} of glibc on 64-bit targets); elsewhere every method does
 * nothing. Thread safety: the check is synchronized on the class; handlers are process-wide.
 */
public final class JvmSignalHandlers {
    private static final System.Logger LOG = System.getLogger(JvmSignalHandlers.class.getName());

    /** The signals whose JVM handlers are kept, by Linux number. */
    static final Map<Integer, String> SIGNALS = signals();

    // struct sigaction on 64-bit Linux (glibc): handler at 0, sa_mask (128 bytes) at 8, sa_flags (int) at 136,
    // sa_restorer at 144; 152 bytes. Dl_info: four pointers.
    private static final long SIGACTION_BYTES = 152;
    private static final long MASK_OFFSET = 8;
    private static final long KERNEL_MASK_BYTES = 8;
    private static final long FLAGS_OFFSET = 136;
    private static final long DL_INFO_BYTES = 32;

    private static final MethodHandle SIGACTION;
    private static final MethodHandle DLADDR;
    /** The handlers as they were before the first OpenCL call (only those with a handler function). */
    private static final Map<Integer, byte[]> ORIGINAL = new LinkedHashMap<>();
    // Guarded by JvmSignalHandlers.class
    private static final List<Replacement> RESTORED = new ArrayList<>();

    /**
     * A JVM handler that a driver replaced, and jsycl put back.
     *
     * @param signal the signal's name, e.g. {@code "SIGSEGV"}
     * @param library the shared object that holds the replacing handler (from {@code dladdr}), or
     *     {@code "?"} where it cannot be told
     * @param handler the replacing handler's address
     * @param afterCall the OpenCL call after which the replacement was found
     */
    public record Replacement(String signal, String library, long handler, String afterCall) {
        @Override
        public String toString() {
            return signal + " handler replaced by " + library + " (0x" + Long.toHexString(handler) + ") during "
                    + afterCall;
        }
    }

    static {
        MethodHandle[] handles = isLinux64() ? downcalls() : new MethodHandle[2];
        SIGACTION = handles[0];
        DLADDR = handles[1];
        if (SIGACTION != null) {
            for (int sig : SIGNALS.keySet()) {
                byte[] action = read(sig);
                if (action != null && handlerOf(action) > 1) { // 0 = SIG_DFL, 1 = SIG_IGN: nothing of the JVM's
                    ORIGINAL.put(sig, action);
                }
            }
        }
    }

    @SuppressWarnings("restricted") // the C library's sigaction and dladdr; the module is granted native access
    private static MethodHandle[] downcalls() {
        Linker linker = Linker.nativeLinker();
        MethodHandle[] out = new MethodHandle[2];
        linker.defaultLookup().find("sigaction").ifPresent(sa -> out[0] = linker.downcallHandle(sa,
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS)));
        linker.defaultLookup().find("dladdr").or(JvmSignalHandlers::libdlDladdr).ifPresent(dl -> out[1] =
                linker.downcallHandle(dl, FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS)));
        return out;
    }

    private JvmSignalHandlers() {
    }

    private static Map<Integer, String> signals() {
        var m = new LinkedHashMap<Integer, String>();
        m.put(11, "SIGSEGV");
        m.put(7, "SIGBUS");
        m.put(8, "SIGFPE");
        m.put(4, "SIGILL");
        m.put(5, "SIGTRAP");
        m.put(12, "SIGUSR2"); // thread suspend/resume
        m.put(3, "SIGQUIT"); // thread dumps
        m.put(13, "SIGPIPE");
        m.put(25, "SIGXFSZ");
        m.put(1, "SIGHUP"); // shutdown hooks
        m.put(2, "SIGINT");
        m.put(15, "SIGTERM");
        return Collections.unmodifiableMap(m);
    }

    private static boolean isLinux64() {
        return System.getProperty("os.name", "").equals("Linux") && ValueLayout.ADDRESS.byteSize() == 8;
    }

    @SuppressWarnings("restricted") // looks up dladdr in libdl where the C library does not export it (glibc < 2.34)
    private static Optional<MemorySegment> libdlDladdr() {
        try {
            return SymbolLookup.libraryLookup("libdl.so.2", Arena.global()).find("dladdr");
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads every kept signal's handler and puts back the JVM's where a driver replaced it. Called
     * by the checked layer after the OpenCL calls that can load or start a driver; cheap (one
     * {@code sigaction} per signal), but not meant for per-launch calls.
     *
     * @param afterCall the OpenCL call just made, for the log and {@link #restored()}
     */
    static synchronized void check(String afterCall) {
        if (SIGACTION == null) {
            return;
        }
        for (var e : ORIGINAL.entrySet()) {
            int sig = e.getKey();
            byte[] now = read(sig);
            if (now == null || sameAction(now, e.getValue())) {
                continue;
            }
            var replacement = new Replacement(SIGNALS.get(sig), libraryOf(handlerOf(now)), handlerOf(now), afterCall);
            write(sig, e.getValue());
            RESTORED.add(replacement);
            LOG.log(System.Logger.Level.DEBUG, "{0}; the JVM''s handler ({1}) is restored", replacement,
                    libraryOf(handlerOf(e.getValue())));
        }
    }

    /**
     * Every replacement of a JVM handler found and undone so far in this process, in order.
     *
     * @return an unmodifiable copy; empty where no driver touched the JVM's handlers
     */
    public static synchronized List<Replacement> restored() {
        return List.copyOf(RESTORED);
    }

    /**
     * The shared object that holds each kept signal's current handler, for diagnostics: e.g.
     * {@code SIGSEGV -> /usr/lib/jvm/.../libjvm.so}. {@code "SIG_DFL"} or {@code "SIG_IGN"} where
     * the signal has no handler function.
     *
     * @return signal name to library, in {@link #SIGNALS} order; empty where not supported
     */
    public static Map<String, String> current() {
        var out = new LinkedHashMap<String, String>();
        if (SIGACTION == null) {
            return out;
        }
        for (var e : SIGNALS.entrySet()) {
            byte[] action = read(e.getKey());
            long h = action == null ? 0 : handlerOf(action);
            out.put(e.getValue(), h == 0 ? "SIG_DFL" : h == 1 ? "SIG_IGN" : libraryOf(h));
        }
        return out;
    }

    /**
     * The JVM's handlers as read before the first OpenCL call, by the library that holds each.
     *
     * @return signal name to library, for the signals that had a handler function
     */
    public static Map<String, String> original() {
        var out = new LinkedHashMap<String, String>();
        for (var e : ORIGINAL.entrySet()) {
            out.put(SIGNALS.get(e.getKey()), libraryOf(handlerOf(e.getValue())));
        }
        return out;
    }

    private static boolean sameAction(byte[] a, byte[] b) {
        // The handler, the kernel's 64-signal part of sa_mask (glibc copies the rest of its 128-byte sigset_t out
        // of uninitialised stack) and sa_flags; sa_restorer is the C library's own.
        return Arrays.equals(a, 0, (int) (MASK_OFFSET + KERNEL_MASK_BYTES), b, 0, (int) (MASK_OFFSET + KERNEL_MASK_BYTES))
                && Arrays.equals(a, (int) FLAGS_OFFSET, (int) FLAGS_OFFSET + 4, b, (int) FLAGS_OFFSET, (int) FLAGS_OFFSET + 4);
    }

    private static long handlerOf(byte[] action) {
        return MemorySegment.ofArray(action).get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
    }

    /** Replaces a signal's action, for tests that simulate a driver. */
    static synchronized void replaceForTest(int sig, long handler) {
        byte[] action = read(sig);
        MemorySegment.ofArray(action).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, handler);
        MemorySegment.ofArray(action).set(ValueLayout.JAVA_INT_UNALIGNED, FLAGS_OFFSET, 0);
        MemorySegment.ofArray(action).asSlice(MASK_OFFSET, FLAGS_OFFSET - MASK_OFFSET).fill((byte) 0);
        write(sig, action);
    }

    private static byte[] read(int sig) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment old = a.allocate(SIGACTION_BYTES, 8);
            int rc = (int) SIGACTION.invokeExact(sig, MemorySegment.NULL, old);
            return rc == 0 ? old.toArray(ValueLayout.JAVA_BYTE) : null;
        } catch (Throwable t) {
            throw new IllegalStateException("sigaction(" + sig + ") failed", t);
        }
    }

    private static void write(int sig, byte[] action) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment act = a.allocate(SIGACTION_BYTES, 8);
            act.copyFrom(MemorySegment.ofArray(action));
            int rc = (int) SIGACTION.invokeExact(sig, act, MemorySegment.NULL);
            if (rc != 0) {
                LOG.log(System.Logger.Level.WARNING, "could not restore the JVM''s handler of signal {0}", sig);
            }
        } catch (Throwable t) {
            throw new IllegalStateException("sigaction(" + sig + ") failed", t);
        }
    }

    @SuppressWarnings("restricted") // reads the C strings dladdr returns
    private static String libraryOf(long address) {
        if (DLADDR == null || address <= 1) {
            return "?";
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment info = a.allocate(DL_INFO_BYTES, 8);
            int found = (int) DLADDR.invokeExact(MemorySegment.ofAddress(address), info);
            if (found == 0) {
                return "?";
            }
            MemorySegment name = info.get(ValueLayout.ADDRESS, 0);
            if (name.equals(MemorySegment.NULL)) {
                return "?";
            }
            String file = name.reinterpret(4096).getString(0);
            MemorySegment symbol = info.get(ValueLayout.ADDRESS, 16);
            String sym = symbol.equals(MemorySegment.NULL) ? "" : " " + symbol.reinterpret(4096).getString(0);
            return file + sym;
        } catch (Throwable t) {
            return "?";
        }
    }
}
