package io.jsycl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DevicesCommandTest {
    @Test
    void listsEveryPlatformWithTheHostDeviceLast() {
        CliRun run = CliRun.of("devices");
        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("compute units", "max work-group", "global memory", "local memory", "fp64",
                "OpenCL C", "driver");
        String lastPlatform = run.out().substring(run.out().lastIndexOf("platform "));
        assertThat(lastPlatform).contains("jsycl host").contains("[host]");
    }

    @Test
    void namesTheDriverQuirksWorkedAround() {
        System.setProperty("jsycl.quirks", "nan-to-integer");
        try {
            String out = CliRun.of("devices").out();
            String host = out.substring(out.lastIndexOf("platform "));
            assertThat(out.substring(0, out.lastIndexOf("platform ")))
                    .contains("driver quirks worked around: nan-to-integer");
            assertThat(host).doesNotContain("quirks");
        } finally {
            System.clearProperty("jsycl.quirks");
        }
    }

    @Test
    void marksTheDefaultDevice() {
        assertThat(CliRun.of("devices").out()).contains("* device");
    }

    @Test
    void rejectsArguments() {
        CliRun run = CliRun.of("devices", "extra");
        assertThat(run.status()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("takes no arguments");
    }

    @Test
    void formatsSizes() {
        assertThat(DevicesCommand.bytes(512)).isEqualTo("512 B");
        assertThat(DevicesCommand.bytes(64 * 1024)).isEqualTo("64 KiB");
        assertThat(DevicesCommand.bytes(3L << 30)).isEqualTo("3.0 GiB");
    }

    @Test
    void sparkResourcesPrintsTheDiscoveryJsonOfTheGpus() {
        var run = CliRun.of("devices", "--spark-resources");
        assertThat(run.status()).isZero();
        assertThat(run.out().strip()).isEqualTo(io.jsycl.GpuAddresses.discoveryJson())
                .startsWith("{\"name\":\"gpu\",\"addresses\":[").endsWith("]}");
    }
}
