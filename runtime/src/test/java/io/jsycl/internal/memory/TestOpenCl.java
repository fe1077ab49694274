package io.jsycl.internal.memory;

import io.jsycl.Device;
import org.junit.jupiter.api.Assumptions;

/** The OpenCL device this package's tests that need one run on. */
final class TestOpenCl {
    private TestOpenCl() {
    }

    /** The first OpenCL device; the test is skipped where there is none, and fails under CI. */
    static Device device() {
        for (Device d : Device.all()) {
            if (!d.isHost()) {
                return d;
            }
        }
        Assumptions.assumeTrue(System.getenv("CI") == null, "CI is set but no OpenCL device was found");
        Assumptions.abort("no OpenCL device");
        return null;
    }
}
