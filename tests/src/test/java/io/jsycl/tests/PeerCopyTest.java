package io.jsycl.tests;

import org.junit.jupiter.api.Test;

/**
 * Copies between device arrays of two devices of one context ({@code q.copy(DeviceArray, DeviceArray)} across
 * devices), in a process of its own ({@link PeerCopyMain}): on two GPUs where the host has them, else on two PoCL CPU
 * devices, which PoCL 3 names {@code pthread} and PoCL 5 {@code cpu}. The program checks every result itself and
 * exits with an error on a wrong one.
 */
class PeerCopyTest {
    @Test
    void copiesBetweenTwoDevicesOfAContextMatchJava() throws Exception {
        ChildJvm.assertOkOnTwoPoclDevices(PeerCopyMain.class, 120);
    }
}
