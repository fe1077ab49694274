package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.NBody;
import io.jsycl.tests.TestDevices;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class NBodyTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void trajectoriesMatchJavaBitForBit(Device device) {
        int n = 203;
        float[] vel = new float[4 * n];
        float[] pos = NBody.initialBodies(n, 3, vel);
        float[] expectedPos = pos.clone();
        float[] expectedVel = vel.clone();
        try (var q = new Queue(device)) {
            assertThat(NBody.simulate(q, pos, vel, 5, 0.01f)).hasSize(10);
        }
        NBody.simulateInJava(expectedPos, expectedVel, 5, 0.01f);
        assertThat(pos).isEqualTo(expectedPos);
        assertThat(vel).isEqualTo(expectedVel);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void twoBodiesAttractEachOther(Device device) {
        float[] pos = {-1f, 0f, 0f, 1f, 1f, 0f, 0f, 1f};
        float[] vel = new float[8];
        try (var q = new Queue(device)) {
            NBody.simulate(q, pos, vel, 1, 0.1f);
        }
        assertThat(vel[0]).isPositive();
        assertThat(vel[4]).isNegative();
        assertThat(vel[0]).isEqualTo(-vel[4]);
        assertThat(pos[0]).isGreaterThan(-1f);
    }

    @Test
    void writesAReadablePngOfTheRequestedSize(@TempDir Path dir) throws IOException {
        float[] vel = new float[4 * 100];
        float[] pos = NBody.initialBodies(100, 1, vel);
        Path png = dir.resolve("n.png");
        NBody.writePng(png, pos, 64, 2.5f);
        var image = ImageIO.read(png.toFile());
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isEqualTo(64);
        assertThat(image.getHeight()).isEqualTo(64);
    }
}
