package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The runtime's messages name a device, context, queue or device array through its implementation, which never holds
 * the public handle: each must name itself exactly as its handle does, on the host device and on every OpenCL device.
 */
class HandleNamesTest {
    @Test
    void eachImplementationNamesItselfAsItsHandleDoes() {
        var devices = new ArrayList<>(List.of(Device.host()));
        devices.addAll(Platform.all().stream().filter(p -> !p.isHost()).flatMap(p -> p.devices().stream()).toList());
        for (Device device : devices) {
            assertThat(device.impl.toString()).isEqualTo(device.toString());
            assertThat(device.impl.isHost()).isEqualTo(device.isHost());
            try (var context = new Context(device);
                 var q = new Queue(context, device, QueueProperty.IN_ORDER);
                 var out = new Queue(context, device);
                 var array = DeviceArray.ofInt(q, 3)) {
                assertThat(context.impl.toString()).isEqualTo(context.toString());
                assertThat(q.scheduler.toString()).isEqualTo(q.toString());
                assertThat(out.scheduler.toString()).isEqualTo(out.toString());
                assertThat(array.impl.toString()).isEqualTo(array.toString());
            }
        }
    }
}
