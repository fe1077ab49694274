package io.jsycl.tests;

import org.junit.jupiter.api.Test;

/**
 * A {@link io.jsycl.DistributedQueue} over distinct devices, in a process of its own
 * ({@link DistributedQueueDevicesMain}): every GPU of the host where it has two or more, else two PoCL CPU devices.
 * The program checks every result itself against Java.
 */
class DistributedQueueDevicesTest {
    @Test
    void kernelsSplitAmongDistinctDevicesMatchJava() throws Exception {
        ChildJvm.assertOkOnTwoPoclDevices(DistributedQueueDevicesMain.class, 180);
    }
}
