package io.jsycl.internal.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Range;
import org.junit.jupiter.api.Test;

/**
 * How many rows a work-item of a 2-D or 3-D kernel runs ({@link LaunchSettings#rowsPerWorkItem}): CI's devices are
 * CPUs, where auto runs one row, so the GPUs' choice is checked here with an H200's threshold.
 */
class LaunchSettingsTest {
    /** 4 x compute units x maximum work-group size of an H200 (132 units, 1024). */
    private static final long H200 = 4L * 132 * 1024;

    @Test
    void autoRunsAsManyRowsAsKeepTheDeviceFull() {
        assertThat(LaunchSettings.rowsPerWorkItem(0, H200, Range.of(2048, 2048))).isEqualTo(4); // 1,048,576 work-items
        assertThat(LaunchSettings.rowsPerWorkItem(0, H200, Range.of(256, 256, 256))).isEqualTo(4);
        assertThat(LaunchSettings.rowsPerWorkItem(0, H200, Range.of(2048, 1024))).isEqualTo(2); // a quarter: 524,288
        assertThat(LaunchSettings.rowsPerWorkItem(0, H200, Range.of(2046, 2048))).isEqualTo(2); // even only
        assertThat(LaunchSettings.rowsPerWorkItem(0, H200, Range.of(1024, 1024))).isEqualTo(1); // half: 524,288
        assertThat(LaunchSettings.rowsPerWorkItem(0, H200, Range.of(2047, 4096))).isEqualTo(1); // odd rows
        assertThat(LaunchSettings.rowsPerWorkItem(0, H200, Range.of(256, 256))).isEqualTo(1); // a slice of 256³
        assertThat(LaunchSettings.rowsPerWorkItem(0, H200, Range.of(1 << 24))).isEqualTo(1); // 1-D: two items instead
        assertThat(LaunchSettings.rowsPerWorkItem(0, Long.MAX_VALUE, Range.of(8192, 8192))).isEqualTo(1); // a CPU
    }

    @Test
    void forcedRowsApplyWhereTheyDivideTheRowsAtAnySize() {
        assertThat(LaunchSettings.rowsPerWorkItem(4, Long.MAX_VALUE, Range.of(8, 3))).isEqualTo(4);
        assertThat(LaunchSettings.rowsPerWorkItem(4, Long.MAX_VALUE, Range.of(6, 3, 5))).isEqualTo(2);
        assertThat(LaunchSettings.rowsPerWorkItem(4, Long.MAX_VALUE, Range.of(5, 64))).isEqualTo(1);
        assertThat(LaunchSettings.rowsPerWorkItem(2, Long.MAX_VALUE, Range.of(8, 3))).isEqualTo(2);
        assertThat(LaunchSettings.rowsPerWorkItem(2, Long.MAX_VALUE, Range.of(7, 3))).isEqualTo(1);
        assertThat(LaunchSettings.rowsPerWorkItem(1, 0, Range.of(4096, 4096))).isEqualTo(1);
        assertThat(LaunchSettings.rowsPerWorkItem(4, 0, Range.of(4096))).isEqualTo(1);
    }
}
