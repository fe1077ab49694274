package io.jsycl.internal.host;

/**
 * A thread of the host device's group pool. While it runs a group's work-items one after another (kernels without
 * barriers, and barrier kernels compiled into phases), {@link #group} is that group, which local memory reads on
 * every access ({@link HostExecutor#currentGroup()}): a field of the current thread costs a type check and a load.
 *
 * <p>Thread safety: {@link #group} is read and written only by this thread.
 */
final class HostWorker extends Thread {
    /** The group whose work-items this thread runs now, or null. */
    HostGroup group;

    HostWorker(Runnable task) {
        super(task, "jsycl-host-group");
        setDaemon(true);
    }
}
