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
    void jsyclDeviceNamesTheNthDeviceOfATypeOrAPciAddress() {
        var cpus = Device.all().stream().filter(d -> d.type() == DeviceType.CPU).toList();
        try {
            for (int i = 0; i < cpus.size(); i++) {
                System.setProperty("jsycl.device", "CPU:" + i);
                assertThat(Device.select(DeviceSelector.DEFAULT)).isEqualTo(cpus.get(i));
            }
            System.setProperty("jsycl.device", "cpu:" + cpus.size());
            assertThatThrownBy(() -> Device.select(DeviceSelector.DEFAULT)).isInstanceOf(SyclException.class);
            for (Device device : Device.all()) {
                if (device.pciBusId().isPresent()) {
                    String address = device.pciBusId().orElseThrow();
                    System.setProperty("jsycl.device", "0000" + address.toUpperCase(java.util.Locale.ROOT));
                    assertThat(Device.select(DeviceSelector.DEFAULT)).as("nvidia-smi's form").isEqualTo(device);
                }
            }
            System.setProperty("jsycl.device", "ffff:ff:1f.7");
            assertThatThrownBy(() -> Device.select(DeviceSelector.DEFAULT)).as("no device there")
                    .isInstanceOf(SyclException.class);
        } finally {
            System.clearProperty("jsycl.device");
        }
    }

    @Test
    void pciBusIdSelectsOnlyTheDeviceThere() {
        assertThat(Device.host().pciBusId()).isEmpty();
        for (Device device : Device.all()) {
            device.pciBusId().ifPresent(address -> assertThat(Device.select(DeviceSelector.pciBusId(address)))
                    .isEqualTo(device));
        }
        assertThat(DeviceSelector.pciBusId("ffff:ff:1f.7").score(Device.host())).isNegative();
        assertThatThrownBy(() -> DeviceSelector.pciBusId("gpu0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'gpu0' is no PCI address");
    }

    @Test
    void devicesOfAPlatformWithPciAddressesAreInTheirOrder() {
        for (Platform platform : Platform.all()) {
            var addresses = platform.devices().stream().map(d -> d.pciBusId().orElse(null)).toList();
            if (!addresses.contains(null)) {
                assertThat(addresses).isSorted();
            }
        }
    }

    @Test
    void selectorRejectingEverythingSaysSo() {
        assertThatThrownBy(() -> Device.select(d -> -1)).isInstanceOf(SyclException.class)
                .hasMessageContaining("no device matches the selector");
    }
}
