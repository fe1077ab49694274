package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Copies between device arrays of two devices of one context ({@code q.copy(DeviceArray, DeviceArray)} across
 * devices), on two PoCL CPU devices in a process of its own: PoCL 3 names them {@code pthread}, PoCL 5 {@code cpu}.
 */
class PeerCopyTest {
    @Test
    void copiesBetweenTwoDevicesOfAContextMatchJava() throws IOException, InterruptedException {
        String output = "";
        for (String devices : List.of("pthread pthread", "cpu cpu")) {
            output = run(devices);
            if (!output.contains("SKIP")) {
                break;
            }
        }
        assertThat(output).contains("OK");
    }

    private static String run(String poclDevices) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        var builder = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Djsycl.warmup=off",
                "-Djsycl.cache.persistent=0", "-cp", System.getProperty("java.class.path"),
                PeerCopyMain.class.getName())).redirectErrorStream(true);
        builder.environment().put("POCL_DEVICES", poclDevices);
        builder.environment().remove("JSYCL_DEVICE");
        var process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("ended").isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
