package io.jsycl;

import io.jsycl.opencl.ClPlatform;
import java.util.ArrayList;
import java.util.List;

/** An OpenCL platform (a driver) and its devices, or the platform of the host device. */
public final class Platform {
    private static final class All {
        static final List<Platform> PLATFORMS = discover();
    }

    static final Platform HOST = new Platform(null);

    private final ClPlatform cl;
    private final List<Device> devices;

    private Platform(ClPlatform cl) {
        this.cl = cl;
        if (cl == null) {
            this.devices = List.of(new Device(this, null));
        } else {
            var list = new ArrayList<Device>();
            for (var d : cl.devices()) {
                list.add(new Device(this, d));
            }
            // nvidia-smi and CUDA_DEVICE_ORDER=PCI_BUS_ID number GPUs by PCI address: so do we, where every device of
            // the platform has one, so that GPU i here is GPU i there.
            if (list.stream().allMatch(d -> d.pciBusId().isPresent())) {
                list.sort(java.util.Comparator.comparing(d -> d.pciBusId().orElseThrow()));
            }
            this.devices = List.copyOf(list);
        }
    }

    private static List<Platform> discover() {
        var list = new ArrayList<Platform>();
        for (var p : ClPlatform.all()) {
            list.add(new Platform(p));
        }
        list.add(HOST);
        return List.copyOf(list);
    }

    /**
     * Every OpenCL platform found, then the host platform.
     *
     * @return the platforms, the host platform last; never empty
     */
    public static List<Platform> all() {
        return All.PLATFORMS;
    }

    /**
     * This platform's devices.
     *
     * @return the devices, unmodifiable
     */
    public List<Device> devices() {
        return devices;
    }

    /**
     * The platform's name.
     *
     * @return the name as the driver reports it
     */
    public String name() {
        return cl == null ? "jsycl host" : cl.name();
    }

    /**
     * The platform's vendor.
     *
     * @return the vendor as the driver reports it
     */
    public String vendor() {
        return cl == null ? "jsycl" : cl.vendor();
    }

    /**
     * The platform's version string.
     *
     * @return {@code "OpenCL <major>.<minor> ..."}; {@code "Java <version>"} for the host platform
     */
    public String version() {
        return cl == null ? "Java " + Runtime.version() : cl.version();
    }

    /**
     * True for the host device's platform.
     *
     * @return true for the host platform
     */
    public boolean isHost() {
        return cl == null;
    }

    @Override
    public String toString() {
        return name();
    }
}
