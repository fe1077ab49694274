/**
 * The scheduler: orders the commands of every queue and runs them, in passes under the graph lock. The top layer of
 * {@code io.jsycl.internal}: it imports {@code platform}, {@code event}, {@code memory}, {@code launch} and
 * {@code host}, and nothing imports it but the public API. Its shared part is {@link Scheduler}, each queue's own
 * part its {@link QueueScheduler}; {@link Passes} is the one pass loop every submit and host access runs.
 *
 * <p>The route of a submit. {@link io.jsycl.Queue#submit} runs the command group function with a
 * {@link io.jsycl.Handler}, which records it and, when the function returns, hands over an immutable
 * {@link io.jsycl.internal.launch.CommandGroupRecord}: the kernel and its ranges, each buffer's storage and access mode, the
 * events it depends on, local memory, build flags. The queue's {@link QueueScheduler} takes the
 * record: {@link io.jsycl.internal.launch.KernelLambdas} lowers the kernel (and checks its captures against the record's
 * accessors), {@link io.jsycl.internal.launch.QueueKernels} composes the build options and gets the kernel from the
 * context's {@link io.jsycl.program.ProgramManager}, which builds it with OpenCL or finds it in its
 * caches; then, under {@link Scheduler#LOCK}, the queue scheduler orders the command, has each buffer's
 * storage move its data (through a {@link io.jsycl.internal.memory.CommandQueue}, which tests fake) and enqueues the kernel
 * on its OpenCL queue.
 *
 * <p>Design. Each buffer records its last writer and the readers since ({@link io.jsycl.internal.memory.BufferUsers}, kept
 * by its {@link io.jsycl.internal.memory.BufferStorage}); a command waits for the last writer of each buffer it reads and, if
 * it writes, for the readers too. Waits on OpenCL events of the same context become the enqueue's
 * wait list ({@link io.jsycl.internal.event.EventImpl#waitList}); waits on host work or on another context's events are done on
 * the submitting thread, before the command is recorded. On an in-order queue without profiling a
 * kernel is launched without an OpenCL event ({@link io.jsycl.internal.event.LazyLaunches}): commands of the same queue need
 * none, and any other waiter gets a marker on that queue. Where such a queue has a
 * {@link io.jsycl.internal.event.LaunchThread} (GPUs), a launch that waits for nothing but the queue's earlier commands, in a
 * burst of submits, is recorded and enqueued by that thread ({@link io.jsycl.internal.launch.DeferredLaunch}). Which of these
 * a queue does is its queue scheduler's launch policy, fixed when the queue is made.
 *
 * <p>Thread safety: {@link Scheduler#LOCK} serializes the graph updates of all queues (dependency
 * collection, data movement decisions, enqueue, recording the new event), so two command groups
 * on one buffer are ordered as they were submitted and every buffer of a command group sees the
 * same order. It is never held across a blocking wait. A submit runs in passes: each pass, under
 * the lock, collects the command's dependencies and asks each buffer what stands between it and
 * an enqueue that does not wait ({@code BufferStorage.readyFor*}). If nothing does, the pass
 * commits: it moves data with non-blocking enqueues, enqueues the command and records it. Else it
 * commits nothing but the transfers it started ({@link io.jsycl.internal.memory.BufferTransfer}: a read-back into the host
 * array, an upload by map, each recorded as a reader of its buffer) and leaves a {@link io.jsycl.internal.memory.Deferred}:
 * the submitting thread, with the lock released, waits for the host work or other context's
 * commands the command depends on and finishes those transfers, then runs the pass again. Commands
 * submitted by other threads meanwhile may go first, which is an order they could have been
 * submitted in. Lowering, program builds and kernel leases happen before the lock is taken. Lock
 * order: {@link Scheduler#LOCK}, then a buffer's storage, then a queue scheduler's, an event's or
 * {@link io.jsycl.internal.event.LazyLaunches}' monitor, then a {@link io.jsycl.internal.event.LaunchThread}'s enqueue lock
 * (a buffer's open host accessors have a leaf monitor of their own). A queue's read lock
 * (held by each submit, so that its close waits for submits under way) is the one lock a submit
 * holds while it waits; only that queue's close takes it exclusively.
 *
 * <p>Host-device command groups run asynchronously on their own threads ({@link Scheduler#runOnHost}) once
 * the events they depend on complete; the validity of each buffer copy changes at submit, in
 * submission order. Where a device command needs data a host command group produces, the
 * submitting thread waits for that host work (OpenCL wait lists cannot hold it). A host accessor
 * ({@link Scheduler#hostAccess}) takes part in the graph as such host work, from its open to its close.
 *
 * <p>Errors: lowering and build failures are thrown from {@code submit}, and so is the failure of
 * host work or of a transfer the submitting thread waited for; failures while a command runs
 * surface at {@link io.jsycl.internal.event.EventImpl#await()}, {@link io.jsycl.Queue#await()} or a buffer's close.
 */
package io.jsycl.internal.schedule;
