package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * FirstPrograms' two programs give Java's results bit for bit on the first OpenCL device (PoCL in CI) and on the host
 * device, at sizes that end in partial tiles and partial work-groups, and the Java filter's integer comparison is the
 * float comparison on every float. No timing is asserted.
 */
class FirstProgramsTest {
    static Stream<Arguments> devicesAndFilterLengths() {
        // Partial tiles, and on the OpenCL device more tiles than the one-group pass has work-items (294 tiles: each
        // work-item adds up a run of 2), as at full size; the host device runs a work-item per thread, too slowly
        // for that.
        return Stream.concat(devices().flatMap(d -> Stream.of(1, 5, FilterScanSum.TILE - 1, FilterScanSum.TILE + 1,
                70_001).map(n -> Arguments.of(d, n))), Stream.of(Arguments.of(Sweep.device(null), 600_001)));
    }

    static Stream<Arguments> devicesAndImageSizes() {
        return devices().flatMap(d -> Stream.of(new int[] {1, 1}, new int[] {2, 1}, new int[] {1, 5},
                new int[] {33, 17}, new int[] {300, 200}).map(s -> Arguments.of(d, s[0], s[1])));
    }

    private static Stream<Device> devices() {
        return Stream.of(Sweep.device(null), Device.host());
    }

    /**
     * The filter's input of length {@code n}, with values the comparison must get right every 7th element: the
     * threshold itself, just above it, negatives, -0, NaN, infinity.
     */
    private static float[] filterData(int n) {
        float[] data = FilterScanSum.data(n);
        float[] special = {0.5f, Math.nextUp(0.5f), -0.75f, -0f, Float.NaN, -Float.NaN, 1e30f, Float.MIN_VALUE};
        for (int i = 0; i < special.length && i * 7 < n; i++) {
            data[i * 7] = special[i];
        }
        return data;
    }

    @ParameterizedTest(name = "{0}, n = {1}")
    @MethodSource("devicesAndFilterLengths")
    void filterScanSumKeepsWhatJavaKeepsAndSumsItInTheSameOrder(Device device, int n) {
        var program = new FilterScanSum(filterData(n));
        FilterScanSum.Result java = program.java();
        assertThat(program.baselineDifference(java)).isNull();
        try (var q = new Queue(device)) {
            FilterScanSum.Result jsycl = program.jsycl(q);
            assertThat(program.difference(jsycl, java)).isNull();
            assertThat(jsycl.kept()).isEqualTo(java.kept());
        }
    }

    /**
     * The plain versions (the loop with the kernel's branches, the streams) keep what the tuned Java keeps, special
     * values included, and sum it within the float tree's rounding; a wrong plain version is told apart.
     */
    @ParameterizedTest(name = "n = {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 5, FilterScanSum.TILE - 1, FilterScanSum.TILE + 1,
            70_001, 600_001})
    void thePlainVersionsKeepWhatTheTunedJavaKeeps(int n) {
        var program = new FilterScanSum(filterData(n));
        FilterScanSum.Result java = program.java();
        FilterScanSum.Result loop = program.javaLoop();
        assertThat(loop.kept()).isEqualTo(java.kept());
        assertThat(program.plainDifference(loop, java)).isNull();
        assertThat(program.plainDifference(program.javaStream(), java)).isNull();
        if (java.kept().length > 1) {
            float[] dropped = java.kept().clone();
            dropped[dropped.length - 1] = 0.25f;
            assertThat(program.plainDifference(new FilterScanSum.Result(dropped, java.sum()), java))
                    .contains("compaction differs");
        }
    }

    @ParameterizedTest(name = "{0}, {1}x{2}")
    @MethodSource("devicesAndImageSizes")
    void blurSobelGivesJavasPixels(Device device, int width, int height) {
        var program = new BlurSobel(BlurSobel.image(width, height), width, height);
        float[] java = program.java();
        try (var q = new Queue(device)) {
            float[] jsycl = program.jsycl(q);
            assertThat(program.difference(jsycl, java)).isNull();
            assertThat(jsycl).isEqualTo(java);
        }
    }

    @Test
    void keptMaskIsTheFloatComparisonOnEveryFloat() {
        // All 2^32 bit patterns, 2^16 at a time in parallel (a few seconds).
        long wrong = IntStream.range(0, 1 << 16).parallel().mapToLong(high -> {
            long n = 0;
            for (int low = 0; low < 1 << 16; low++) {
                int bits = high << 16 | low;
                n += FilterScanSum.keptMask(bits) == (Float.intBitsToFloat(bits) > FilterScanSum.THRESHOLD ? -1 : 0)
                        ? 0 : 1;
            }
            return n;
        }).sum();
        assertThat(wrong).as("floats whose mask is not the comparison").isZero();
    }

    @Test
    void theJavaSumAddsLaneSumsInTheGroupAlgorithmsOrder() {
        // 256 lanes: chunks of 8 added left to right, then the chunks' sums left to right. Eight 1s after 1e8 are lost
        // one by one from left to right (1e8 + 1 rounds back to 1e8), and kept as the second chunk's 8.
        float[] lanes = new float[FilterScanSum.GROUP];
        lanes[0] = 1e8f;
        Arrays.fill(lanes, 8, 16, 1f);
        assertThat(FilterScanSum.groupSum(lanes)).isEqualTo(1e8f + 8f).isNotEqualTo(1e8f);
    }
}
