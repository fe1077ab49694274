package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The runtime's switches take the words the cache settings take, and name themselves when malformed. */
class ConfigTest {
    @AfterEach
    void restore() {
        System.clearProperty("jsycl.checks");
        System.clearProperty("jsycl.trace");
        System.clearProperty("jsycl.outOfOrderQueues");
    }

    @Test
    void everySwitchWord() {
        for (String on : new String[] {"1", "true", "TRUE", "on", "Yes", " on "}) {
            System.setProperty("jsycl.checks", on);
            assertThat(Config.checks()).as(on).isTrue();
        }
        for (String off : new String[] {"0", "false", "Off", "no"}) {
            System.setProperty("jsycl.checks", off);
            assertThat(Config.checks()).as(off).isFalse();
        }
        System.setProperty("jsycl.checks", "");
        assertThat(Config.checks()).as("blank: the default").isFalse();
    }

    @Test
    void aMalformedSwitchNamesItsSettingExceptTheTrace() {
        System.setProperty("jsycl.checks", "maybe");
        assertThatThrownBy(Config::checks).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSYCL_CHECKS").hasMessageContaining("'maybe'");
        System.setProperty("jsycl.trace", "maybe");
        assertThat(Config.trace()).isFalse();
        System.setProperty("jsycl.trace", "yes");
        assertThat(Config.trace()).isTrue();
    }

    @Test
    void outOfOrderQueuesAreOffOnNvidiaUnlessForced() {
        assertThat(Config.outOfOrderQueues("NVIDIA Corporation")).isFalse();
        assertThat(Config.outOfOrderQueues("The pocl project")).isTrue();
        System.setProperty("jsycl.outOfOrderQueues", "on");
        assertThat(Config.outOfOrderQueues("NVIDIA Corporation")).isTrue();
        System.setProperty("jsycl.outOfOrderQueues", "no");
        assertThat(Config.outOfOrderQueues("The pocl project")).isFalse();
        System.setProperty("jsycl.outOfOrderQueues", "Auto");
        assertThat(Config.outOfOrderQueues("NVIDIA Corporation")).isFalse();
    }
}
