package io.jsycl.internal.platform;

import io.jsycl.Device;
import io.jsycl.DeviceType;
import io.jsycl.opencl.PciAddress;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;


/** The default device selector's scoring. */
public final class Selectors {
    private Selectors() {
    }

    /**
     * The score of {@link io.jsycl.DeviceSelector#DEFAULT}: the device {@code JSYCL_DEVICE} names where it is set
     * ({@code gpu}, {@code cpu}, {@code accelerator}, {@code host}, the n-th of a type as {@code gpu:1}, a PCI address
     * such as {@code 0000:1b:00.0} in any of its usual forms, or a substring of the name), else GPU > accelerator >
     * CPU > host.
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
        String pci = PciAddress.parse(override);
        if (pci != null) {
            return pciScore(pci, device);
        }
        var indexed = INDEXED.matcher(override);
        if (indexed.matches()) {
            DeviceType type = DeviceType.valueOf(indexed.group(1).toUpperCase(Locale.ROOT));
            int index = Integer.parseInt(indexed.group(2));
            List<Device> ofType = Device.all().stream().filter(d -> d.type() == type).toList();
            return index < ofType.size() && ofType.get(index).equals(device) ? 1 : -1;
        }
        return switch (override) {
            case "gpu" -> device.type() == DeviceType.GPU ? 1 : -1;
            case "cpu" -> device.type() == DeviceType.CPU ? 1 : -1;
            case "accelerator" -> device.type() == DeviceType.ACCELERATOR ? 1 : -1;
            case "host" -> device.type() == DeviceType.HOST ? 1 : -1;
            default -> device.name().toLowerCase(Locale.ROOT).contains(override) ? 1 : -1;
        };
    }

    /** {@code gpu:1}: the second GPU in {@link Device#all()}'s order (by PCI address within a platform). */
    private static final Pattern INDEXED = Pattern.compile("(gpu|cpu|accelerator):(\\d{1,4})");

    /** 1 for the device at PCI address {@code canonical} ({@link PciAddress#parse}), else -1. */
    public static int pciScore(String canonical, Device device) {
        return device.pciBusId().filter(canonical::equals).isPresent() ? 1 : -1;
    }
}
