package io.jsycl.opencl;

import org.junit.jupiter.api.Assumptions;

import java.util.List;

import static org.assertj.core.api.Assertions.fail;

/** The OpenCL device tests run on: the first device found; in CI (env CI set) its absence fails the test. */
final class TestPlatforms {
    private TestPlatforms() {
    }

    static ClDevice requireDevice() {
        List<ClDevice> devices = ClPlatform.all().stream().flatMap(p -> p.devices().stream()).toList();
        if (devices.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail("CI is set but no OpenCL platform/device was found: install PoCL (pocl-opencl-icd) and ocl-icd-libopencl1");
            }
            Assumptions.abort("no OpenCL platform found");
        }
        return devices.stream().filter(ClDevice::isCpu).findFirst().orElse(devices.get(0));
    }
}
