package io.jsycl.internal.launch;

import io.jsycl.SyclException;
import io.jsycl.internal.event.LaunchThread;
import io.jsycl.internal.platform.DeviceImpl;
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
public final class DeferredLaunch implements LaunchThread.Launch {
    private final ClCommandQueue queue;
    private final KernelHandle handle;
    private final KernelArguments arguments;
    private final NdShape shape;
    private final LoweredKernel lowered;
    private final DeviceImpl device;

    public DeferredLaunch(ClCommandQueue queue, KernelHandle handle, KernelArguments arguments, NdShape shape,
            LoweredKernel lowered, DeviceImpl device) {
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
            throw enqueueFailure(lowered, device, e);
        }
    }

    /** The failure of enqueuing {@code lowered} on {@code device}, as submit and the launch thread report it. */
    public static SyclException enqueueFailure(LoweredKernel lowered, DeviceImpl device, ClException e) {
        return new SyclException("cannot enqueue kernel " + lowered.kernelName() + " on " + device.name() + ": "
                + e.getMessage(), e, e.status(), e.statusName());
    }

    @Override
    public void abandon() {
        arguments.close();
    }
}
