package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DeviceSelectorTest {
    @Test
    void hostDeviceIsAlwaysPresentAndLast() {
        assertThat(Device.all()).last().isEqualTo(Device.host());
        assertThat(Device.host().type()).isEqualTo(DeviceType.HOST);
        assertThat(Device.select(DeviceSelector.HOST)).isSameAs(Device.host());
    }

    @Test
    void defaultPrefersOpenClDevicesOverTheHost() {
        boolean hasOpenCl = Device.all().stream().anyMatch(d -> !d.isHost());
        Device chosen = Device.select(DeviceSelector.DEFAULT);
        assertThat(chosen.isHost()).isEqualTo(!hasOpenCl);
    }

    @Test
    void jsyclDeviceOverridesTheDefault() {
        System.setProperty("jsycl.device", "host");
        try {
            assertThat(Device.select(DeviceSelector.DEFAULT)).isSameAs(Device.host());
        } finally {
            System.clearProperty("jsycl.device");
        }
    }

    @Test
    void selectorRejectingEverythingSaysSo() {
        assertThatThrownBy(() -> Device.select(d -> -1)).isInstanceOf(SyclException.class)
                .hasMessageContaining("no device matches the selector");
    }
}
