package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The cache blob over the fake compiler: round trip, another device's blob, corrupt blobs. */
class CacheBlobTest {
    private static final ProgramSource A = ProgramSource.of("kernel void a() {}", "-O2");
    private static final ProgramSource B = ProgramSource.of("kernel void b() {}");

    private static KernelProgramCache<String, FakeCompiler.Program, FakeCompiler.Kernel> cache(FakeCompiler c) {
        return new KernelProgramCache<>(c, null, 16, false);
    }

    @Test
    void aSeededCacheLoadsEveryProgramOfTheBlobFromItsBinary() {
        var first = cache(new FakeCompiler());
        first.getKernel("gpu", A, "a");
        first.getKernel("gpu", B, "b");
        first.getKernel("cpu", B, "b"); // another device: not in the gpu blob
        byte[] blob = CacheBlob.encode(first.describe("gpu"), first.binaries("gpu"));
        String id = CacheBlob.id(first.describe("gpu"), first.programKeys("gpu"));

        var compiler = new FakeCompiler();
        var second = cache(compiler);
        assertThat(ProgramManager.seed(second, "gpu", blob)).isEqualTo(2);
        assertThat(second.getKernel("gpu", A, "a").program.program.fromBinary()).isTrue();
        assertThat(second.getKernel("gpu", B, "b").program.program.fromBinary()).isTrue();
        assertThat(compiler.sourceBuilds).hasValue(0);
        assertThat(second.stats().diskHits()).isEqualTo(2);
        assertThat(CacheBlob.id(second.describe("gpu"), second.programKeys("gpu"))).isEqualTo(id);
    }

    @Test
    void theIdChangesWithTheProgramsAndTheDevice() {
        var c = cache(new FakeCompiler());
        String empty = CacheBlob.id(c.describe("gpu"), c.programKeys("gpu"));
        c.getKernel("gpu", A, "a");
        String one = CacheBlob.id(c.describe("gpu"), c.programKeys("gpu"));
        assertThat(one).isNotEqualTo(empty).hasSize(64).matches("[0-9a-f]+");
        assertThat(CacheBlob.id(c.describe("cpu"), c.programKeys("gpu"))).isNotEqualTo(one);
    }

    @Test
    void aBlobOfAnotherDeviceOrACorruptOneIsIgnored() {
        var first = cache(new FakeCompiler());
        first.getKernel("gpu", A, "a");
        byte[] blob = CacheBlob.encode(first.describe("gpu"), first.binaries("gpu"));

        var compiler = new FakeCompiler();
        var other = cache(compiler);
        assertThat(ProgramManager.seed(other, "cpu", blob)).isZero();
        byte[] corrupt = blob.clone();
        corrupt[corrupt.length / 2] ^= 1;
        assertThat(ProgramManager.seed(other, "gpu", corrupt)).isZero();
        assertThat(ProgramManager.seed(other, "gpu", new byte[0])).isZero();
        assertThat(CacheBlob.decode(java.util.Arrays.copyOf(blob, blob.length - 1)).problem()).isNotNull();
        assertThat(other.getKernel("gpu", A, "a").program.program.fromBinary()).isFalse();
        assertThat(compiler.sourceBuilds).hasValue(1);
    }

    @Test
    void aBinaryThatDoesNotBuildFallsBackToTheSource() {
        var first = cache(new FakeCompiler());
        first.getKernel("gpu", A, "a");
        byte[] blob = CacheBlob.encode(first.describe("gpu"), first.binaries("gpu"));
        var compiler = new FakeCompiler();
        compiler.binariesFail = true;
        var second = cache(compiler);
        ProgramManager.seed(second, "gpu", blob);
        assertThat(second.getKernel("gpu", A, "a").program.program.fromBinary()).isFalse();
        assertThat(compiler.sourceBuilds).hasValue(1);
        assertThat(List.of(second.stats().builds())).containsExactly(1L);
    }
}
