package io.jsycl.internal.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.lowering.ProgramVariant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class QueueKernelsTest {
    /**
     * The build options are part of every program's cache key, on disk too: these are the strings the runtime wrote
     * before the macros had one home ({@link ProgramVariant}), and must stay byte for byte.
     */
    @Test
    void buildOptionsAreTheStringsOfBefore() {
        int zeroNoAlias = LaunchSpecialization.ZERO_OFFSETS | LaunchSpecialization.NO_ALIASING;
        assertThat(QueueKernels.composeOptions(0, "", false, "", false, false, null)).isEmpty();
        assertThat(QueueKernels.composeOptions(zeroNoAlias, "", false, "", false, true, null))
                .isEqualTo("-DJSYCL_ZERO_OFFSETS -DJSYCL_NO_ALIASING -cl-fp32-correctly-rounded-divide-sqrt"
                        + " -DJSYCL_CR_DIVIDE_SQRT");
        assertThat(QueueKernels.composeOptions(zeroNoAlias | LaunchSpecialization.TWO_ITEMS
                | LaunchSpecialization.GRID_STRIDE | LaunchSpecialization.WRAPPING_SUBSCRIPTS, "-DJSYCL_SC_SCALE=3 ",
                true, "-DJSYCL_NVIDIA_PTX -DJSYCL_QUIRK_NAN_TO_INTEGER ", true, true, "-cl-mad-enable"))
                .isEqualTo("-DJSYCL_ZERO_OFFSETS -DJSYCL_WRAPPING_SUBSCRIPTS -DJSYCL_NO_ALIASING -DJSYCL_TWO_ITEMS"
                        + " -DJSYCL_GRID_STRIDE -DJSYCL_SC_SCALE=3 -DJSYCL_PADDED_RANGE -DJSYCL_NVIDIA_PTX"
                        + " -DJSYCL_QUIRK_NAN_TO_INTEGER -cl-fast-relaxed-math -DJSYCL_FAST_MATH -DJSYCL_CR_DIVIDE_SQRT"
                        + " -cl-mad-enable");
        assertThat(QueueKernels.composeOptions(LaunchSpecialization.TWO_ITEMS, "", true, "", false, false, "-w"))
                .isEqualTo("-DJSYCL_TWO_ITEMS -DJSYCL_PADDED_RANGE -w");
    }

    @Test
    void everySpecializationGivesItsVariantsOptionsInTheOrderOfBefore() {
        String[] before = {"JSYCL_ZERO_OFFSETS", "JSYCL_WRAPPING_SUBSCRIPTS", "JSYCL_NO_ALIASING", "JSYCL_TWO_ITEMS",
            "JSYCL_GRID_STRIDE", "JSYCL_SHARED_STRIDES", "JSYCL_TWO_ROWS", "JSYCL_FOUR_ROWS"};
        int[] bit = {LaunchSpecialization.ZERO_OFFSETS, LaunchSpecialization.WRAPPING_SUBSCRIPTS,
            LaunchSpecialization.NO_ALIASING, LaunchSpecialization.TWO_ITEMS, LaunchSpecialization.GRID_STRIDE,
            LaunchSpecialization.SHARED_STRIDES, LaunchSpecialization.TWO_ROWS, LaunchSpecialization.FOUR_ROWS};
        assertThat(LaunchSpecialization.BITS).isEqualTo(before.length);
        var seen = new java.util.HashSet<Integer>();
        for (int set = 0; set < 1 << before.length; set++) {
            var expected = new StringBuilder();
            int bits = 0;
            for (int i = 0; i < before.length; i++) {
                if ((set & 1 << i) != 0) {
                    expected.append("-D").append(before[i]).append(' ');
                    bits |= bit[i];
                }
            }
            assertThat(LaunchSpecialization.options(bits)).isEqualTo(expected.toString());
            int compact = LaunchSpecialization.compact(bits);
            assertThat(compact).isBetween(0, (1 << LaunchSpecialization.BITS) - 1);
            assertThat(seen.add(compact)).as("compact index of %s", expected).isTrue();
        }
    }

    /** The runtime names the macros of program variants only through {@link ProgramVariant}, never in a literal. */
    @Test
    void noRuntimeSourceSpellsAProgramVariantMacro() throws IOException {
        List<String> found = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Path.of("src/main/java"))) {
            files = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertThat(files).hasSizeGreaterThan(50);
        for (ProgramVariant v : ProgramVariant.values()) {
            // A string literal holding the macro (Javadoc and comments may name it), other than the name of an
            // environment setting ("JSYCL_GRID_STRIDE", "jsycl.gridStride"), which is no build option.
            var literal = Pattern.compile("\"[^\"\\n]*" + v.macro() + "\\b(?!\",\\s*\"jsycl\\.)");
            for (Path f : files) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i).strip();
                    if (!line.startsWith("*") && !line.startsWith("//") && literal.matcher(line).find()) {
                        found.add(f + ":" + (i + 1) + ": " + line);
                    }
                }
            }
        }
        assertThat(found).as("use ProgramVariant's macro() or buildOption()").isEmpty();
    }
}
