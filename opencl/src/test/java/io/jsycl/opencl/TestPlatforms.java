package io.jsycl.opencl;

import org.junit.jupiter.api.Assumptions;

import java.util.List;

import static org.assertj.core.api.Assertions.fail;

/**
 * The OpenCL device tests run on: the one {@code JSYCL_DEVICE} names (gpu, cpu or a name substring) where set, else
 * the first CPU device, else the first device; in CI (env CI set) its absence fails the test.
 */
final class TestPlatforms {
    private TestPlatforms() {
    }

    static ClDevice requireDevice() {
        List<ClDevice> devices = ClPlatform.devicesMatching(System.getenv("JSYCL_DEVICE"));
        if (devices.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail("CI is set but no OpenCL platform/device was found: install PoCL (pocl-opencl-icd) and ocl-icd-libopencl1");
            }
            Assumptions.abort("no OpenCL platform found");
        }
        return devices.stream().filter(ClDevice::isCpu).findFirst().orElse(devices.get(0));
    }
}
