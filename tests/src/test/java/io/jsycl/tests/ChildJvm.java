package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A test's program run in a JVM of its own with PoCL asked for two CPU devices ({@code POCL_DEVICES}, read when PoCL
 * loads): PoCL 3 names them {@code pthread}, PoCL 5 {@code cpu}, and a PoCL that does not know a name may refuse to
 * start, so each is tried in turn until the program prints {@code OK on }.
 */
final class ChildJvm {
    private ChildJvm() {
    }

    /** Runs {@code main} with two PoCL devices; asserts that one try printed {@code OK on }, showing every try's output. */
    static void assertOkOnTwoPoclDevices(Class<?> main, int seconds) throws IOException, InterruptedException {
        var outputs = new StringBuilder();
        boolean ok = false;
        for (String devices : List.of("pthread pthread", "cpu cpu")) {
            String output = run(main, devices, seconds);
            outputs.append("POCL_DEVICES=").append(devices).append(": ").append(output).append('\n');
            if (output.contains("OK on ")) {
                ok = true;
                break;
            }
        }
        assertThat(ok).as(outputs.toString()).isTrue();
    }

    /** The program's output and exit status. */
    private static String run(Class<?> main, String poclDevices, int seconds) throws IOException, InterruptedException {
        return run(main, poclDevices, seconds, List.of());
    }

    /** The output and exit status of {@code main} run with the JVM options {@code options} too. */
    static String run(Class<?> main, String poclDevices, int seconds, List<String> options)
            throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        var command = new java.util.ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Djsycl.warmup=off",
                "-Djsycl.cache.persistent=0"));
        command.addAll(options);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("POCL_DEVICES", poclDevices);
        builder.environment().remove("JSYCL_DEVICE");
        var process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(seconds, TimeUnit.SECONDS)).as("ended").isTrue();
        return output + " (exit status " + process.exitValue() + ")";
    }
}
