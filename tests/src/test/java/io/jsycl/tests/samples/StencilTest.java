package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.Stencil;
import io.jsycl.tests.TestDevices;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class StencilTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void evenNumberOfStepsMatchesJavaBitForBit(Device device) {
        assertDiffusionMatchesJava(device, 37, 20);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void oddNumberOfStepsEndsInTheCallersArray(Device device) {
        assertDiffusionMatchesJava(device, 50, 7);
    }

    private static void assertDiffusionMatchesJava(Device device, int n, int steps) {
        float[] u = Stencil.initialField(n);
        float[] expected = u.clone();
        try (var q = new Queue(device)) {
            assertThat(Stencil.diffuse(q, u, n, steps)).hasSize(steps);
        }
        Stencil.diffuseInJava(expected, n, steps);
        assertThat(u).isEqualTo(expected);
        assertThat(u).isNotEqualTo(Stencil.initialField(n));
    }

    @Test
    void writesAReadablePngOfTheRequestedSize(@TempDir Path dir) throws IOException {
        int n = 33;
        Path png = dir.resolve("s.png");
        Stencil.writePng(png, Stencil.initialField(n), n);
        var image = ImageIO.read(png.toFile());
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isEqualTo(n);
        assertThat(image.getHeight()).isEqualTo(n);
    }
}
