package io.jsycl.program;

import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One kernel set: a single OpenCL C source string holding every kernel of one declaring
 * class, the options it is built with, and its specialization constant values.
 *
 * <p>OpenCL C has no specialization constants; the OpenCL compiler passes each one as a
 * {@code -Dname=value} build option. They are part of every cache key.
 *
 * @param source        the OpenCL C source of every kernel of the set
 * @param buildOptions  options for {@code clBuildProgram}, {@code ""} for none
 * @param specConstants specialization constant values by name, copied and kept sorted
 */
public record ProgramSource(String source, String buildOptions, SortedMap<String, String> specConstants) {

    /** Checks the arguments and copies the constants into an unmodifiable sorted map. */
    public ProgramSource {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(buildOptions, "buildOptions");
        Objects.requireNonNull(specConstants, "specConstants");
        specConstants = Collections.unmodifiableSortedMap(new TreeMap<>(specConstants));
    }

    /**
     * A kernel set with no build options and no specialization constants.
     *
     * @param source the OpenCL C source of the kernel set
     * @return the kernel set
     * @throws NullPointerException if {@code source} is null
     */
    public static ProgramSource of(String source) {
        return new ProgramSource(source, "", new TreeMap<>());
    }

    /**
     * A kernel set with the given build options and no specialization constants.
     *
     * @param source the OpenCL C source of the kernel set
     * @param buildOptions options for {@code clBuildProgram}, {@code ""} for none
     * @return the kernel set
     * @throws NullPointerException if an argument is null
     */
    public static ProgramSource of(String source, String buildOptions) {
        return new ProgramSource(source, buildOptions, new TreeMap<>());
    }

    /** The lowercase hex SHA-256 of the source: the kernel-set id. */
    String sourceHash() {
        return sha256Hex(source);
    }

    /** Build options with each specialization constant appended as {@code -Dname=value}. */
    String effectiveBuildOptions() {
        if (specConstants.isEmpty()) {
            return buildOptions;
        }
        StringBuilder b = new StringBuilder(buildOptions);
        specConstants.forEach((name, value) -> {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append("-D").append(name).append('=').append(value);
        });
        return b.toString();
    }

    static String sha256Hex(String text) {
        return Sha256.hex(text);
    }
}
