package io.jsycl.internal.launch;

/**
 * Whether the accessors of one command group may be read and written now: only while the host device runs the
 * group's kernel, which calls them on the JVM. Everywhere else (host code of the command group function, host code
 * after the submit, any use of an accessor of a command group that ran on an OpenCL device) an accessor is only a
 * description of the kernel's data, and a host read or write through it would bypass the scheduler: the accessor
 * refuses it.
 *
 * <p>Thread safety: {@link #running} is written by the thread that launches the kernel on the host device, before the
 * work-items start and after they have all ended; handing the work-items to their threads and joining them orders
 * those writes before the work-items' reads. It is a plain field because every accessor access reads it: a racing
 * host thread may see a stale value, which only lets a use through that is already a data race.
 */
public final class KernelBinding {
    private boolean running;

    /** True while the host device runs the command group's kernel. */
    public boolean running() {
        return running;
    }

    /** Runs {@code launch}, the host device's run of the command group's kernel, with the accessors bound to it. */
    public void run(Runnable launch) {
        running = true;
        try {
            launch.run();
        } finally {
            running = false;
        }
    }
}
