package io.jsycl.program;

import java.util.Objects;

/** What the persistent cache key needs to know of a device: everything that changes its binaries. */
record DeviceDescription(String name, String version, String driverVersion,
                         String platformName, String platformVersion) {
    DeviceDescription {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(driverVersion, "driverVersion");
        Objects.requireNonNull(platformName, "platformName");
        Objects.requireNonNull(platformVersion, "platformVersion");
    }
}
