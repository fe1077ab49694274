package io.jsycl.internal.host;

import io.jsycl.SyclException;
import io.jsycl.internal.launch.KernelCheck;
import io.jsycl.internal.launch.KernelLambdas;
import java.security.CodeSource;

/**
 * Names a kernel's failure on the host device as {@link KernelCheck} names a checked kernel's failure on a device:
 * {@code kernel Err.lambda$main$0 (Err.java:14), work-item [3, 0, 0]: index 16 out of bounds for length 16}. Java
 * throws the failure itself; this only adds the kernel, the line of the bad access (the first frame of the stack
 * outside jsycl and the JDK) and the work-item.
 */
final class HostKernelFailure {
    private HostKernelFailure() {
    }

    /**
     * {@code thrown}, described where it is an index out of bounds or an integer division by zero (the failures a
     * checked kernel reports on a device) or a barrier not every work-item reached: a new exception of its kind (a
     * {@code SyclException} for the barrier) with the kernel, line and work-item in its message and {@code thrown}'s
     * stack; any other exception as it is.
     *
     * @param thrown what the work-item threw
     * @param kernel the kernel lambda
     * @param id the work-item's global id in SYCL dimensions 0 to 2 (0 beyond the launch's dimensions)
     */
    static RuntimeException describe(RuntimeException thrown, Object kernel, int[] id) {
        if (kernel instanceof HostNdExecutor.Reducing reducing) {
            kernel = reducing.user();
        }
        if (!(thrown instanceof IndexOutOfBoundsException || thrown instanceof ArithmeticException
                || thrown instanceof HostGroup.DivergentBarrier) || isDescribed(thrown)) {
            return thrown;
        }
        String message = thrown.getMessage() == null ? "" : thrown.getMessage();
        if (message.startsWith("Index ")) {
            message = "index " + message.substring("Index ".length()); // as a device words it
        }
        String where = KernelCheck.where(kernelName(kernel), location(thrown, kernel.getClass().getClassLoader()),
                id[0], id[1], id[2]) + ": ";
        RuntimeException described = switch (thrown) {
            case ArrayIndexOutOfBoundsException e -> new ArrayIndexOutOfBoundsException(where + message);
            case IndexOutOfBoundsException e -> new IndexOutOfBoundsException(where + message);
            case HostGroup.DivergentBarrier e -> new SyclException(where + message);
            default -> new ArithmeticException(where + message);
        };
        // Its own stack, not a cause of the same type: the host executor's unwrapping of the pool's copies would
        // take such a cause for the original.
        described.setStackTrace(thrown.getStackTrace());
        return described;
    }

    private static boolean isDescribed(RuntimeException thrown) {
        return thrown.getMessage() != null && thrown.getMessage().startsWith("kernel ");
    }

    /** {@code Err.lambda$main$0}, or the kernel's class name where it is no lambda. */
    private static String kernelName(Object kernel) {
        try {
            return KernelLambdas.kernelName(kernel);
        } catch (RuntimeException e) {
            return kernel.getClass().getName();
        }
    }

    /** {@code File.java:line} of the first frame outside jsycl's runtime and the JDK, or "unknown source". */
    private static String location(Throwable thrown, ClassLoader loader) {
        for (StackTraceElement frame : thrown.getStackTrace()) {
            String cls = frame.getClassName();
            if (cls.startsWith("java.") || cls.startsWith("jdk.") || cls.startsWith("sun.") || isRuntime(cls, loader)) {
                continue;
            }
            return (frame.getFileName() == null ? cls : frame.getFileName())
                    + (frame.getLineNumber() > 0 ? ":" + frame.getLineNumber() : "");
        }
        return "unknown source";
    }

    /**
     * Whether {@code className} is a class of this runtime, told by where it was loaded from (not by its package:
     * a user's classes may share {@code io.jsycl}, as this module's tests do).
     */
    private static boolean isRuntime(String className, ClassLoader loader) {
        try {
            CodeSource source = Class.forName(className, false, loader).getProtectionDomain().getCodeSource();
            return source != null && RUNTIME != null && source.getLocation().equals(RUNTIME.getLocation());
        } catch (ClassNotFoundException | LinkageError | SecurityException e) {
            return false;
        }
    }

    private static final CodeSource RUNTIME = HostKernelFailure.class.getProtectionDomain().getCodeSource();
}
