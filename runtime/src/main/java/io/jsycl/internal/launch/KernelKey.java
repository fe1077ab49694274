package io.jsycl.internal.launch;

import io.jsycl.internal.platform.DeviceImpl;
import java.util.Objects;

/**
 * A built kernel of a context: a lowering (by identity), the device, the build options.
 *
 * @param lowering the kernel's lowering
 * @param device the device it was built for
 * @param options its build options
 */
public record KernelKey(KernelLambdas.Lowering lowering, DeviceImpl device, String options) {
    // Written out: every submit looks its kernel up by this key, and a record's own equals and hashCode go through
    // method handles, which cost tens of microseconds a submit until the JIT has compiled them.
    @Override
    public boolean equals(Object o) {
        return o instanceof KernelKey k && k.lowering == lowering && k.device == device
                && Objects.equals(k.options, options);
    }

    @Override
    public int hashCode() {
        return (lowering.hashCode() * 31 + device.hashCode()) * 31 + Objects.hashCode(options);
    }
}
