package io.jsycl.program;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One build in the kernel and program cache: in progress, done with a value, or failed with
 * or without a stored error. The thread that inserted it builds; every other thread waits on
 * {@link #await()}. Lock order: the cache lock may be held while taking this lock, never the
 * reverse.
 */
final class BuildResult<V> {
    enum State { IN_PROGRESS, DONE, FAILED }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition finished = lock.newCondition();
    // Guarded by lock
    private State state = State.IN_PROGRESS;
    // Guarded by lock
    private V value;
    // Guarded by lock
    private ProgramBuildException error;

    State state() {
        lock.lock();
        try {
            return state;
        } finally {
            lock.unlock();
        }
    }

    /** The value if done, else {@code null}. */
    V valueIfDone() {
        lock.lock();
        try {
            return state == State.DONE ? value : null;
        } finally {
            lock.unlock();
        }
    }

    void complete(V result) {
        finish(State.DONE, result, null);
    }

    /** Fails with a stored error, rethrown to every waiter, or with none ({@code null}): waiters retry. */
    void fail(ProgramBuildException storedError) {
        finish(State.FAILED, null, storedError);
    }

    private void finish(State end, V result, ProgramBuildException storedError) {
        lock.lock();
        try {
            if (state != State.IN_PROGRESS) {
                throw new IllegalStateException("build result finished twice: " + state + " then " + end);
            }
            state = end;
            value = result;
            error = storedError;
            finished.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits for the build to finish. Returns the value; throws the stored error; returns
     * {@code null} when the build failed without one (the caller retries). The wait ignores
     * interrupts (builds finish) and restores the interrupt flag afterwards.
     */
    V await() {
        boolean interrupted = false;
        lock.lock();
        try {
            while (state == State.IN_PROGRESS) {
                try {
                    finished.await();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (state == State.DONE) {
                return value;
            }
            if (error != null) {
                throw error;
            }
            return null;
        } finally {
            lock.unlock();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
