package io.jsycl.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SettingSourceTest {
    private static final Setting S = new Setting("JSYCL_X", "jsycl.x");

    private static Properties props(String... kv) {
        var p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }

    private static SettingSource env(String value) {
        return SettingSource.of(Map.of("JSYCL_X", value), props());
    }

    private static SettingSource prop(String value) {
        return SettingSource.of(Map.of(), props("jsycl.x", value));
    }

    @Test
    void thePropertyOverridesTheVariableEvenWhenBlank() {
        assertThat(SettingSource.of(Map.of("JSYCL_X", "env"), props()).value(S)).isEqualTo("env");
        assertThat(SettingSource.of(Map.of("JSYCL_X", "env"), props("jsycl.x", "prop")).value(S)).isEqualTo("prop");
        assertThat(SettingSource.of(Map.of(), props()).value(S)).isNull();
        var blankProperty = SettingSource.of(Map.of("JSYCL_X", "1"), props("jsycl.x", " "));
        assertThat(blankProperty.value(S)).isEmpty();
        assertThat(blankProperty.flag(S, false)).as("blank: the default, not the variable").isFalse();
        assertThat(SettingSource.of(Map.of("JSYCL_X", "0"), props("jsycl.x", "on")).flag(S, false)).isTrue();
    }

    @Test
    void valuesAreStripped() {
        assertThat(env("  x ").value(S)).isEqualTo("x");
        assertThat(prop("\tstaging ").choice(S, "auto", "auto", "map", "staging")).isEqualTo("staging");
    }

    @Test
    void everySwitchWordInEitherCase() {
        for (String on : new String[] {"1", "true", "TRUE", "on", "Yes", " on "}) {
            assertThat(prop(on).flag(S, false)).as(on).isTrue();
            assertThat(env(on).flagOrOff(S)).as(on).isTrue();
            assertThat(prop(on).autoSwitch(S)).as(on).isTrue();
        }
        for (String off : new String[] {"0", "false", "Off", "no"}) {
            assertThat(env(off).flag(S, true)).as(off).isFalse();
            assertThat(prop(off).autoSwitch(S)).as(off).isFalse();
        }
        assertThat(prop("").flag(S, true)).as("blank: the default").isTrue();
        assertThat(SettingSource.of(Map.of(), props()).flag(S, true)).as("unset: the default").isTrue();
        assertThat(prop("AUTO").autoSwitch(S)).isNull();
        assertThat(prop("").autoSwitch(S)).isNull();
    }

    @Test
    void aMalformedValueNamesTheVariableThePropertyAndTheValue() {
        assertThatThrownBy(() -> prop("maybe").flag(S, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("JSYCL_X (or -Djsycl.x) is 'maybe'; use 1, true, on or yes; 0, false, off or no; or unset"
                        + " it for the default");
        assertThat(prop("maybe").flagOrOff(S)).as("where failing is no option: off").isFalse();
        assertThatThrownBy(() -> env("sometimes").autoSwitch(S))
                .hasMessage("JSYCL_X (or -Djsycl.x) is 'sometimes'; use auto, on or off");
        assertThatThrownBy(() -> env("Mapped").choice(S, "auto", "auto", "map", "staging"))
                .hasMessage("JSYCL_X (or -Djsycl.x) is 'Mapped'; use auto, map or staging");
    }

    @Test
    void wholeNumbersWithinTheirBounds() {
        assertThat(env("16").wholeNumber(S, 4, 1, Integer.MAX_VALUE, "threads")).isEqualTo(16);
        assertThat(prop("").wholeNumber(S, 4, 1, Integer.MAX_VALUE, "threads")).isEqualTo(4);
        assertThat(prop("0").wholeNumber(S, 4, 0, Long.MAX_VALUE, "bytes")).isZero();
        assertThatThrownBy(() -> env("0").wholeNumber(S, 4, 1, 64, "threads"))
                .hasMessage("JSYCL_X (or -Djsycl.x) is '0'; use a whole number of threads from 1 to 64, or unset it"
                        + " for the default");
        assertThatThrownBy(() -> env("lots").wholeNumber(S, 4, 0, Long.MAX_VALUE, "bytes"))
                .hasMessage("JSYCL_X (or -Djsycl.x) is 'lots'; use a whole number of bytes, at least 0, or unset it"
                        + " for the default");
        assertThatThrownBy(() -> env("1.5").wholeNumber(S, 4, 0, Long.MAX_VALUE, "bytes")).hasMessageContaining("'1.5'");
        assertThatThrownBy(() -> env("99999999999999999999").wholeNumber(S, 4, 0, Long.MAX_VALUE, "bytes"))
                .hasMessageContaining("'99999999999999999999'");
    }

    @Test
    void secondsAreDecimalAndOffIsZero() {
        assertThat(env("0.5").seconds(S, 7)).isEqualTo(500_000_000L);
        assertThat(env("2").seconds(S, 7)).isEqualTo(2_000_000_000L);
        assertThat(env("OFF").seconds(S, 7)).isZero();
        assertThat(env("0").seconds(S, 7)).isZero();
        assertThat(prop("").seconds(S, 7)).isEqualTo(7);
        assertThatThrownBy(() -> env("soon").seconds(S, 7))
                .hasMessage("JSYCL_X (or -Djsycl.x) is 'soon'; use a number of seconds (2, 0.5), or 0 or off for never");
        assertThatThrownBy(() -> env("-1").seconds(S, 7)).hasMessageContaining("'-1'");
    }

    @Test
    void pathsAndLists() {
        assertThat(env("/tmp/k").path(S)).isEqualTo(Path.of("/tmp/k"));
        assertThat(prop(" ").path(S)).isNull();
        assertThatThrownBy(() -> env("a\0b").path(S)).hasMessageStartingWith("JSYCL_X (or -Djsycl.x) is 'a\0b'; use a path");
        assertThat(env(" a, -b ,,c ").list(S)).containsExactly("a", "-b", "c");
        assertThat(SettingSource.of(Map.of(), props()).list(S)).isEmpty();
    }

    @Test
    void aSourceKnowsWhenAPropertyItReadHasChanged() {
        var p = props("jsycl.x", "1");
        var source = SettingSource.of(Map.of("JSYCL_Y", "2"), p);
        assertThat(source.isCurrent()).as("nothing read yet").isTrue();
        source.value(S);
        source.value(new Setting("JSYCL_Y", "jsycl.y"));
        assertThat(source.isCurrent()).isTrue();
        p.setProperty("jsycl.z", "unread");
        assertThat(source.isCurrent()).as("a property it never read").isTrue();
        p.setProperty("jsycl.y", "3");
        assertThat(source.isCurrent()).as("a property it read as unset, now set").isFalse();
        p.remove("jsycl.y");
        assertThat(source.isCurrent()).isTrue();
        p.setProperty("jsycl.x", "0");
        assertThat(source.isCurrent()).as("a property changed").isFalse();
        p.remove("jsycl.x");
        assertThat(source.isCurrent()).as("a property cleared").isFalse();
    }

    @Test
    void theSwitchWordsAreOneParser() {
        assertThat(SettingSource.parseSwitch(" Yes")).isTrue();
        assertThat(SettingSource.parseSwitch("no")).isFalse();
        assertThat(SettingSource.parseSwitch("maybe")).isNull();
        assertThat(SettingSource.parseSwitch(null)).isNull();
    }
}
