package io.jsycl.internal;

import io.jsycl.Device;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClException;
import io.jsycl.program.KernelHandle;
import java.util.List;

/**
 * A kernel launch the scheduler recorded and handed to its queue's {@link LaunchThread}: the arguments were taken at
 * submit; the kernel object is leased, given the arguments and enqueued (without an event, after the queue's earlier
 * commands only) when the thread gets to it. The launch owns {@code arguments} (its captured arrays' buffers) and
 * releases them once enqueued or abandoned.
 */
final class DeferredLaunch implements LaunchThread.Launch {
    private final ClCommandQueue queue;
    private final KernelHandle handle;
    private final KernelArguments arguments;
    private final NdShape shape;
    private final LoweredKernel lowered;
    private final Device device;

    DeferredLaunch(ClCommandQueue queue, KernelHandle handle, KernelArguments arguments, NdShape shape,
            LoweredKernel lowered, Device device) {
        this.queue = queue;
        this.handle = handle;
        this.arguments = arguments;
        this.shape = shape;
        this.lowered = lowered;
        this.device = device;
    }

    @Override
    public void enqueue() {
        try (arguments; var lease = handle.acquire()) {
            arguments.applyTo(lease.kernel());
            shape.launch(queue, lease.kernel(), List.of(), false);
        } catch (ClException e) {
            throw Scheduler.enqueueFailure(lowered, device, e);
        }
    }

    @Override
    public void abandon() {
        arguments.close();
    }
}
