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

    @Test
    void everyLockClassExistsInTheJdk() {
        var missing = new ArrayList<String>();
        for (String name : Prewarm.LOCK_CLASSES) {
            try {
                Class<?> type = Class.forName(name, false, null);
                assertThat(java.util.concurrent.locks.AbstractQueuedSynchronizer.class.isAssignableFrom(type))
                        .as(name + " is a synchronizer").isTrue();
            } catch (ClassNotFoundException e) {
                missing.add(name);
            }
        }
        assertThat(missing).as("JDK lock classes Prewarm.LOCK_CLASSES names that this JDK lacks").isEmpty();
    }
}
