package io.jsycl.internal.launch;

import io.jsycl.SyclException;
import io.jsycl.internal.event.LaunchThread;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.internal.memory.ReductionImpl;
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
    /** A DistributedQueue's part of a reduction: its identity is written before the kernel, its result read after. */
    private final ReductionImpl part;

    public DeferredLaunch(ClCommandQueue queue, KernelHandle handle, KernelArguments arguments, NdShape shape,
            LoweredKernel lowered, DeviceImpl device) {
        this(queue, handle, arguments, shape, lowered, device, null);
    }

    /** As above, for {@code part}, an on-device part of a reduction whose slot is set ({@link ReductionImpl#slot()}). */
    public DeferredLaunch(ClCommandQueue queue, KernelHandle handle, KernelArguments arguments, NdShape shape,
            LoweredKernel lowered, DeviceImpl device, ReductionImpl part) {
        this.queue = queue;
        this.handle = handle;
        this.arguments = arguments;
        this.shape = shape;
        this.lowered = lowered;
        this.device = device;
        this.part = part;
    }

    @Override
    public void enqueue() {
        try (arguments; var lease = handle.acquire()) {
            if (part != null) {
                part.slot().writeIdentity(queue, part.output().kind, part.identity());
            }
            arguments.applyTo(lease.kernel());
            shape.launch(queue, lease.kernel(), List.of(), false);
            if (part != null) {
                part.slot().readAfter(queue, part.output().kind, false);
            }
        } catch (ClException e) {
            SyclException failure = enqueueFailure(lowered, device, e);
            if (part != null) {
                part.slot().abandon(failure);
            }
            throw failure;
        } catch (RuntimeException | Error e) {
            if (part != null) {
                part.slot().abandon(new SyclException("kernel " + lowered.kernelName() + " was not enqueued", e));
            }
            throw e;
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
        if (part != null) {
            part.slot().abandon(new SyclException("kernel " + lowered.kernelName() + " was not enqueued: an earlier"
                    + " launch on its queue failed"));
        }
    }
}
