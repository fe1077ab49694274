/**
 * Data and where it lives: a buffer's storage and its copies on the host and in each context
 * ({@link io.jsycl.internal.memory.BufferStorage}, its users {@link io.jsycl.internal.memory.BufferUsers}, the
 * uploads that make a copy current {@link io.jsycl.internal.memory.DeviceUploads}, its transfers
 * {@link io.jsycl.internal.memory.BufferTransfer}, host access in place {@link io.jsycl.internal.memory.HostViews},
 * its open host accessors {@link io.jsycl.internal.memory.HostAccessors} and its close
 * {@link io.jsycl.internal.memory.BufferClose}), the queues transfers are enqueued on
 * ({@link io.jsycl.internal.memory.CommandQueue}, faked by tests), the context's pools of device memory
 * ({@link io.jsycl.internal.memory.DevicePool}) and pinned staging memory
 * ({@link io.jsycl.internal.memory.StagingPool}) that closed buffers give back, device arrays, local memory and
 * reductions' outputs, element and record codecs, and what a {@link io.jsycl.Context} is a handle to
 * ({@link io.jsycl.internal.memory.ContextImpl}).
 *
 * <p>Imports {@code platform} and {@code event}; never {@code launch}, {@code host} or {@code schedule}. A pass of
 * the scheduler asks storage what stands between a command and its enqueue; storage answers with a
 * {@link io.jsycl.internal.memory.Deferred} and never calls back into the scheduler. The graph lock it takes (a host
 * accessor's close, a transfer that finishes) is {@link io.jsycl.internal.event.GraphLock}.
 *
 * <p>{@link io.jsycl.internal.memory.ApiAccess} is the runtime's one way into the public types' hidden state; it lives
 * here because every type it returns lives here or below.
 */
package io.jsycl.internal.memory;
