package io.jsycl.internal.memory;

/** Where {@link ApiAccess} keeps its implementation. */
public final class ApiAccessHolder {
    /** The class of {@code io.jsycl} that implements {@link ApiAccess} and registers itself when initialized. */
    private static final String IMPLEMENTATION = "io.jsycl.ApiBridge";

    static volatile ApiAccess access;

    private ApiAccessHolder() {
    }

    static synchronized void register(ApiAccess a) {
        if (access != null) {
            throw new IllegalStateException("ApiAccess is registered already");
        }
        access = a;
    }

    /** Initializes the implementing class, which registers itself, and returns what it registered. */
    static ApiAccess load() {
        try {
            Class.forName(IMPLEMENTATION, true, ApiAccessHolder.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the runtime's " + IMPLEMENTATION + " is missing", e);
        }
        ApiAccess a = access;
        if (a == null) {
            throw new IllegalStateException(IMPLEMENTATION + " did not register itself");
        }
        return a;
    }
}
