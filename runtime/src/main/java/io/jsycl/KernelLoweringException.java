package io.jsycl;

/**
 * A kernel lambda uses something a kernel cannot do. The message names the kernel, the source
 * file and line, the construct, and what to do instead.
 */
public final class KernelLoweringException extends SyclException {
    private static final long serialVersionUID = 1L;
    /** The kernel's name ({@code Class.lambda$method$0}). */
    private final String kernel;
    /** The source file of the rejected construct, or {@code null}. */
    private final String sourceFile;
    /** The line of the rejected construct, or -1. */
    private final int line;
    /** The rejected construct, as the message names it. */
    private final String construct;

    /**
     * Made by the runtime from the lowering's diagnosis.
     *
     * @param message the message: kernel, source line, construct and what to do instead
     * @param kernel the kernel, as {@code Class.lambda$method$0}
     * @param sourceFile the source file, or null when unknown
     * @param line the source line, or -1 when unknown
     * @param construct the unsupported construct, in Java terms
     * @param cause the lowering's exception
     */
    public KernelLoweringException(String message, String kernel, String sourceFile, int line, String construct,
            Throwable cause) {
        super(message, cause);
        this.kernel = kernel;
        this.sourceFile = sourceFile;
        this.line = line;
        this.construct = construct;
    }

    /**
     * The kernel, as {@code Class.lambda$method$0}.
     *
     * @return the kernel's name
     */
    public String kernel() {
        return kernel;
    }

    /**
     * The source file of the offending code, or null when unknown.
     *
     * @return the file name, or null
     */
    public String sourceFile() {
        return sourceFile;
    }

    /**
     * The source line, or -1 when unknown.
     *
     * @return the 1-based line, or -1
     */
    public int line() {
        return line;
    }

    /**
     * The unsupported construct, in Java terms.
     *
     * @return the construct, e.g. {@code 'new float[4]'}
     */
    public String construct() {
        return construct;
    }
}
