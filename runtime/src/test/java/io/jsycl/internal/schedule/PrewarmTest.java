package io.jsycl.internal.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class PrewarmTest {
    @Test
    void everySubmitPathClassExists() {
        ClassLoader loader = Prewarm.class.getClassLoader();
        var missing = new ArrayList<String>();
        for (String name : Prewarm.SUBMIT_PATH) {
            try {
                Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                missing.add(name);
            }
        }
        assertThat(missing).as("classes Prewarm.SUBMIT_PATH names that no longer exist (renamed or removed?)")
                .isEmpty();
    }

    @Test
    void submitPathNamesNoClassTwice() {
        assertThat(Prewarm.SUBMIT_PATH).doesNotHaveDuplicates();
    }
}
