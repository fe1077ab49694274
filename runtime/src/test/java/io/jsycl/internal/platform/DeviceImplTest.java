package io.jsycl.internal.platform;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Device;
import io.jsycl.Range;
import io.jsycl.internal.memory.ApiAccess;
import org.junit.jupiter.api.Test;

class DeviceImplTest {
    /** An H100's limits: 1024 work-items a group, 1024 x 1024 x 64 per dimension in OpenCL order. */
    private static final long[] GPU_ITEM_SIZES = {1024, 1024, 64};

    @Test
    void aWorkGroupWithinEveryLimitPasses() {
        assertThatCode(() -> DeviceImpl.checkWorkGroup(Range.of(4, 4, 64), 1024, GPU_ITEM_SIZES, "gpu"))
                .doesNotThrowAnyException();
        assertThatCode(() -> DeviceImpl.checkWorkGroup(Range.of(1024), 1024, GPU_ITEM_SIZES, "gpu"))
                .doesNotThrowAnyException();
    }

    @Test
    void aWorkGroupOverTheTotalNamesItsSizeTheLimitAndTheDevice() {
        assertThatThrownBy(() -> DeviceImpl.checkWorkGroup(Range.of(32, 64), 1024, GPU_ITEM_SIZES, "gpu"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("local range Range[32, 64] is a work-group of 2048 work-items, but gpu runs at most 1024"
                        + " (Device.maxWorkGroupSize()); use a smaller local range and more work-groups");
    }

    @Test
    void aWorkGroupOverOneDimensionsLimitNamesTheSyclDimension() {
        // SYCL dimension 0 of a 3-D range is OpenCL dimension 2, which allows 64 here.
        assertThatThrownBy(() -> DeviceImpl.checkWorkGroup(Range.of(128, 2, 2), 1024, GPU_ITEM_SIZES, "gpu"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("local range Range[128, 2, 2] has 128 work-items in dimension 0, but gpu runs at"
                        + " most 64 there");
    }

    @Test
    void theHostDeviceStatesTheLimitItEnforces() {
        Device host = Device.host();
        assertThatThrownBy(() -> ApiAccess.get().impl(host).checkWorkGroup(Range.of((int) host.maxWorkGroupSize() + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("jsycl host device");
        assertThatCode(() -> ApiAccess.get().impl(host).checkWorkGroup(Range.of((int) host.maxWorkGroupSize())))
                .doesNotThrowAnyException();
    }
}
