package io.jsycl.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Collects the scheduler's trace ({@code io.jsycl.scheduler}) while open: sets the logger to {@code FINE} and records
 * every message; {@link #close()} restores the logger's level and removes the handler.
 */
final class TraceCapture extends Handler implements AutoCloseable {
    private static final Logger LOGGER = Logger.getLogger("io.jsycl.scheduler");
    private final List<String> messages = new ArrayList<>();
    private final Level previous;

    TraceCapture() {
        previous = LOGGER.getLevel();
        setLevel(Level.ALL);
        LOGGER.setLevel(Level.FINE);
        LOGGER.addHandler(this);
    }

    /** The messages so far, in order; a copy. */
    List<String> messages() {
        synchronized (messages) {
            return List.copyOf(messages);
        }
    }

    /** Forgets the messages so far. */
    void clear() {
        synchronized (messages) {
            messages.clear();
        }
    }

    @Override
    public void publish(LogRecord r) {
        synchronized (messages) {
            messages.add(r.getMessage());
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        LOGGER.removeHandler(this);
        LOGGER.setLevel(previous);
    }
}
