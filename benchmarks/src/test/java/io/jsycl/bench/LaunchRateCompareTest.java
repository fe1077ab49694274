package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LaunchRateCompare} over two passes with known rounds, read back from the CSV {@link LaunchRate} writes. */
class LaunchRateCompareTest {
    private static final String JSYCL = "jsycl `q.submit` (in-order queue)";
    private static final String RAW = "raw, no event, driver's work-group";
    private static final String TORCH = "PyTorch 2.11, CUDA 13.0, eager `torch.add` (child process)";

    @Test
    void poolsEveryRoundAndPairsEachRoundWithPyTorchsOfTheSamePass(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("a.csv");
        Path second = dir.resolve("b.csv");
        // The first pass is slow on both sides, the second fast: pooled and paired, jsycl is ahead in every pair.
        Files.write(first, List.of(LaunchRateCompare.HEADER, row(JSYCL, 0, 9), row(JSYCL, 1, 10), row(JSYCL, 2, 11),
                row(RAW, 0, 8), row(RAW, 1, 8), row(RAW, 2, 8),
                row(TORCH, 0, 10), row(TORCH, 1, 11), row(TORCH, 2, 12)));
        Files.write(second, List.of(LaunchRateCompare.HEADER, row(JSYCL, 0, 6), row(JSYCL, 1, 5), row(JSYCL, 2, 7),
                row(RAW, 0, 6), row(RAW, 1, 6), row(RAW, 2, 6),
                row(TORCH, 0, 6), row(TORCH, 1, 6), row(TORCH, 2, 7)));

        String md = LaunchRateCompare.table(List.of(LaunchRateCompare.read(first), LaunchRateCompare.read(second)));

        // jsycl: pooled 5, 6, 7, 9, 10, 11 -> median 8; pairs 10/9, 11/10, 12/11, 6/6, 6/5, 7/7 -> median of
        // 1.0, 1.0, 1.091, 1.1, 1.111, 1.2 = 1.095; raw: 1, 1, 1.167, 1.25, 1.375, 1.5 -> 1.208.
        assertThat(md).contains("## Launch cost over 2 passes, pooled")
                .contains("| " + JSYCL + " | 10.00, 6.00 | 8.00 (5.00–11.00) | 6 | 1.095 (1.000–1.200) |")
                .contains("| " + RAW + " | 8.00, 6.00 | 7.00 (6.00–8.00) | 6 | 1.208 (1.000–1.500) |")
                .contains("| " + TORCH + " | 11.00, 6.00 | 8.50 (6.00–12.00) | 6 | – |");
    }

    @Test
    void aPassMayJoinLaunchRatesFileAndPyTorchsOwn(@TempDir Path dir) throws Exception {
        Path jsycl = dir.resolve("solo.csv");
        Path torch = dir.resolve("torch.csv");
        Files.write(jsycl, List.of(LaunchRateCompare.HEADER, row(JSYCL, 0, 5), row(JSYCL, 1, 6)));
        Files.write(torch, List.of(LaunchRateCompare.HEADER, row(TORCH, 0, 6), row(TORCH, 1, 9)));

        String md = LaunchRateCompare.table(List.of(LaunchRateCompare.pass(jsycl + "," + torch)));

        assertThat(md).contains("| " + JSYCL + " | 5.50 | 5.50 (5.00–6.00) | 2 | 1.350 (1.200–1.500) |");
    }

    @Test
    void aFileWithoutTheHeaderIsRefusedByName(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.csv");
        Files.write(bad, List.of("device,workload", "x,y"));
        assertThatThrownBy(() -> LaunchRateCompare.read(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(bad + ": expected the header " + LaunchRateCompare.HEADER);
    }

    private static String row(String path, int round, double us) {
        return SweepRow.quote(path) + "," + round + "," + us;
    }
}
