package io.jsycl.internal.platform;

import io.jsycl.Device;
import io.jsycl.DeviceType;


/** The default device selector's scoring. */
public final class Selectors {
    private Selectors() {
    }

    /**
     * The score of {@link io.jsycl.DeviceSelector#DEFAULT}: the device {@code JSYCL_DEVICE} names where it is set,
     * else GPU > accelerator > CPU > host.
     */
    public static int defaultScore(Device device) {
        String override = Settings.current().device();
        if (override != null) {
            return overrideScore(override, device);
        }
        return switch (device.type()) {
            case GPU -> 400;
            case ACCELERATOR -> 300;
            case CPU -> 200;
            case HOST -> 100;
        };
    }

    private static int overrideScore(String override, Device device) {
        return switch (override) {
            case "gpu" -> device.type() == DeviceType.GPU ? 1 : -1;
            case "cpu" -> device.type() == DeviceType.CPU ? 1 : -1;
            case "accelerator" -> device.type() == DeviceType.ACCELERATOR ? 1 : -1;
            case "host" -> device.type() == DeviceType.HOST ? 1 : -1;
            default -> device.name().toLowerCase(java.util.Locale.ROOT).contains(override) ? 1 : -1;
        };
    }
}
