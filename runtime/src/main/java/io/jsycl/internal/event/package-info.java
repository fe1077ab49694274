/**
 * Commands as the rest of the runtime waits for them: what an {@link io.jsycl.Event} is a handle to
 * ({@link io.jsycl.internal.event.EventImpl}, of one sealed kind: an OpenCL event, a launch without one, or
 * a future of the JVM), the launches of an in-order queue that have no OpenCL event of their
 * own ({@link io.jsycl.internal.event.LazyLaunches}) and the thread that enqueues a burst of them
 * ({@link io.jsycl.internal.event.LaunchThread}), and the graph lock ({@link io.jsycl.internal.event.GraphLock})
 * that the scheduler and the buffers' transfers share.
 *
 * <p>Imports {@code platform} only, and names no public handle: an event knows its context by identity
 * ({@link io.jsycl.internal.event.EventContext}) and reports a {@link io.jsycl.internal.event.CommandStatus} that
 * {@link io.jsycl.Event} maps to its own. A checked kernel's record, which a launch leaves for its event to read, is an
 * interface here ({@link io.jsycl.internal.event.CheckRecord}) that the launch layer implements.
 *
 * <p>Lock order within the runtime: the graph lock, then a buffer's storage, then a queue scheduler's, an event's or
 * {@link io.jsycl.internal.event.LazyLaunches}' monitor, then a {@link io.jsycl.internal.event.LaunchThread}'s
 * enqueue lock ({@code io.jsycl.internal.schedule} describes the whole design).
 */
package io.jsycl.internal.event;
