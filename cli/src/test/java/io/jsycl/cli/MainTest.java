package io.jsycl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MainTest {
    @Test
    void helpListsTheCommandsAndExitCodes() {
        CliRun run = CliRun.of("--help");
        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("devices", "kernels", "run", "cache", "2 usage error");
    }

    @Test
    void noCommandIsAUsageErrorOnOneLine() {
        CliRun run = CliRun.of();
        assertThat(run.status()).isEqualTo(Main.USAGE);
        assertThat(run.err().strip()).startsWith("jsycl: no command").doesNotContain("\n");
    }

    @Test
    void unknownCommandIsAUsageError() {
        CliRun run = CliRun.of("frobnicate");
        assertThat(run.status()).isEqualTo(Main.USAGE);
        assertThat(run.err()).contains("unknown command 'frobnicate'");
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : new String[] {"devices", "kernels", "run", "cache"}) {
            CliRun run = CliRun.of(command, "--help");
            assertThat(run.status()).as(command).isZero();
            assertThat(run.out()).as(command).startsWith("usage: jsycl").contains("Exit status");
        }
    }
}
