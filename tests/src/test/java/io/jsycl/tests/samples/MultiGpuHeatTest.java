package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.DistributedQueue;
import io.jsycl.samples.MultiGpuHeat;
import io.jsycl.samples.Stencil;
import io.jsycl.tests.TestDevices;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The multi-device heat diffusion sample against the same diffusion by Java loops, bit for bit. */
class MultiGpuHeatTest {
    @Test
    void splitAmongThreeCopiesMatchesJava() {
        List<Device> devices = TestDevices.openCl();
        Assumptions.assumeFalse(devices.isEmpty(), "no OpenCL device");
        Device d = devices.getFirst();
        int n = 600;
        int steps = 31;
        float[] u = Stencil.initialField(n);
        float[] expected = u.clone();
        Stencil.diffuseInJava(expected, n, steps);
        try (var dq = new DistributedQueue(List.of(d, d, d), 1, 1, 2)) {
            MultiGpuHeat.diffuse(dq, u, n, steps);
        }
        assertThat(u).containsExactly(expected);
    }
}
