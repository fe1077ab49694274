package io.jsycl.opencl;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * PCI addresses of devices, as the rest of a system names GPUs: Linux's {@code 0000:1b:00.0} (sysfs, {@code lspci -D}),
 * {@code nvidia-smi}'s {@code 00000000:1B:00.0}, CUDA's {@code 0000:1B:00.0}, or just {@code 1b:00.0}. One canonical
 * form, Linux's, so that any of them finds the same device.
 */
public final class PciAddress {
    private static final Pattern ADDRESS =
            Pattern.compile("(?:(\\p{XDigit}{1,8}):)?(\\p{XDigit}{1,2}):(\\p{XDigit}{1,2})\\.(\\p{XDigit})");

    private PciAddress() {
    }

    /**
     * The canonical form of the address with these parts.
     *
     * @param domain the PCI domain (segment)
     * @param bus the bus number
     * @param device the device number on the bus
     * @param function the function number of the device
     * @return {@code dddd:bb:dd.f}, hexadecimal, lower case
     */
    public static String format(int domain, int bus, int device, int function) {
        return String.format(Locale.ROOT, "%04x:%02x:%02x.%x", domain, bus, device, function);
    }

    /**
     * The canonical form of a PCI address written in any of the usual forms (domain optional, any case).
     *
     * @param text the address as a person, a tool or a scheduler wrote it
     * @return its canonical form ({@link #format}), or null where {@code text} is no PCI address
     */
    public static String parse(String text) {
        var m = ADDRESS.matcher(text.strip());
        if (!m.matches()) {
            return null;
        }
        int domain = m.group(1) == null ? 0 : Integer.parseUnsignedInt(m.group(1), 16);
        return format(domain, Integer.parseInt(m.group(2), 16), Integer.parseInt(m.group(3), 16),
                Integer.parseInt(m.group(4), 16));
    }
}
