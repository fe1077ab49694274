package io.jsycl.program;

/**
 * What {@link KernelProgramCache} needs of a compiler: the cache is the driver, this is the
 * meaning. {@link OpenClCompiler} is the real one; tests plug in a fake that counts builds and
 * can fail or stall on demand.
 *
 * @param <D> device (equal devices share cache entries)
 * @param <P> built program
 * @param <K> kernel
 */
interface ProgramCompiler<D, P, K> {

    /** Describes the device for the persistent cache key. */
    DeviceDescription describe(D device);

    /**
     * Creates and builds a program from source for one device.
     *
     * @throws ProgramBuildException when the compiler rejects the source (stored and rethrown
     *                               to every waiter); any other exception is treated as
     *                               spurious and the build is retried by the next caller
     */
    P buildFromSource(D device, String source, String buildOptions);

    /** Creates a program from a binary and builds it; any exception means "build from source instead". */
    P buildFromBinary(D device, byte[] binary, String buildOptions);

    /** The device binary of a built program, for the persistent cache. */
    byte[] binary(P program, D device);

    /**
     * Creates a kernel object; called again for each extra concurrent user of a cached kernel
     * (a fresh kernel of a program equals a clone with no arguments set), so it must be thread safe.
     * A kernel name the program lacks is a {@link ProgramBuildException}.
     */
    K createKernel(P program, String kernelName);


    void releaseKernel(K kernel);

    void releaseProgram(P program);
}
