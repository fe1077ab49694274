package io.jsycl.internal.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MeasuredSplitsTest {
    private static final long ROWS = 4096;

    /** A kernel's key: any class stands for a lambda's. */
    private static final class KernelA {
    }

    private static final class KernelB {
    }

    @Test
    void aDeviceThreeTimesFasterGetsThreeQuartersOfTheRows() {
        var splits = new MeasuredSplits(ChunkSplit.equal(2), true);
        // Equal rows, the second device done in a third of the time.
        splits.record(KernelA.class, ROWS, new long[] {2048, 2048}, new long[] {3_000_000, 1_000_000});
        assertThat(splits.split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 1024, 4096);
        // Another kernel, or the same lambda over another range, keeps its own split.
        assertThat(splits.split(KernelB.class, ROWS).bounds(ROWS)).containsExactly(0, 2048, 4096);
        assertThat(splits.split(KernelA.class, 2 * ROWS).bounds(2 * ROWS)).containsExactly(0, 4096, 8192);
    }

    @Test
    void chunksTooShortToShowTheirDevicesSpeedLeaveTheSplitAsItIs() {
        var splits = new MeasuredSplits(new ChunkSplit(new double[] {1, 7}), true);
        // A small kernel on a GPU: 512 and 3584 rows in about the same time, far below a row-bound chunk's.
        for (int step = 0; step < 8; step++) {
            splits.record(KernelA.class, ROWS, new long[] {512, 3584}, new long[] {12_000, 9_000});
            assertThat(splits.split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 512, 4096);
        }
        // One device's chunk long enough, the other's not: the short one keeps its speed (here its initial weight).
        splits.record(KernelA.class, ROWS, new long[] {512, 3584},
                new long[] {MeasuredSplits.MIN_SAMPLE_NANOS - 1, 4 * MeasuredSplits.MIN_SAMPLE_NANOS});
        double[] w = splits.split(KernelA.class, ROWS).weights();
        assertThat(w[1] / w[0]).isCloseTo(7.0, org.assertj.core.data.Offset.offset(1e-9));
        // Both long enough: the split follows them (the first device is 7 times faster per row here).
        splits.record(KernelA.class, ROWS, new long[] {512, 3584}, new long[] {1_000_000, 49_000_000});
        assertThat(splits.split(KernelA.class, ROWS).bounds(ROWS)[1]).isGreaterThan(512);
    }

    @Test
    void chunksOnOneDeviceShareItsSpeedInsteadOfStarvingTheSmallerOne() {
        long rows = 32768;
        var splits = new MeasuredSplits(new ChunkSplit(new double[] {1, 7}), true, List.of("cpu", "cpu"));
        // Both chunks run at once on the same cores, the smaller started first and ended about with the larger: one by
        // one, the smaller looks 8 times slower per row. Pooled, the device's speed is the same for both, and its rows
        // are shared equally.
        splits.record(KernelA.class, rows, new long[] {4096, 28672}, new long[] {40_000_000, 35_000_000});
        assertThat(splits.split(KernelA.class, rows).bounds(rows)).containsExactly(0, 16384, 32768);
        // Without the devices named, the same samples give the smaller chunk even fewer rows, as the CPU device of
        // the GPU host's conformance run did (the first device went from 4096 rows to 256).
        var unnamed = new MeasuredSplits(new ChunkSplit(new double[] {1, 7}), true);
        unnamed.record(KernelA.class, rows, new long[] {4096, 28672}, new long[] {40_000_000, 35_000_000});
        assertThat(unnamed.split(KernelA.class, rows).bounds(rows)[1]).isLessThan(4096);
        // A device named twice beside another: the pair's pooled speed stands for each of its chunks.
        var three = new MeasuredSplits(ChunkSplit.equal(3), true, List.of("gpu0", "cpu", "cpu"));
        three.record(KernelA.class, 3 * rows, new long[] {rows, rows, rows},
                new long[] {10_000_000, 20_000_000, 60_000_000});
        double[] w = three.split(KernelA.class, 3 * rows).weights();
        assertThat(w[1]).isCloseTo(w[2], org.assertj.core.data.Offset.offset(1e-12));
        assertThat(w[0] / w[1]).isCloseTo(4.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void devicesWithinFivePercentOfEachOtherKeepTheirShares() {
        var splits = new MeasuredSplits(ChunkSplit.equal(2), true);
        for (int step = 0; step < 20; step++) {
            long noise = step % 2 == 0 ? 30_000 : -30_000; // 3% either way
            splits.record(KernelA.class, ROWS, new long[] {2048, 2048},
                    new long[] {1_000_000 + noise, 1_000_000 - noise});
            assertThat(splits.split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 2048, 4096);
        }
    }

    @Test
    void speedsAverageOldAndNewSoOneSlowStepMovesHalfWay() {
        var splits = new MeasuredSplits(ChunkSplit.equal(2), true);
        splits.record(KernelA.class, ROWS, new long[] {2048, 2048}, new long[] {1_000_000, 1_000_000});
        assertThat(splits.split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 2048, 4096);
        // One step with the first device at half speed: its speed is averaged to 3/4 of the second's.
        splits.record(KernelA.class, ROWS, new long[] {2048, 2048}, new long[] {2_000_000, 1_000_000});
        double[] w = splits.split(KernelA.class, ROWS).weights();
        assertThat(w[0] / w[1]).isCloseTo(0.75, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aDeviceThatRanNothingIsCreditedItsInitialWeightAtTheOthersSpeed() {
        var splits = new MeasuredSplits(new ChunkSplit(new double[] {1, 1, 2}), true);
        // The first two ran 1024 rows each, in 1 and 2 ms; the third ran nothing (a range too short for it, say).
        splits.record(KernelA.class, ROWS, new long[] {1024, 1024, 0}, new long[] {1_000_000, 2_000_000, 0});
        double[] w = splits.split(KernelA.class, ROWS).weights();
        // Speeds 1024/1e6 and 512/1e6 rows per ns; the third: its weight 2 times the mean per unit weight (768/1e6).
        assertThat(w[0] / w[1]).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(w[2] / w[1]).isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void oneSubmitsViewKeepsTheSplitItFirstSawWhileMeasurementsArrive() {
        var splits = new MeasuredSplits(ChunkSplit.equal(2), true);
        MeasuredSplits.View view = splits.view();
        assertThat(view.split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 2048, 4096);
        splits.record(KernelA.class, ROWS, new long[] {2048, 2048}, new long[] {3_000_000, 1_000_000});
        assertThat(view.split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 2048, 4096);
        assertThat(splits.view().split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 1024, 4096);
    }

    @Test
    void fixedWeightsIgnoreMeasurements() {
        var splits = new MeasuredSplits(new ChunkSplit(new double[] {1, 3}), false);
        splits.record(KernelA.class, ROWS, new long[] {1024, 3072}, new long[] {1_000_000, 9_000_000});
        assertThat(splits.split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 1024, 4096);
        assertThat(splits.view().split(KernelA.class, ROWS).bounds(ROWS)).containsExactly(0, 1024, 4096);
    }
}
