package io.jsycl.internal.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.DeviceType;
import io.jsycl.opencl.DriverQuirk;
import io.jsycl.settings.SettingSource;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The runtime's settings: the property overrides the variable; the switches take the words the cache settings take; a
 * malformed value names its setting where the setting is used, except the trace's; the record is rebuilt only once a
 * system property it read has changed.
 */
class SettingsTest {
    @AfterEach
    void restore() {
        System.clearProperty("jsycl.checks");
        System.clearProperty("jsycl.trace");
        System.clearProperty("jsycl.outOfOrderQueues");
    }

    private static Settings settings(Map<String, String> env, String... kv) {
        var props = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            props.setProperty(kv[i], kv[i + 1]);
        }
        return Settings.from(SettingSource.of(env, props));
    }

    private static Settings settings(String... kv) {
        return settings(Map.of(), kv);
    }

    @Test
    void defaults() {
        Settings s = settings();
        assertThat(s.device()).isNull();
        assertThat(s.dumpKernels().get()).isNull();
        assertThat(s.mapsHostTransfers(true)).isTrue();
        assertThat(s.mapsHostTransfers(false)).isFalse();
        assertThat(s.outOfOrderQueues("NVIDIA Corporation")).isFalse();
        assertThat(s.outOfOrderQueues("The pocl project")).isTrue();
        assertThat(s.paddedLocalSize(1)).containsExactly(256);
        assertThat(s.paddedLocalSize(2)).containsExactly(32, 8);
        assertThat(s.paddedLocalSize(3)).containsExactly(32, 4, 2);
        assertThat(s.paddedLocalSizeSet(1)).isFalse();
        assertThat(s.trace()).isFalse();
        assertThat(s.twoItemsPerWorkItem().get()).isNull();
        assertThat(s.checks().get()).isFalse();
        assertThat(s.padRanges().get()).isNull();
        assertThat(s.zeroOffsets().get()).isTrue();
        assertThat(s.signedSubscripts().get()).isTrue();
        assertThat(s.quirks().get()).isEmpty();
        assertThat(s.stagingPool().get()).isTrue();
        assertThat(s.copyThreads().get()).isBetween(1, 8);
        assertThat(s.profile()).isFalse();
        assertThat(s.traceFirstSubmit()).isFalse();
        assertThat(s.onePassSort().get()).isNull();
        assertThat(s.stripedTiles().get()).isNull();
        assertThat(s.movesQueue().get()).isTrue();
        assertThat(s.distributedWarmup().get()).isFalse();
        assertThat(s.sharedStrides().get()).isNull();
        assertThat(s.rowsPerWorkItem().get()).isNull();
    }

    @Test
    void rowsPerWorkItemAreAutoOrACount() {
        assertThat(settings("jsycl.rowsPerWorkItem", "4").rowsPerWorkItem().get()).isEqualTo(4);
        assertThat(settings(Map.of("JSYCL_ROWS_PER_WORK_ITEM", "2")).rowsPerWorkItem().get()).isEqualTo(2);
        assertThat(settings("jsycl.rowsPerWorkItem", "1").rowsPerWorkItem().get()).isEqualTo(1);
        assertThat(settings("jsycl.rowsPerWorkItem", "AUTO").rowsPerWorkItem().get()).isNull();
        assertThatThrownBy(() -> settings("jsycl.rowsPerWorkItem", "3").rowsPerWorkItem().get())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("JSYCL_ROWS_PER_WORK_ITEM");
    }

    @Test
    void theOnePassSortIsASwitch() {
        assertIsAnAutoSwitch("jsycl.onePassSort", "JSYCL_ONE_PASS_SORT", Settings::onePassSort, "fast");
    }

    @Test
    void sharedStridesAreASwitch() {
        assertIsAnAutoSwitch("jsycl.sharedStrides", "JSYCL_SHARED_STRIDES", Settings::sharedStrides, "one");
    }

    @Test
    void stripedTilesAreASwitch() {
        assertIsAnAutoSwitch("jsycl.stripedTiles", "JSYCL_STRIPED_TILES", Settings::stripedTiles, "wide");
    }

    /** {@code on}, {@code off} (from the environment) and {@code auto} (null) read, {@code bad} refused by name. */
    private static void assertIsAnAutoSwitch(String property, String variable,
            Function<Settings, Settings.Parsed<Boolean>> get, String bad) {
        assertThat(get.apply(settings(property, "on")).get()).isTrue();
        assertThat(get.apply(settings(Map.of(variable, "off"))).get()).isFalse();
        assertThat(get.apply(settings(property, "auto")).get()).isNull();
        assertThatThrownBy(() -> get.apply(settings(property, bad)).get())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(variable);
    }

    @Test
    void thePropertyOverridesTheEnvironmentVariable() {
        var env = Map.of("JSYCL_CHECKS", "1", "JSYCL_DEVICE", " GPU ", "JSYCL_HOST_TRANSFERS", "staging",
                "JSYCL_COPY_THREADS", "3", "JSYCL_DUMP_KERNELS", "/env");
        Settings fromEnv = settings(env);
        assertThat(fromEnv.checks().get()).isTrue();
        assertThat(fromEnv.device()).isEqualTo("gpu");
        assertThat(fromEnv.mapsHostTransfers(true)).isFalse();
        assertThat(fromEnv.copyThreads().get()).isEqualTo(3);
        assertThat(fromEnv.dumpKernels().get()).isEqualTo(Path.of("/env"));
        Settings overridden = settings(env, "jsycl.checks", "off", "jsycl.device", "host", "jsycl.hostTransfers",
                "map", "jsycl.copyThreads", "1", "jsycl.dumpKernels", "/prop");
        assertThat(overridden.checks().get()).isFalse();
        assertThat(overridden.device()).isEqualTo("host");
        assertThat(overridden.mapsHostTransfers(false)).isTrue();
        assertThat(overridden.copyThreads().get()).isEqualTo(1);
        assertThat(overridden.dumpKernels().get()).isEqualTo(Path.of("/prop"));
    }

    @Test
    void everySwitchWord() {
        for (String on : new String[] {"1", "true", "TRUE", "on", "Yes", " on "}) {
            assertThat(settings("jsycl.checks", on).checks().get()).as(on).isTrue();
            assertThat(settings("jsycl.profile", on).profile()).as(on).isTrue();
        }
        for (String off : new String[] {"0", "false", "Off", "no"}) {
            assertThat(settings("jsycl.checks", off).checks().get()).as(off).isFalse();
            assertThat(settings("jsycl.stagingPool", off).stagingPool().get()).as(off).isFalse();
        }
        assertThat(settings("jsycl.checks", "").checks().get()).as("blank: the default").isFalse();
    }

    @Test
    void aMalformedValueNamesItsSettingWhereItIsUsedExceptTheTrace() {
        Settings s = settings("jsycl.checks", "maybe", "jsycl.trace", "maybe", "jsycl.profile", "2",
                "jsycl.localSize2d", "32", "jsycl.hostTransfers", "dma");
        assertThatThrownBy(() -> s.checks().get()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSYCL_CHECKS").hasMessageContaining("'maybe'");
        assertThat(s.trace()).isFalse();
        assertThat(s.profile()).isFalse();
        assertThat(s.paddedLocalSize(1)).as("the other sizes stay usable").containsExactly(256);
        assertThat(s.paddedLocalSizeSet(2)).isTrue();
        assertThatThrownBy(() -> s.paddedLocalSize(2))
                .hasMessage("JSYCL_LOCAL_SIZE_2D (or -Djsycl.localSize2d) is '32'; use 2 positive extent(s) joined by"
                        + " 'x', such as 32x8; or unset it for the default");
        assertThatThrownBy(() -> s.mapsHostTransfers(true)).hasMessageContaining("JSYCL_HOST_TRANSFERS")
                .hasMessageContaining("'dma'").hasMessageContaining("auto, map or staging");
        assertThat(settings("jsycl.trace", "yes").trace()).isTrue();
    }

    @Test
    void theSubmitWarmupRunsOnGpusUnlessForced() {
        assertThat(settings().warmsUp(DeviceType.GPU)).isTrue();
        assertThat(settings().warmsUp(DeviceType.CPU)).isFalse();
        assertThat(settings("jsycl.warmup", "off").warmsUp(DeviceType.GPU)).isFalse();
        assertThat(settings(Map.of("JSYCL_WARMUP", "on")).warmsUp(DeviceType.CPU)).isTrue();
        assertThat(settings(Map.of("JSYCL_WARMUP", "on"), "jsycl.warmup", "auto").warmsUp(DeviceType.CPU)).isFalse();
        assertThatThrownBy(() -> settings("jsycl.warmup", "later").warmsUp(DeviceType.GPU))
                .hasMessageContaining("JSYCL_WARMUP").hasMessageContaining("'later'");
    }

    @Test
    void outOfOrderQueuesAreOffOnNvidiaUnlessForced() {
        assertThat(settings("jsycl.outOfOrderQueues", "on").outOfOrderQueues("NVIDIA Corporation")).isTrue();
        assertThat(settings("jsycl.outOfOrderQueues", "no").outOfOrderQueues("The pocl project")).isFalse();
        assertThat(settings("jsycl.outOfOrderQueues", "Auto").outOfOrderQueues("NVIDIA Corporation")).isFalse();
        assertThatThrownBy(() -> settings("jsycl.outOfOrderQueues", "sometimes").outOfOrderQueues("x"))
                .hasMessageContaining("'sometimes'; use auto, on or off");
    }

    @Test
    void localSizesAndQuirks() {
        Settings s = settings("jsycl.localSize1d", "512", "jsycl.localSize3d", "8 x 4 x 2", "jsycl.quirks",
                "-nan-to-integer");
        assertThat(s.paddedLocalSize(1)).containsExactly(512);
        assertThat(s.paddedLocalSize(3)).containsExactly(8, 4, 2);
        assertThat(s.paddedLocalSizeSet(1)).isTrue();
        assertThat(s.quirks().get()).containsExactly(Map.entry(DriverQuirk.NAN_TO_INTEGER, false));
        assertThatThrownBy(() -> settings("jsycl.copyThreads", "0").copyThreads().get())
                .hasMessageContaining("JSYCL_COPY_THREADS").hasMessageContaining("'0'");
    }

    @Test
    void theCurrentSettingsAreBuiltOnceUntilAPropertyTheyReadChanges() {
        Settings first = Settings.current();
        assertThat(Settings.current()).as("nothing changed: the same record").isSameAs(first);
        System.setProperty("jsycl.checks", "1");
        Settings changed = Settings.current();
        assertThat(changed).isNotSameAs(first);
        assertThat(changed.checks().get()).isTrue();
        assertThat(Settings.current()).isSameAs(changed);
        System.clearProperty("jsycl.checks");
        assertThat(Settings.current().checks().get()).isFalse();
    }
}
