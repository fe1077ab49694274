package io.jsycl.internal.event;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The scheduler's graph lock ({@code io.jsycl.internal.schedule.Scheduler} describes what it guards and the lock
 * order). It lives below the scheduler because buffer storage and its transfers take it too, when a host accessor
 * closes or a transfer started under it finishes, and they never import the scheduler.
 */
public final class GraphLock {
    /** The graph lock: held for graph updates and enqueues only, never across a wait. */
    public static final ReentrantLock LOCK = new ReentrantLock();

    private GraphLock() {
    }
}
