package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DistributedPrepare's rows on the first OpenCL device (PoCL in CI), taken once and twice, with and without a
 * prepare: each of its six kernels gives plain Java's output bit for bit, and a row reports a prepare only where it
 * made one. No timing is asserted.
 */
class DistributedPrepareTest {
    @Test
    void everyKernelMatchesJavaWithAndWithoutAPrepare() {
        Device d = Device.all().stream().filter(x -> !x.isHost()).findFirst()
                .orElseThrow(() -> new AssertionError("the benchmarks' tests need an OpenCL device"));
        int rows = 3001;
        float[] input = new float[rows];
        for (int i = 0; i < rows; i++) {
            input[i] = (i % 97) * 0.37f - 11f;
        }
        int site = 0;
        for (List<Device> devices : List.of(List.of(d), List.of(d, d), List.of(d, d))) {
            for (boolean prepare : new boolean[] {false, true}) {
                String row = DistributedPrepare.row(devices, prepare, site++, input, rows);
                assertThat(row).as("site %d", site - 1).endsWith("| ok (= Java) |\n")
                        .startsWith(devices.size() == 1 ? "| 1 device | " : "| 2 contexts of one device | ");
                assertThat(row.split("\\|")[2].trim()).isEqualTo(prepare ? "yes" : "no");
            }
        }
    }
}
