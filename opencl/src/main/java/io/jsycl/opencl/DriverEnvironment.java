package io.jsycl.opencl;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Settings the OpenCL drivers read from the process environment when they start, made before the
 * first OpenCL call.
 *
 * <p>PoCL's CPU device installs a {@code SIGFPE} handler that makes integer division by zero in a
 * kernel continue silently. The handler is process-wide, so it also catches the JVM's own
 * division traps: Java's {@code x / 0} would then give a wrong value instead of throwing
 * {@link ArithmeticException}. jsycl's generated kernels never divide by zero (division by zero
 * has a defined result, or is reported in checked mode), so the handler is turned off with
 * {@code POCL_SIGFPE_HANDLER=0} unless the user set that variable. A hand-written kernel that
 * divides an integer by zero on PoCL then stops the process, as a Java division by zero cannot be
 * told apart from it.
 */
final class DriverEnvironment {
    private static boolean applied;

    private DriverEnvironment() {
    }

    /** Applies the settings once; idempotent and thread safe. */
    static synchronized void apply() {
        if (applied) {
            return;
        }
        applied = true;
        setIfAbsent("POCL_SIGFPE_HANDLER", "0");
        JvmSignalHandlers.original(); // reads the JVM's handlers before any driver is loaded
    }

    @SuppressWarnings("restricted") // calls the C library's setenv; the module is granted native access
    private static void setIfAbsent(String name, String value) {
        if (System.getenv(name) != null) {
            return;
        }
        Linker linker = Linker.nativeLinker();
        MemorySegment setenv = linker.defaultLookup().find("setenv").orElse(null);
        if (setenv == null) {
            return; // not a POSIX C library: nothing to set
        }
        MethodHandle handle = linker.downcallHandle(setenv,
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        try (Arena arena = Arena.ofConfined()) {
            int ignored = (int) handle.invokeExact(arena.allocateFrom(name), arena.allocateFrom(value), 0);
        } catch (Throwable t) {
            throw new IllegalStateException("setenv(" + name + ") failed", t);
        }
    }
}
