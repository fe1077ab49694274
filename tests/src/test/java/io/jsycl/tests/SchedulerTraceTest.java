package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scheduler's trace ({@code io.jsycl.scheduler}, DEBUG unless {@code JSYCL_TRACE=1}) names every hazard a command
 * waits for and every byte it moves, on the host device and OpenCL; nothing is logged when the level is off.
 */
class SchedulerTraceTest {
    private static final Logger LOGGER = Logger.getLogger("io.jsycl.scheduler");
    private TraceCapture capture;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @BeforeEach
    void listen() {
        capture = new TraceCapture();
    }

    @AfterEach
    void stop() {
        capture.close();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void eachHazardAndEachTransferIsTraced(Device device) {
        LOGGER.setLevel(Level.FINE);
        int n = 1000;
        float[] a = new float[n];
        float[] b = new float[n];
        float[] expectedB = new float[n];
        float[] expectedA = new float[n];
        for (int i = 0; i < n; i++) {
            expectedB[i] = 2 * i + 1;
            expectedA[i] = -i;
        }
        try (var q = new Queue(device); var bufA = Buffer.of(a); var bufB = Buffer.of(b)) {
            q.submit(h -> { // writes A only, without init: nothing to upload, nothing to wait for
                var out = bufA.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> out.set(it.id(0), 2 * it.id(0)));
            });
            q.submit(h -> { // reads A after its writer, writes B
                var in = bufA.read(h);
                var out = bufB.write(h);
                h.parallelFor(Range.of(n), it -> out.set(it.id(0), in.get(it.id(0)) + 1));
            });
            q.submit(h -> { // writes A after its writer and its reader
                var out = bufA.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> out.set(it.id(0), -it.id(0)));
            });
            try (var host = bufB.hostAccess()) {
                for (int i = 0; i < n; i++) {
                    assertThat(host.get(i)).isEqualTo(expectedB[i]);
                }
            }
        }
        assertThat(a).containsExactly(expectedA);
        List<String> log = capture.messages();
        assertThat(log).anySatisfy(m -> assertThat(m).contains("submitted to").contains("waits for nothing"));
        assertThat(log).anySatisfy(m -> assertThat(m).contains("READ: read-after-write on its last writer"));
        assertThat(log).anySatisfy(m -> assertThat(m)
                .contains("WRITE: write-after-write on its last writer, write-after-read on 1 reader"));
        if (!device.isHost()) {
            assertThat(log).anySatisfy(m -> assertThat(m).contains("nothing moved").contains("write-only access"));
            assertThat(log).anySatisfy(m -> assertThat(m).contains((4 * n) + " bytes back to the host"));
            assertThat(log).anySatisfy(m -> assertThat(m).contains("enqueued on").contains("OpenCL events"));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void nothingIsLoggedWhenTheLevelIsOff(Device device) {
        LOGGER.setLevel(Level.INFO);
        int[] data = new int[64];
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            q.submit(h -> {
                var out = buf.write(h);
                h.parallelFor(Range.of(64), it -> out.set(it.id(0), it.id(0) * 3));
            });
        }
        for (int i = 0; i < 64; i++) {
            assertThat(data[i]).isEqualTo(i * 3);
        }
        assertThat(capture.messages()).isEmpty();
    }
}
