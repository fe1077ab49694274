package io.jsycl.lowering;

import io.jsycl.WideAccess;
import static io.jsycl.lowering.Lambdas.lower;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ProgramVariantTest {
    /**
     * The macros and their order as the runtime wrote them before the enum: the options are part of every program's
     * cache key (on disk too), so these strings must not change.
     */
    private static final String[] FROZEN = {"JSYCL_ZERO_OFFSETS", "JSYCL_WRAPPING_SUBSCRIPTS", "JSYCL_NO_ALIASING",
        "JSYCL_TWO_ITEMS", "JSYCL_GRID_STRIDE", "JSYCL_PADDED_RANGE", "JSYCL_FAST_MATH", "JSYCL_CR_DIVIDE_SQRT",
        "JSYCL_SHARED_STRIDES", "JSYCL_TWO_ROWS", "JSYCL_FOUR_ROWS"};

    /** A preprocessor test of a macro: {@code #ifdef X}, {@code #ifndef X}, {@code defined(X)}. */
    private static final Pattern TESTED = Pattern.compile("#ifn?def\\s+(\\w+)|defined\\s*\\(\\s*(\\w+)\\s*\\)");
    private static final Pattern DEFINED = Pattern.compile("#define\\s+(\\w+)");

    @Test
    void everySetOfVariantsGivesTheOptionsOfBeforeInOneOrder() {
        ProgramVariant[] all = ProgramVariant.values();
        assertThat(all).extracting(ProgramVariant::macro).containsExactly(FROZEN);
        for (int bits = 0; bits < 1 << all.length; bits++) {
            var expected = new StringBuilder();
            Set<ProgramVariant> set = EnumSet.noneOf(ProgramVariant.class);
            for (int i = 0; i < FROZEN.length; i++) {
                if ((bits & 1 << i) != 0) {
                    expected.append("-D").append(FROZEN[i]).append(' ');
                    set.add(all[i]);
                }
            }
            assertThat(ProgramVariant.buildOptions(bits)).isEqualTo(expected.toString());
            assertThat(ProgramVariant.buildOptions(set)).isEqualTo(expected.toString());
        }
    }

    @Test
    void optionsFollowTheConstantsOrderNotTheSetsOrder() {
        var insertionOrdered = new java.util.LinkedHashSet<>(List.of(ProgramVariant.GRID_STRIDE,
                ProgramVariant.ZERO_OFFSETS));
        assertThat(ProgramVariant.buildOptions(insertionOrdered)).isEqualTo("-DJSYCL_ZERO_OFFSETS -DJSYCL_GRID_STRIDE ");
        assertThat(ProgramVariant.buildOptions(EnumSet.noneOf(ProgramVariant.class))).isEmpty();
        assertThat(ProgramVariant.NO_ALIASING.buildOption()).isEqualTo("-DJSYCL_NO_ALIASING");
        assertThat(ProgramVariant.TWO_ITEMS.defined()).isEqualTo("defined(JSYCL_TWO_ITEMS)");
    }

    @Test
    void bitsNoVariantHasAreRefused() {
        assertThatThrownBy(() -> ProgramVariant.buildOptions(1 << ProgramVariant.values().length))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ProgramVariant.buildOptions")
                .hasMessageContaining("union of ProgramVariant.bit()s");
    }

    /**
     * The contract with the runtime, read off the generated sources (the golden files and every helper): each macro
     * a program tests and does not define itself is one the runtime can pass, a {@link ProgramVariant}, or a driver
     * quirk's or feature's macro (the opencl module's {@code DriverQuirk} names those).
     */
    @Test
    void everyMacroAProgramTestsIsAVariantOrADriverMacro() throws IOException {
        List<String> sources = new ArrayList<>(Helpers.DEFINITIONS.values());
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/golden"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".cl")).toList()) {
                sources.add(Files.readString(f));
            }
        }
        Set<String> variants = new HashSet<>();
        for (ProgramVariant v : ProgramVariant.values()) {
            variants.add(v.macro());
        }
        Set<String> foreign = new TreeSet<>();
        Set<String> used = new TreeSet<>();
        for (String source : sources) {
            Set<String> defined = new HashSet<>();
            DEFINED.matcher(source).results().forEach(m -> defined.add(m.group(1)));
            Matcher m = TESTED.matcher(source);
            while (m.find()) {
                String macro = m.group(1) != null ? m.group(1) : m.group(2);
                if (defined.contains(macro)) {
                    continue;
                }
                if (variants.contains(macro)) {
                    used.add(macro);
                } else if (!macro.startsWith("JSYCL_QUIRK_") && !macro.equals("JSYCL_NVIDIA_PTX")
                        && !macro.equals(ProgramVariant.CHUNK_END) && !macro.equals(ProgramVariant.ND_CHUNK)) {
                    foreign.add(macro);
                }
            }
        }
        assertThat(foreign).as("macros tested by generated code that no ProgramVariant names").isEmpty();
        assertThat(used).as("every variant is tested by some generated code").containsExactlyInAnyOrder(FROZEN);
    }

    @Test
    void theEmitterNamesNoVariantMacroInALiteral() throws IOException {
        String emitter = Files.readString(Path.of("src/main/java/io/jsycl/lowering/KernelSourceEmitter.java"));
        for (ProgramVariant v : ProgramVariant.values()) {
            assertThat(emitter).as("KernelSourceEmitter spells " + v.macro() + "; use ProgramVariant." + v.name())
                    .doesNotContainPattern("\"[^\"\\n]*" + v.macro() + "\\b");
        }
    }

    /** A 1-D kernel with a loop runs two items per work-item but never grid-stride: one {@code #ifdef}, no loop. */
    @Test
    void aKernelWithALoopHasTwoItemsButNoGridStride() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int n = 4;
        LoweredKernel k = lower(1, it -> {
            int s = 0;
            for (int j = 0; j < n; j++) {
                s += j * it.id(0);
            }
            out.set(it.id(0), s);
        });
        assertThat(k.gridStride()).isFalse();
        assertThat(k.source()).contains("#ifdef JSYCL_TWO_ITEMS\n    it.second = 0;")
                .doesNotContain("#ifdef JSYCL_GRID_STRIDE");
        Golden.check("twoItemsWithLoop", k);
    }
}
