package io.jsycl.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * PCI addresses in the forms the rest of a system writes them all reach one canonical form; devices report theirs in
 * it, or none.
 */
class PciAddressTest {
    @Test
    void everyUsualFormHasOneCanonicalForm() {
        assertThat(PciAddress.format(0, 0x1b, 0, 0)).isEqualTo("0000:1b:00.0");
        assertThat(PciAddress.parse("0000:1b:00.0")).as("Linux, lspci -D").isEqualTo("0000:1b:00.0");
        assertThat(PciAddress.parse("00000000:1B:00.0")).as("nvidia-smi").isEqualTo("0000:1b:00.0");
        assertThat(PciAddress.parse("0000:1B:00.0")).as("CUDA").isEqualTo("0000:1b:00.0");
        assertThat(PciAddress.parse(" 1b:00.0 ")).as("no domain").isEqualTo("0000:1b:00.0");
        assertThat(PciAddress.parse("0001:c3:1f.7")).isEqualTo("0001:c3:1f.7");
    }

    @Test
    void whatIsNoAddressIsNull() {
        for (String text : new String[] {"", "gpu", "gpu:1", "1b:00", "1b.00.0", "0000:1b:00.0.1", "zz:00.0"}) {
            assertThat(PciAddress.parse(text)).as(text).isNull();
        }
    }

    @Test
    void aDeviceReportsItsAddressCanonicallyOrNone() {
        for (ClPlatform platform : ClPlatform.all()) {
            for (ClDevice device : platform.devices()) {
                String address = device.pciBusId();
                boolean offered = device.hasExtension("cl_khr_pci_bus_info")
                        || device.hasExtension("cl_nv_device_attribute_query");
                assertThat(address != null).as(device.name() + " offers an address").isEqualTo(offered);
                if (address != null) {
                    assertThat(PciAddress.parse(address)).as(device.name()).isEqualTo(address);
                }
            }
        }
    }
}
