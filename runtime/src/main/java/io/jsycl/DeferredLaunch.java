package io.jsycl;

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
    private final String kernelName;

    DeferredLaunch(ClCommandQueue queue, KernelHandle handle, KernelArguments arguments, NdShape shape,
            String kernelName) {
        this.queue = queue;
        this.handle = handle;
        this.arguments = arguments;
        this.shape = shape;
        this.kernelName = kernelName;
    }

    @Override
    public void enqueue() {
        try (arguments; var lease = handle.acquire()) {
            arguments.applyTo(lease.kernel());
            shape.launch(queue, lease.kernel(), List.of(), false);
        } catch (ClException e) {
            throw new SyclException("cannot enqueue kernel " + kernelName + ": " + e.getMessage(), e, e.status(),
                    e.statusName());
        }
    }

    @Override
    public void abandon() {
        arguments.close();
    }
}
