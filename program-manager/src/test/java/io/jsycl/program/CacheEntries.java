package io.jsycl.program;

import java.util.Arrays;
import java.util.TreeMap;

/**
 * The keys and binaries that the persistent cache's tests ({@link PersistentCacheTest}, {@link CacheFolderTest}) store:
 * one device, keys told apart by their source, binaries by their size and fill byte.
 */
final class CacheEntries {
    private static final DeviceDescription DEVICE =
            new DeviceDescription("gpu", "OpenCL 3.0", "1.2.3", "Platform", "OpenCL 3.0");

    private CacheEntries() {
    }

    /** The key of {@code source} built with {@code -O2} for the one device. */
    static PersistentCacheKey key(String source) {
        return new PersistentCacheKey(source, "-O2", new TreeMap<>(), DEVICE);
    }

    /** {@code size} bytes, each {@code seed}. */
    static byte[] binary(int size, int seed) {
        byte[] b = new byte[size];
        Arrays.fill(b, (byte) seed);
        return b;
    }
}
