package io.jsycl.lowering;

/**
 * Rejects a construct of a kernel that cannot run on a device, at the place being translated: the
 * {@link LoweringException} names the kernel, the source line, the construct and what to do instead.
 */
@FunctionalInterface
interface Rejector {
    /**
     * The exception rejecting {@code construct}, for the caller to throw.
     *
     * @param construct what the kernel does, e.g. {@code "'new float[n]'"}
     * @param advice why a device cannot, and what to write instead
     */
    LoweringException reject(String construct, String advice);
}
