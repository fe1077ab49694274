package io.jsycl.lowering;

/**
 * A kernel uses a construct that cannot run on a device. The message names the kernel, the
 * source file and line, the construct and what to do instead.
 */
public final class LoweringException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The kernel, as {@code SimpleClass.method}. */
    private final String kernel;
    /** The source file, or null when unknown. */
    private final String sourceFile;
    /** The source line, or -1 when unknown. */
    private final int line;
    /** The rejected construct in Java terms. */
    private final String construct;
    /** Why it is rejected and what to do instead. */
    private final String advice;

    /**
     * A rejected construct; the message reads "kernel K (File.java:42): construct advice".
     *
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

    /**
     * The kernel, as {@code SimpleClass.method}.
     *
     * @return e.g. {@code "VectorAdd.lambda$main$0"}
     */
    public String kernel() {
        return kernel;
    }

    /**
     * The source file, or {@code null} if the class has none recorded.
     *
     * @return e.g. {@code "VectorAdd.java"}, or null
     */
    public String sourceFile() {
        return sourceFile;
    }

    /**
     * The source line, or -1 if unknown.
     *
     * @return the 1-based line of the construct, or -1 when the class has no line numbers
     */
    public int line() {
        return line;
    }

    /**
     * The rejected construct in Java terms.
     *
     * @return e.g. {@code "'new float[4]'"}
     */
    public String construct() {
        return construct;
    }

    /**
     * Why it is rejected and what to do instead.
     *
     * @return the advice, as the message ends with it
     */
    public String advice() {
        return advice;
    }
}
