package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PersistentCacheKeyTest {
    private static final DeviceDescription DEVICE =
            new DeviceDescription("gpu", "OpenCL 3.0", "1.2.3", "Platform", "OpenCL 3.0 P");

    private static TreeMap<String, String> constants(String... kv) {
        TreeMap<String, String> m = new TreeMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void identicalInputsGiveIdenticalNames() {
        var a = new PersistentCacheKey("src", "-O2", constants("N", "4"), DEVICE);
        var b = new PersistentCacheKey(new String("src"), "-O2", constants("N", "4"),
                new DeviceDescription("gpu", "OpenCL 3.0", "1.2.3", "Platform", "OpenCL 3.0 P"));
        assertThat(a.fileName()).isEqualTo(b.fileName()).matches("[0-9a-f]{64}\\.bin");
    }

    @Test
    void everyInputChangesTheName() {
        var base = new PersistentCacheKey("src", "-O2", constants("N", "4"), DEVICE);
        List<PersistentCacheKey> variants = List.of(
                base,
                new PersistentCacheKey("src2", "-O2", constants("N", "4"), DEVICE),
                new PersistentCacheKey("src", "-O1", constants("N", "4"), DEVICE),
                new PersistentCacheKey("src", "-O2", constants("N", "5"), DEVICE),
                new PersistentCacheKey("src", "-O2", constants("M", "4"), DEVICE),
                new PersistentCacheKey("src", "-O2", constants(), DEVICE),
                new PersistentCacheKey("src", "-O2", constants("N", "4"),
                        new DeviceDescription("gpu2", "OpenCL 3.0", "1.2.3", "Platform", "OpenCL 3.0 P")),
                new PersistentCacheKey("src", "-O2", constants("N", "4"),
                        new DeviceDescription("gpu", "OpenCL 2.0", "1.2.3", "Platform", "OpenCL 3.0 P")),
                new PersistentCacheKey("src", "-O2", constants("N", "4"),
                        new DeviceDescription("gpu", "OpenCL 3.0", "1.2.4", "Platform", "OpenCL 3.0 P")),
                new PersistentCacheKey("src", "-O2", constants("N", "4"),
                        new DeviceDescription("gpu", "OpenCL 3.0", "1.2.3", "Other", "OpenCL 3.0 P")),
                new PersistentCacheKey("src", "-O2", constants("N", "4"),
                        new DeviceDescription("gpu", "OpenCL 3.0", "1.2.3", "Platform", "OpenCL 2.2 P")),
                // fields that would read alike if simply concatenated
                new PersistentCacheKey("-O2src", "", constants("N", "4"), DEVICE));
        Set<String> names = variants.stream().map(PersistentCacheKey::fileName).collect(Collectors.toSet());
        assertThat(names).hasSize(variants.size());
    }

    @Test
    void keyTextHoldsTheJsyclAndFormatVersion() {
        var key = new PersistentCacheKey("src", "", constants(), DEVICE);
        assertThat(key.text()).contains("jsycl=").contains(PersistentCacheKey.JSYCL_VERSION)
                .contains("format=1:" + PersistentCacheKey.FORMAT_VERSION);
    }
}
