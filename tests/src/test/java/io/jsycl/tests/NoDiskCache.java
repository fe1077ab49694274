package io.jsycl.tests;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Turns jsycl's disk cache of program binaries off for each test of a class ({@code @ExtendWith(NoDiskCache.class)})
 * and restores the setting after it: every program a new context needs is then a build its program manager counts,
 * or a load from a cache blob the test gave it.
 */
final class NoDiskCache implements BeforeEachCallback, AfterEachCallback {
    private static final String PROPERTY = "jsycl.cache.persistent";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(NoDiskCache.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        String before = System.setProperty(PROPERTY, "0");
        context.getStore(NAMESPACE).put(PROPERTY, before == null ? "" : before);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        String before = context.getStore(NAMESPACE).remove(PROPERTY, String.class);
        if (before == null || before.isEmpty()) {
            System.clearProperty(PROPERTY);
        } else {
            System.setProperty(PROPERTY, before);
        }
    }
}
