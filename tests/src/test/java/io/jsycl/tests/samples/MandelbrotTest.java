package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.Mandelbrot;
import io.jsycl.tests.TestDevices;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MandelbrotTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void escapeTimesMatchJavaExactly(Device device) {
        int width = 97;
        int height = 61;
        int[] counts = new int[width * height];
        try (var q = new Queue(device)) {
            Mandelbrot.compute(q, Mandelbrot.View.FULL, width, height, 200, counts);
        }
        assertThat(counts).isEqualTo(Mandelbrot.computeInJava(Mandelbrot.View.FULL, width, height, 200));
        assertThat(counts).contains(200).contains(1);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void deepZoomMatchesJavaExactly(Device device) {
        int width = 64;
        int height = 48;
        int[] counts = new int[width * height];
        try (var q = new Queue(device)) {
            Mandelbrot.compute(q, Mandelbrot.View.SEAHORSE, width, height, 1000, counts);
        }
        assertThat(counts).isEqualTo(Mandelbrot.computeInJava(Mandelbrot.View.SEAHORSE, width, height, 1000));
    }

    @Test
    void writesAReadablePngOfTheRequestedSize(@TempDir Path dir) throws IOException {
        int width = 40;
        int height = 30;
        int[] counts = Mandelbrot.computeInJava(Mandelbrot.View.FULL, width, height, 50);
        Path png = dir.resolve("out/m.png");
        Mandelbrot.writePng(png, counts, width, height, 50);
        var image = ImageIO.read(png.toFile());
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isEqualTo(width);
        assertThat(image.getHeight()).isEqualTo(height);
    }
}
