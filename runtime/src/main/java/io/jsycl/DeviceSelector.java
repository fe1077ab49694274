package io.jsycl;

import io.jsycl.internal.platform.Selectors;

/**
 * Scores a device: the highest score wins, a negative score rejects it.
 * {@link #DEFAULT} prefers a GPU, then an accelerator, then an OpenCL CPU, then the host device;
 * the {@code JSYCL_DEVICE} variable ({@code gpu}, {@code cpu}, {@code host} or a name substring)
 * overrides it.
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
}
