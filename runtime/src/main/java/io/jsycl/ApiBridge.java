package io.jsycl;

import io.jsycl.internal.memory.ApiAccess;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.CommandQueue;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.internal.memory.DeviceArrayImpl;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.memory.LocalAccessorImpl;
import io.jsycl.internal.memory.ReductionImpl;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** The runtime's access to the hidden state of this package's types: see {@link ApiAccess}. */
final class ApiBridge implements ApiAccess {
    static {
        ApiAccess.register(new ApiBridge());
    }

    private ApiBridge() {
    }

    @Override
    public <T extends AutoCloseable> T attachment(Queue queue, Object key, Class<T> type, Supplier<T> make) {
        return queue.scheduler.attachment(key, type, make);
    }

    @Override
    public EventImpl impl(Event event) {
        return event.impl;
    }

    @Override
    public Context newContext(Function<ContextImpl, CommandQueue> transfers) {
        return new Context(transfers);
    }

    @Override
    public ContextImpl impl(Context context) {
        return context.impl;
    }

    @Override
    public DeviceImpl impl(Device device) {
        return device.impl;
    }

    @Override
    public BufferStorage storage(Buffer<?> buffer) {
        return buffer.storage;
    }

    @Override
    public BufferStorage storage(Accessor<?> accessor) {
        return accessor.storage;
    }

    @Override
    public int offset(Accessor<?> accessor, int d) {
        return accessor.offset(d);
    }

    @Override
    public DeviceArrayImpl impl(DeviceArray<?> array) {
        return array.impl;
    }

    @Override
    public LocalAccessorImpl impl(LocalAccessor<?> local) {
        return local.impl;
    }

    @Override
    public ReductionImpl impl(Reduction<?> reduction) {
        return reduction.impl;
    }

    @Override
    public void runWithSpecValues(Map<SpecConstant<?>, Object> values, Runnable body) {
        SpecConstant.runWith(values, body);
    }
}
