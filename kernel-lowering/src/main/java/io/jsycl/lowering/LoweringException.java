package io.jsycl.lowering;

/**
 * A kernel uses a construct that cannot run on a device. The message names the kernel, the
 * source file and line, the construct and what to do instead.
 */
public final class LoweringException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String kernel;
    private final String sourceFile;
    private final int line;
    private final String construct;
    private final String advice;

    /**
     * @param kernel the kernel, as {@code SimpleClass.method}
     * @param sourceFile the source file, or {@code null} if unknown
     * @param line the line, or -1 if unknown
     * @param construct the construct in Java terms, e.g. {@code 'new float[4]'}
     * @param advice why it is rejected and what to do instead
     */
    public LoweringException(String kernel, String sourceFile, int line, String construct, String advice) {
        super(message(kernel, sourceFile, line, construct, advice));
        this.kernel = kernel;
        this.sourceFile = sourceFile;
        this.line = line;
        this.construct = construct;
        this.advice = advice;
    }

    private static String message(String kernel, String sourceFile, int line, String construct, String advice) {
        String where = sourceFile == null ? "unknown source" : line < 0 ? sourceFile : sourceFile + ":" + line;
        return "kernel " + kernel + " (" + where + "): " + construct + " " + advice;
    }

    /** The kernel, as {@code SimpleClass.method}. */
    public String kernel() {
        return kernel;
    }

    /** The source file, or {@code null} if the class has none recorded. */
    public String sourceFile() {
        return sourceFile;
    }

    /** The source line, or -1 if unknown. */
    public int line() {
        return line;
    }

    /** The rejected construct in Java terms. */
    public String construct() {
        return construct;
    }

    /** Why it is rejected and what to do instead. */
    public String advice() {
        return advice;
    }
}
