package io.jsycl.internal.launch;

import io.jsycl.internal.platform.DeviceImpl;

/**
 * A built kernel of a context: a lowering (by identity), the device, the build options.
 *
 * @param lowering the kernel's lowering
 * @param device the device it was built for
 * @param options its build options
 */
public record KernelKey(KernelLambdas.Lowering lowering, DeviceImpl device, String options) {
}
