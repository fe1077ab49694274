package io.jsycl.internal.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Device;
import io.jsycl.opencl.DriverQuirk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which devices get which driver quirk, and how JSYCL_QUIRKS changes that. */
class DeviceQuirkTest {
    @AfterEach
    void restore() {
        System.clearProperty("jsycl.quirks");
    }

    @Test
    void nvidiasOpenClGetsTheNanToIntegerAndFillQuirksAndPoclTheOffsetLaunchesAndFoldedBuiltinsOnes() {
        assertThat(DeviceImpl.quirksOf("NVIDIA Corporation", "NVIDIA Corporation"))
                .containsExactlyInAnyOrder(DriverQuirk.NAN_TO_INTEGER, DriverQuirk.FILL_UNITS_32_BIT);
        assertThat(DeviceImpl.quirksOf("The pocl project", "GenuineIntel"))
                .containsExactlyInAnyOrder(DriverQuirk.OFFSET_LAUNCHES_APART, DriverQuirk.FOLDED_BUILTINS);
        assertThat(DriverQuirk.OFFSET_LAUNCHES_APART.perLaunch()).isTrue();
        assertThat(DriverQuirk.FOLDED_BUILTINS.buildOption()).isEqualTo("-DJSYCL_QUIRK_FOLDED_BUILTINS");
        assertThat(DriverQuirk.NAN_TO_INTEGER.perLaunch()).isFalse();
        assertThat(DriverQuirk.NAN_TO_INTEGER.buildOption()).isEqualTo("-DJSYCL_QUIRK_NAN_TO_INTEGER");
        assertThat(DriverQuirk.NAN_TO_INTEGER.settingName()).isEqualTo("nan-to-integer");
        // The fill quirk is the runtime's to work around (fills in pieces), not a build option.
        assertThat(DriverQuirk.FILL_UNITS_32_BIT.ofBuilds()).isFalse();
        assertThat(DriverQuirk.NAN_TO_INTEGER.ofBuilds()).isTrue();
    }

    @Test
    void theSettingTurnsAQuirkOnOrOff() {
        System.setProperty("jsycl.quirks", "nan-to-integer,-offset-launches-apart");
        assertThat(DeviceImpl.quirksOf("The pocl project", "GenuineIntel"))
                .containsExactlyInAnyOrder(DriverQuirk.NAN_TO_INTEGER, DriverQuirk.FOLDED_BUILTINS);
        System.setProperty("jsycl.quirks", " -NAN-to-integer ");
        assertThat(DeviceImpl.quirksOf("NVIDIA Corporation", "NVIDIA Corporation"))
                .containsExactly(DriverQuirk.FILL_UNITS_32_BIT);
        System.setProperty("jsycl.quirks", "+nan-to-integer");
        assertThat(DeviceImpl.quirksOf("The pocl project", "GenuineIntel"))
                .containsExactlyInAnyOrder(DriverQuirk.NAN_TO_INTEGER, DriverQuirk.OFFSET_LAUNCHES_APART,
                        DriverQuirk.FOLDED_BUILTINS);
    }

    @Test
    void anUnknownQuirkIsRejectedWithTheKnownOnes() {
        System.setProperty("jsycl.quirks", "nan-to-integer,fast-atomics");
        assertThatThrownBy(() -> DeviceImpl.quirksOf("x", "y")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("JSYCL_QUIRKS (or -Djsycl.quirks) names 'fast-atomics', which is no quirk; known: "
                        + "nan-to-integer, offset-launches-apart, fill-units-32-bit, folded-builtins"
                        + " (prefix - to turn one off)");
    }

    @Test
    void theHostDeviceHasNoQuirks() {
        System.setProperty("jsycl.quirks", "nan-to-integer");
        assertThat(Device.host().quirks()).isEmpty();
    }
}
