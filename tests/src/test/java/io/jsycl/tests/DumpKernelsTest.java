package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code JSYCL_DUMP_KERNELS} ({@code jsycl.dumpKernels}) writes every generated source, named by its kernel. */
class DumpKernelsTest {
    @Test
    void generatedSourceIsWrittenUnderItsKernelName(@TempDir Path dir) throws IOException {
        System.setProperty("jsycl.dumpKernels", dir.toString());
        int[] data = new int[8];
        try (var q = new Queue(Device.host()); var buf = Buffer.of(data)) {
            int salt = 0x5a17;
            q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(8), it -> o.set(it.id(0), it.id(0) ^ salt));
            });
        } finally {
            System.clearProperty("jsycl.dumpKernels");
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.toList();
        }
        assertThat(files).singleElement().satisfies(f -> {
            assertThat(f.getFileName().toString()).startsWith("io_jsycl_tests_DumpKernelsTest__lambda_").endsWith(".cl");
            assertThat(Files.readString(f)).contains("__kernel void " + f.getFileName().toString().replace(".cl", ""));
        });
        assertThat(data[3]).isEqualTo(3 ^ 0x5a17);
    }
}
