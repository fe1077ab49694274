package io.jsycl.tests;

import static org.assertj.core.api.Assertions.fail;

import io.jsycl.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The devices kernel tests run on: the host device and every OpenCL device. When {@code CI} is
 * set, finding no OpenCL device fails the run instead of silently testing the host device alone.
 */
public final class TestDevices {
    private TestDevices() {
    }

    public static List<Device> openCl() {
        var list = new ArrayList<Device>();
        for (Device d : Device.all()) {
            if (!d.isHost()) {
                list.add(d);
            }
        }
        if (list.isEmpty() && System.getenv("CI") != null) {
            fail("CI is set but no OpenCL device was found: install pocl-opencl-icd and ocl-icd-libopencl1");
        }
        return list;
    }

    /** Host device first, then every OpenCL device. */
    public static Stream<Device> all() {
        var list = new ArrayList<Device>();
        list.add(Device.host());
        list.addAll(openCl());
        return list.stream();
    }

    /** The first OpenCL device; skipped outside CI when there is none. */
    public static Device firstOpenCl() {
        var list = openCl();
        org.junit.jupiter.api.Assumptions.assumeFalse(list.isEmpty(), "no OpenCL device");
        return list.getFirst();
    }

    /**
     * Makes a queue on {@code device}, which starts jsycl's submit-path warm-up where the settings turn it on, and
     * waits (up to 15 s) for the warm-up's thread to end: a test that counts driver calls, which are counted for the
     * whole process, counts only its own.
     */
    public static void withoutWarmup(Device device) {
        try (var q = new io.jsycl.Queue(device)) {
            q.await();
        }
        long end = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < end
                && Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("jsycl-warm-up"))) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
