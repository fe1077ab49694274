package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class CacheConfigTest {
    private static Properties props(String... kv) {
        Properties p = new Properties();
        p.setProperty("user.home", "/home/u");
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }

    @Test
    void defaults() {
        CacheConfig c = CacheConfig.from(Map.of(), props());
        assertThat(c.persistent()).isTrue();
        assertThat(c.directory()).isEqualTo(Path.of("/home/u/.cache/jsycl"));
        assertThat(c.maxSizeBytes()).isEqualTo(1L << 30);
        assertThat(c.inMemCapacity()).isEqualTo(256);
        assertThat(c.trace()).isFalse();
    }

    @Test
    void xdgCacheHomeIsTheDefaultParent() {
        assertThat(CacheConfig.from(Map.of("XDG_CACHE_HOME", "/xdg"), props()).directory())
                .isEqualTo(Path.of("/xdg/jsycl"));
    }

    @Test
    void environmentIsReadAndPropertiesOverrideIt() {
        Map<String, String> env = Map.of("JSYCL_CACHE_PERSISTENT", "0", "JSYCL_CACHE_DIR", "/env",
                "JSYCL_CACHE_MAX_SIZE", "0", "JSYCL_CACHE_IN_MEM_CAPACITY", "8", "JSYCL_CACHE_TRACE", "1");
        CacheConfig fromEnv = CacheConfig.from(env, props());
        assertThat(fromEnv).isEqualTo(new CacheConfig(false, Path.of("/env"), 0, 8, true));
        CacheConfig overridden = CacheConfig.from(env, props("jsycl.cache.persistent", "true",
                "jsycl.cache.dir", "/prop", "jsycl.cache.maxSize", "100", "jsycl.cache.inMemCapacity", "3",
                "jsycl.cache.trace", "off"));
        assertThat(overridden).isEqualTo(new CacheConfig(true, Path.of("/prop"), 100, 3, false));
    }

    @Test
    void badValuesNameTheSetting() {
        assertThatThrownBy(() -> CacheConfig.from(Map.of("JSYCL_CACHE_MAX_SIZE", "lots"), props()))
                .hasMessageContaining("JSYCL_CACHE_MAX_SIZE").hasMessageContaining("lots");
        assertThatThrownBy(() -> CacheConfig.from(Map.of(), props("jsycl.cache.inMemCapacity", "0")))
                .hasMessageContaining("JSYCL_CACHE_IN_MEM_CAPACITY");
        assertThatThrownBy(() -> CacheConfig.from(Map.of("JSYCL_CACHE_TRACE", "maybe"), props()))
                .hasMessageContaining("JSYCL_CACHE_TRACE");
    }

    @Test
    void buildProgressThresholdIsInSecondsAndSettingItAsksForInfoRecords() {
        CacheConfig defaults = CacheConfig.from(Map.of(), props());
        assertThat(defaults.buildProgressNanos()).isEqualTo(2_000_000_000L);
        assertThat(defaults.buildProgressAsked()).isFalse();
        CacheConfig asked = CacheConfig.from(Map.of("JSYCL_BUILD_PROGRESS", "0.5"), props());
        assertThat(asked.buildProgressNanos()).isEqualTo(500_000_000L);
        assertThat(asked.buildProgressAsked()).isTrue();
        assertThat(CacheConfig.from(Map.of("JSYCL_BUILD_PROGRESS", "3"), props("jsycl.buildProgress", "off"))
                .buildProgressNanos()).isZero();
        assertThatThrownBy(() -> CacheConfig.from(Map.of("JSYCL_BUILD_PROGRESS", "soon"), props()))
                .hasMessageContaining("JSYCL_BUILD_PROGRESS").hasMessageContaining("'soon'")
                .hasMessageContaining("number of seconds");
    }
}
