package io.jsycl.internal.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.ItemKernel;
import io.jsycl.lowering.Capture;
import io.jsycl.lowering.KernelRequest;
import io.jsycl.lowering.KernelShape;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.ScalarType;
import io.jsycl.program.DiskCache;
import java.io.IOException;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoweringCacheTest {
    @TempDir
    Path dir;

    private static KernelRequest request() throws Exception {
        int k = 5;
        ItemKernel kernel = it -> {
            int unused = Math.abs(it.id(0)) * k;
        };
        Method writeReplace = kernel.getClass().getDeclaredMethod("writeReplace");
        writeReplace.setAccessible(true);
        SerializedLambda l = (SerializedLambda) writeReplace.invoke(kernel);
        return new KernelRequest(LoweringCacheTest.class.getClassLoader(), l.getImplClass(), l.getImplMethodName(),
                l.getImplMethodSignature(), KernelShape.ITEM, 1, List.of(new Capture.Scalar(ScalarType.INT)));
    }

    private DiskCache open(String persistent) {
        String oldDir = System.setProperty("jsycl.cache.dir", dir.toString());
        String oldPersistent = System.setProperty("jsycl.cache.persistent", persistent);
        try {
            return DiskCache.open(LoweringCache.FOLDER);
        } finally {
            restore("jsycl.cache.dir", oldDir);
            restore("jsycl.cache.persistent", oldPersistent);
        }
    }

    private static void restore(String name, String value) {
        if (value == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, value);
        }
    }

    @Test
    void aSecondProcessFindsTheLoweringOnDiskWithoutAnalysingBytecode() throws Exception {
        var first = new LoweringCache(open("1"));
        LoweredKernel lowered = first.lower(request());
        assertThat(first.lowerings.sum()).isEqualTo(1);

        var second = new LoweringCache(open("1")); // a fresh cache: as in a new process
        assertThat(second.lower(request())).isEqualTo(lowered);
        assertThat(second.lowerings.sum()).isZero();
        assertThat(second.hits.sum()).isEqualTo(1);
        assertThat(dir.resolve(LoweringCache.FOLDER)).isDirectory();
    }

    @Test
    void aCorruptEntryIsAMissAndIsReplaced() throws Exception {
        LoweredKernel lowered = new LoweringCache(open("1")).lower(request());
        try (Stream<Path> files = Files.list(dir.resolve(LoweringCache.FOLDER))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".bin")).toList()) {
                byte[] data = Files.readAllBytes(p);
                data[data.length / 2] ^= 0x40;
                Files.write(p, data);
            }
        }
        var again = new LoweringCache(open("1"));
        assertThat(again.lower(request())).isEqualTo(lowered);
        assertThat(again.lowerings.sum()).isEqualTo(1);
        var third = new LoweringCache(open("1"));
        third.lower(request());
        assertThat(third.hits.sum()).as("the re-lowered entry was stored").isEqualTo(1);
    }

    @Test
    void anEntryKeepsEveryFlagTheRuntimeLaunchesBy() throws Exception {
        LoweredKernel lowered = new LoweringCache(null).lower(request());
        ClassLoader loader = LoweringCacheTest.class.getClassLoader();
        for (int flags = 0; flags < 64; flags++) {
            var k = new LoweredKernel(lowered.kernelName(), lowered.source(), lowered.args(), (flags & 1) != 0,
                    lowered.specConstants(), (flags & 2) != 0, (flags & 4) != 0, (flags & 8) != 0, (flags & 16) != 0,
                    (flags & 32) != 0 ? 0x36 : 0);
            assertThat(LoweringCache.decode(LoweringCache.encode(k, Map.of()), loader)).isEqualTo(k);
        }
    }

    @Test
    void anEntryIsAMissWhenAClassTheLoweringReadHasChanged() throws Exception {
        LoweredKernel lowered = new LoweringCache(null).lower(request());
        String self = LoweringCacheTest.class.getName().replace('.', '/');
        byte[] fresh = LoweringCache.encode(lowered, Map.of(self, LoweringCache.sha256(classBytes(self))));
        byte[] stale = LoweringCache.encode(lowered, Map.of(self, "0".repeat(64)));
        ClassLoader loader = LoweringCacheTest.class.getClassLoader();
        assertThat(LoweringCache.decode(fresh, loader)).isEqualTo(lowered);
        assertThat(LoweringCache.decode(stale, loader)).isNull();
        assertThat(LoweringCache.decode(new byte[] {0, 0, 0, 1, 9}, loader)).isNull();
    }

    @Test
    void theKeyCoversTheImplementationClassBytesAndTheLoweringVersion() throws Exception {
        KernelRequest r = request();
        String a = LoweringCache.keyText(r, new byte[] {1});
        assertThat(LoweringCache.keyText(r, new byte[] {2})).isNotEqualTo(a);
        assertThat(a).contains("loweringVersion=" + String.valueOf(LoweringCache.LOWERING_VERSION).length() + ":"
                + LoweringCache.LOWERING_VERSION, r.implMethod(),
                r.implDescriptor(), "ITEM", "Scalar[type=INT]");
    }

    @Test
    void persistentZeroTurnsItOff() {
        assertThat(open("0")).isNull();
        assertThat(dir.resolve(LoweringCache.FOLDER)).doesNotExist();
    }

    private static byte[] classBytes(String internalName) throws IOException {
        try (var in = LoweringCacheTest.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    @Test
    void loweringCodeFingerprintChangesWhenTheJarOrAClassFileChanges(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("lowering.jar"), new byte[] {1, 2, 3});
        String before = LoweringCache.LoweringCode.of(jar);
        assertThat(LoweringCache.LoweringCode.of(jar)).isEqualTo(before);
        Files.write(jar, new byte[] {1, 2, 3, 4});
        assertThat(LoweringCache.LoweringCode.of(jar)).isNotEqualTo(before);

        Path classes = Files.createDirectories(dir.resolve("classes/io/x"));
        Path file = Files.write(classes.resolve("A.class"), new byte[] {1});
        String folder = LoweringCache.LoweringCode.of(dir.resolve("classes"));
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(file).toMillis() + 5_000));
        assertThat(LoweringCache.LoweringCode.of(dir.resolve("classes"))).isNotEqualTo(folder);
        String touched = LoweringCache.LoweringCode.of(dir.resolve("classes"));
        Files.write(classes.resolve("B.class"), new byte[] {2});
        assertThat(LoweringCache.LoweringCode.of(dir.resolve("classes"))).isNotEqualTo(touched);
    }
}
