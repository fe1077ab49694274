package io.jsycl.tests;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Collects the warnings of waits that last (logger {@code io.jsycl.wait}) between {@link #start} and {@link #close()},
 * with {@code JSYCL_WAIT_WARN} set meanwhile; {@link #close()} removes the handler and the setting.
 */
final class WaitWarnings extends Handler implements AutoCloseable {
    private static final Logger WAIT_LOG = Logger.getLogger("io.jsycl.wait");
    private final List<String> warnings = new CopyOnWriteArrayList<>();

    /** Warns of waits longer than {@code seconds} (the setting's text) and collects the warnings from now on. */
    void start(String seconds) {
        System.setProperty("jsycl.waitWarn", seconds);
        WAIT_LOG.addHandler(this);
    }

    /** The warnings so far: a live list, safe to read while waits go on. */
    List<String> messages() {
        return warnings;
    }

    @Override
    public void publish(LogRecord r) {
        if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
            warnings.add(r.getMessage());
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        WAIT_LOG.removeHandler(this);
        System.clearProperty("jsycl.waitWarn");
    }
}
