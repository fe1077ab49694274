package io.jsycl.program;

import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;

/**
 * Every input that changes a program binary. Its {@link #text() text} is stored in full in
 * the entry (to catch hash collisions); the file name is the SHA-256 of that text.
 */
record PersistentCacheKey(String source, String buildOptions, SortedMap<String, String> specConstants,
                          DeviceDescription device) {

    /** Version of the entry file layout; part of every key and checked when reading. */
    static final int FORMAT_VERSION = 1;
    /** jsycl's version: a new release may generate other code or use other build flags. */
    static final String JSYCL_VERSION = jsyclVersion();

    PersistentCacheKey {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(buildOptions, "buildOptions");
        Objects.requireNonNull(specConstants, "specConstants");
        Objects.requireNonNull(device, "device");
    }

    /** The full key: each field as {@code name=length:value} so that no two keys read alike. */
    String text() {
        StringBuilder b = new StringBuilder(source.length() + 512);
        field(b, "format", Integer.toString(FORMAT_VERSION));
        field(b, "jsycl", JSYCL_VERSION);
        field(b, "device", device.name());
        field(b, "deviceVersion", device.version());
        field(b, "driverVersion", device.driverVersion());
        field(b, "platform", device.platformName());
        field(b, "platformVersion", device.platformVersion());
        field(b, "buildOptions", buildOptions);
        StringBuilder constants = new StringBuilder();
        for (Map.Entry<String, String> e : specConstants.entrySet()) {
            field(constants, e.getKey(), e.getValue());
        }
        field(b, "specConstants", constants.toString());
        field(b, "source", source);
        return b.toString();
    }

    /** {@code <sha-256 of the key text>.bin}. */
    String fileName() {
        return ProgramSource.sha256Hex(text()) + ".bin";
    }

    /** The key inputs without the source, for trace messages. */
    String describe() {
        return "device '" + device.name() + "' (" + device.version() + ", driver " + device.driverVersion()
                + ", platform " + device.platformName() + " " + device.platformVersion() + "), build options '"
                + buildOptions + "', spec constants " + specConstants + ", source sha-256 "
                + ProgramSource.sha256Hex(source).substring(0, 16) + ", jsycl " + JSYCL_VERSION;
    }

    private static void field(StringBuilder b, String name, String value) {
        b.append(name).append('=').append(value.length()).append(':').append(value).append('\n');
    }

    private static String jsyclVersion() {
        String v = PersistentCacheKey.class.getPackage().getImplementationVersion();
        return v != null ? v : "0.1.0-SNAPSHOT";
    }
}
