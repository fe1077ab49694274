package io.jsycl.opencl;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClPlatformTest {
    @Test
    void findsAPlatformWithADevice() {
        ClDevice d = TestPlatforms.requireDevice();
        assertThat(ClPlatform.all()).isNotEmpty();
        ClPlatform p = d.platform();
        assertThat(p.name()).isNotBlank();
        assertThat(p.vendor()).isNotBlank();
        assertThat(p.version()).startsWith("OpenCL ");
        assertThat(p.profile()).isIn("FULL_PROFILE", "EMBEDDED_PROFILE");
        assertThat(p.devices()).contains(d);
    }

    @Test
    void deviceQueriesAreSane() {
        ClDevice d = TestPlatforms.requireDevice();
        assertThat(d.name()).isNotBlank();
        assertThat(d.toString()).isEqualTo(d.name());
        assertThat(d.version()).startsWith("OpenCL ");
        assertThat(d.openclCVersion()).startsWith("OpenCL C ");
        assertThat(d.driverVersion()).isNotBlank();
        assertThat(d.vendor()).isNotBlank();
        assertThat(d.profile()).isIn("FULL_PROFILE", "EMBEDDED_PROFILE");
        assertThat(d.type()).isNotZero();
        assertThat(d.isGpu() || d.isCpu() || d.isAccelerator() || d.type() != 0).isTrue();
        assertThat(d.maxComputeUnits()).isPositive();
        assertThat(d.maxWorkGroupSize()).isPositive();
        assertThat(d.maxWorkItemSizes()).hasSizeGreaterThanOrEqualTo(3).doesNotContain(0L);
        assertThat(d.globalMemSize()).isPositive();
        assertThat(d.localMemSize()).isPositive();
        assertThat(d.maxMemAllocSize()).isPositive().isLessThanOrEqualTo(d.globalMemSize());
        assertThat(d.singleFpConfig()).isNotZero();
        assertThat(d.doubleFpConfig()).isNotNegative();
        assertThat(d.addressBits()).isIn(32, 64);
        assertThat(d.profilingTimerResolution()).isPositive();
        assertThat(d.available()).isTrue();
        assertThat(d.compilerAvailable()).isTrue();
        String first = d.extensions().trim().split("\\s+")[0];
        assertThat(d.hasExtension(first)).isTrue();
        assertThat(d.hasExtension("cl_no_such_extension")).isFalse();
        assertThat(ClDevice.of(d.handle())).isEqualTo(d).hasSameHashCodeAs(d);
    }
}
