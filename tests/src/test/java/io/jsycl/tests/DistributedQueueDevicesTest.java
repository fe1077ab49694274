package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A {@link io.jsycl.DistributedQueue} over distinct devices, in a process of its own
 * ({@link DistributedQueueDevicesMain}): every GPU of the host where it has two or more, else two PoCL CPU devices,
 * which PoCL 3 names {@code pthread} and PoCL 5 {@code cpu}. The program checks every result itself against Java.
 */
class DistributedQueueDevicesTest {
    @Test
    void kernelsSplitAmongDistinctDevicesMatchJava() throws IOException, InterruptedException {
        var outputs = new StringBuilder();
        boolean ok = false;
        for (String devices : List.of("pthread pthread", "cpu cpu")) {
            String output = run(devices);
            outputs.append("POCL_DEVICES=").append(devices).append(": ").append(output).append('\n');
            if (output.contains("OK on ")) {
                ok = true;
                break;
            }
        }
        assertThat(ok).as(outputs.toString()).isTrue();
    }

    /** The program's output and exit status (a PoCL that does not know the device names may refuse to start). */
    private static String run(String poclDevices) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        var builder = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Djsycl.warmup=off",
                "-Djsycl.cache.persistent=0", "-cp", System.getProperty("java.class.path"),
                DistributedQueueDevicesMain.class.getName())).redirectErrorStream(true);
        builder.environment().put("POCL_DEVICES", poclDevices);
        builder.environment().remove("JSYCL_DEVICE");
        var process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("ended").isTrue();
        return output + " (exit status " + process.exitValue() + ")";
    }
}
