package io.jsycl;

import io.jsycl.internal.platform.Selectors;

/**
 * Scores a device: the highest score wins, a negative score rejects it.
 * {@link #DEFAULT} prefers a GPU, then an accelerator, then an OpenCL CPU, then the host device;
 * the {@code JSYCL_DEVICE} variable ({@code gpu}, {@code cpu}, {@code host}, {@code gpu:1} for the second GPU, a
 * PCI address such as {@code 0000:1b:00.0}, or a name substring) overrides it.
 */
@FunctionalInterface
public interface DeviceSelector {
    /**
     * The device's score; negative rejects it.
     *
     * @param device a candidate device, OpenCL or host
     * @return higher is better; negative rejects the device
     */
    int score(Device device);

    /** GPU &gt; accelerator &gt; CPU &gt; host, unless {@code JSYCL_DEVICE} says otherwise. */
    DeviceSelector DEFAULT = Selectors::defaultScore;
    /** Only GPUs. */
    DeviceSelector GPU = d -> d.type() == DeviceType.GPU ? 1 : -1;
    /** Only OpenCL CPU devices. */
    DeviceSelector CPU = d -> d.type() == DeviceType.CPU ? 1 : -1;
    /** Only accelerators. */
    DeviceSelector ACCELERATOR = d -> d.type() == DeviceType.ACCELERATOR ? 1 : -1;
    /** Only the host device. */
    DeviceSelector HOST = d -> d.type() == DeviceType.HOST ? 1 : -1;

    /**
     * Only the device at a PCI address: {@code 0000:1b:00.0} as Linux writes it, {@code 00000000:1B:00.0} as
     * {@code nvidia-smi} does, or {@code 1b:00.0} ({@link Device#pciBusId()}).
     *
     * @param address the device's PCI address
     * @return a selector accepting only that device
     * @throws IllegalArgumentException if {@code address} is no PCI address
     */
    static DeviceSelector pciBusId(String address) {
        String canonical = io.jsycl.opencl.PciAddress.parse(address);
        if (canonical == null) {
            throw new IllegalArgumentException("'" + address + "' is no PCI address; use the form 0000:1b:00.0 "
                    + "(nvidia-smi's 00000000:1B:00.0 and 1b:00.0 work too)");
        }
        return d -> io.jsycl.internal.platform.Selectors.pciScore(canonical, d);
    }
}
