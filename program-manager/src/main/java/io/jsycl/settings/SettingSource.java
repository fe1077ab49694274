package io.jsycl.settings;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Where jsycl's settings come from, and the one parser of their values, shared by the runtime's settings and the
 * program manager's cache settings.
 *
 * <p>Every setting is an environment variable overridden by a system property ({@link Setting}). A property that is
 * set wins, even when blank; a blank value means the setting's default. Values are read with surrounding white space
 * stripped. A malformed value is an {@link IllegalArgumentException} that names the variable and its property, quotes
 * the value, and says what to use instead: {@code JSYCL_CHECKS (or -Djsycl.checks) is 'maybe'; use 1, true, on or
 * yes; 0, false, off or no; or unset it for the default}.
 *
 * <p>{@link #system()} is the one place in jsycl that reads the process's environment and system properties for
 * settings. It records each system property it was asked for and the value it saw, so that {@link #isCurrent()} can
 * tell whether a setting made from it is out of date (a JVM's environment never changes after start).
 *
 * <p>Thread safety: instances may be shared; the record of properties read is a concurrent map.
 */
public final class SettingSource {
    /** The words a switch takes, in the messages. */
    private static final String SWITCH_WORDS = "1, true, on or yes; 0, false, off or no";

    private final Map<String, String> environment;
    private final UnaryOperator<String> properties;
    /** Every property asked for, with the value seen then (empty: unset). */
    private final Map<String, Optional<String>> seen = new ConcurrentHashMap<>();

    private SettingSource(Map<String, String> environment, UnaryOperator<String> properties) {
        this.environment = Objects.requireNonNull(environment, "environment");
        this.properties = Objects.requireNonNull(properties, "properties");
    }

    /**
     * The settings of this process: its environment, overridden by the system properties as they are when asked.
     *
     * @return a new source; {@link #isCurrent()} says whether a system property it read has changed since
     */
    public static SettingSource system() {
        return new SettingSource(System.getenv(), System::getProperty);
    }

    /**
     * Settings from {@code environment} and {@code properties} (for tests and tools).
     *
     * @param environment the variables, by name
     * @param properties the properties; read when asked, so later changes count
     * @return a new source
     */
    public static SettingSource of(Map<String, String> environment, Properties properties) {
        Objects.requireNonNull(properties, "properties");
        return new SettingSource(Map.copyOf(environment), properties::getProperty);
    }

    /**
     * The value of {@code setting}: its property if set, else its variable, stripped.
     *
     * @param setting the setting
     * @return the value, or null where neither is set
     */
    public String value(Setting setting) {
        String value = property(setting.property());
        return value != null ? value : variable(setting.variable());
    }

    /**
     * An environment variable as it is (not a jsycl setting: {@code XDG_CACHE_HOME}), stripped.
     *
     * @param name the variable
     * @return its value, or null where unset
     */
    public String variable(String name) {
        String value = environment.get(name);
        return value == null ? null : value.strip();
    }

    /**
     * A system property as it is now (not a jsycl setting: {@code user.home}, or a property with no variable),
     * stripped; recorded for {@link #isCurrent()}.
     *
     * @param name the property
     * @return its value, or null where unset
     */
    public String property(String name) {
        String value = properties.apply(name);
        seen.put(name, Optional.ofNullable(value));
        return value == null ? null : value.strip();
    }

    /**
     * Whether every system property this source has read still has the value it read.
     *
     * @return false once one of them was set, changed or cleared
     */
    public boolean isCurrent() {
        for (var entry : seen.entrySet()) {
            if (!Objects.equals(properties.apply(entry.getKey()), entry.getValue().orElse(null))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A switch: {@code 1}, {@code true}, {@code on}, {@code yes} or {@code 0}, {@code false}, {@code off}, {@code no}
     * (either case).
     *
     * @param setting the setting
     * @param fallback the value when unset or blank
     * @return the switch's value
     * @throws IllegalArgumentException for any other value
     */
    public boolean flag(Setting setting, boolean fallback) {
        String value = value(setting);
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        Boolean on = parseSwitch(value);
        if (on == null) {
            throw malformed(setting, value, SWITCH_WORDS + "; or unset it for the default");
        }
        return on;
    }

    /**
     * A switch read where a malformed value must not fail (a class's initialization): such a value is off.
     *
     * @param setting the setting
     * @return true only for a value that turns it on
     */
    public boolean flagOrOff(Setting setting) {
        return Boolean.TRUE.equals(parseSwitch(value(setting)));
    }

    /**
     * A switch that is {@code auto} unless forced {@code on} or {@code off} (or any other word {@link #flag} takes).
     *
     * @param setting the setting
     * @return true or false where forced, null for auto (also when unset or blank)
     * @throws IllegalArgumentException for any other value
     */
    public Boolean autoSwitch(Setting setting) {
        String value = value(setting);
        if (value == null || value.isEmpty() || value.equalsIgnoreCase("auto")) {
            return null;
        }
        Boolean on = parseSwitch(value);
        if (on == null) {
            throw malformed(setting, value, "auto, on or off");
        }
        return on;
    }

    /**
     * One of a few words, in either case.
     *
     * @param setting the setting
     * @param fallback the word when unset or blank
     * @param words the words it takes, lower case
     * @return the word given, lower case, or {@code fallback}
     * @throws IllegalArgumentException for any other value
     */
    public String choice(Setting setting, String fallback, String... words) {
        String value = value(setting);
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        String word = value.toLowerCase(Locale.ROOT);
        for (String w : words) {
            if (w.equals(word)) {
                return w;
            }
        }
        throw malformed(setting, value, orList(words));
    }

    /**
     * A whole number within bounds.
     *
     * @param setting the setting
     * @param fallback the value when unset or blank
     * @param min the least value taken
     * @param max the greatest value taken
     * @param what what the number counts, for the message: {@code "bytes"}, {@code "threads"}
     * @return the number
     * @throws IllegalArgumentException for anything else
     */
    public long wholeNumber(Setting setting, long fallback, long min, long max, String what) {
        String value = value(setting);
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        try {
            long n = Long.parseLong(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw malformed(setting, value, "a whole number of " + what + (max == Long.MAX_VALUE ? ", at least " + min
                : " from " + min + " to " + max) + ", or unset it for the default");
    }

    /**
     * A duration in seconds, a decimal number ({@code 2}, {@code 0.5}); {@code 0} or {@code off} is 0.
     *
     * @param setting the setting
     * @param fallbackNanos the value when unset or blank
     * @return the duration in nanoseconds
     * @throws IllegalArgumentException for anything else, a negative number or more than 10^9 seconds
     */
    public long seconds(Setting setting, long fallbackNanos) {
        String value = value(setting);
        if (value == null || value.isEmpty()) {
            return fallbackNanos;
        }
        if (value.equalsIgnoreCase("off")) {
            return 0;
        }
        try {
            double s = Double.parseDouble(value);
            if (s >= 0 && s <= 1e9) {
                return Math.round(s * 1e9);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw malformed(setting, value, "a number of seconds (2, 0.5), or 0 or off for never");
    }

    /**
     * A file or folder.
     *
     * @param setting the setting
     * @return the path, or null when unset or blank
     * @throws IllegalArgumentException for a string that is no path here
     */
    public Path path(Setting setting) {
        String value = value(setting);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw malformed(setting, value, "a path (" + e.getReason() + ")");
        }
    }

    /**
     * A comma-separated list.
     *
     * @param setting the setting
     * @return the items, stripped, empty ones left out; empty when unset
     */
    public List<String> list(Setting setting) {
        String value = value(setting);
        var items = new ArrayList<String>();
        if (value != null) {
            for (String item : value.split(",")) {
                if (!item.isBlank()) {
                    items.add(item.strip());
                }
            }
        }
        return items;
    }

    /**
     * The error for a malformed setting: {@code JSYCL_X (or -Djsycl.x) is 'value'; use WHAT}.
     *
     * @param setting the setting
     * @param value the value as given
     * @param use what to use instead
     * @return the exception, to throw
     */
    public static IllegalArgumentException malformed(Setting setting, String value, String use) {
        return new IllegalArgumentException(setting + " is '" + value + "'; use " + use);
    }

    /**
     * A value as a switch, in the words {@link #flag} takes.
     *
     * @param value the value, or null
     * @return true or false, or null for null or any other word
     */
    public static Boolean parseSwitch(String value) {
        if (value == null) {
            return null;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "1", "true", "on", "yes" -> Boolean.TRUE;
            case "0", "false", "off", "no" -> Boolean.FALSE;
            default -> null;
        };
    }

    private static String orList(String... words) {
        var b = new StringBuilder();
        for (int i = 0; i < words.length; i++) {
            b.append(i == 0 ? "" : i == words.length - 1 ? " or " : ", ").append(words[i]);
        }
        return b.toString();
    }
}
