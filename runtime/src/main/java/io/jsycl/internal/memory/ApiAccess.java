package io.jsycl.internal.memory;

import io.jsycl.Accessor;
import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.LocalAccessor;
import io.jsycl.Queue;
import io.jsycl.Reduction;
import io.jsycl.SpecConstant;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.platform.DeviceImpl;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The runtime's way into the state that the public types of {@code io.jsycl} keep hidden, in the
 * style of the JDK's {@code SharedSecrets}: one package-private class of {@code io.jsycl} implements
 * it and registers itself when it is initialized; {@link #get()} initializes it first. The public
 * types stay thin (an {@link io.jsycl.Event} is a handle to an {@link EventImpl}, a {@link io.jsycl.Context} to a
 * {@link ContextImpl}, a {@link io.jsycl.Device} to a {@link DeviceImpl}, a {@link io.jsycl.DeviceArray} to a
 * {@link DeviceArrayImpl}, a {@link io.jsycl.LocalAccessor} to a {@link LocalAccessorImpl}, a {@link io.jsycl.Reduction} to a
 * {@link ReductionImpl}); what the scheduler, the buffer storage and the kernel lowering read of them goes
 * through here, and nothing of it is public API.
 */
public interface ApiAccess {
    /**
     * The registered implementation.
     *
     * @return the access to the API types' hidden state
     */
    static ApiAccess get() {
        ApiAccess access = ApiAccessHolder.access;
        return access != null ? access : ApiAccessHolder.load();
    }

    /**
     * Registers the implementation; once, from its class's static initializer.
     *
     * @param access the implementation
     */
    static void register(ApiAccess access) {
        ApiAccessHolder.register(access);
    }

    /** @return what {@code event} is a handle to */
    EventImpl impl(Event event);

    /** @return a host-device context whose transfers go to the queue {@code transfers} makes (a test's fake) */
    Context newContext(Function<ContextImpl, CommandQueue> transfers);

    /** @return what {@code context} is a handle to */
    ContextImpl impl(Context context);

    /** @return what {@code device} is a handle to */
    DeviceImpl impl(Device device);

    /** @return the storage {@code buffer} is a view of */
    BufferStorage storage(Buffer<?> buffer);

    /** @return the storage {@code accessor} reaches */
    BufferStorage storage(Accessor<?> accessor);

    /** @return the offset of {@code accessor} in dimension {@code d} of its storage */
    int offset(Accessor<?> accessor, int d);

    /** @return what {@code array} is a handle to */
    DeviceArrayImpl impl(DeviceArray<?> array);

    /** @return what {@code local} is a handle to */
    LocalAccessorImpl impl(LocalAccessor<?> local);

    /** @return what {@code reduction} is a handle to */
    ReductionImpl impl(Reduction<?> reduction);

    /**
     * What {@code queue} keeps under {@code key}, made by {@code make} at the first call and closed with the queue
     * (the scheduler's {@code attachment}).
     *
     * @param <T> the attachment's type
     * @param queue the queue
     * @param key identifies the attachment
     * @param type its type
     * @param make makes it
     * @return the attachment
     */
    <T extends AutoCloseable> T attachment(Queue queue, Object key, Class<T> type, Supplier<T> make);

    /**
     * Runs {@code body} on this thread with {@code values} as what {@link SpecConstant#get()} returns for the constants
     * they name: how the host device runs a command group's kernel.
     *
     * @param values the command group's values of specialization constants
     * @param body the kernel's run
     */
    void runWithSpecValues(Map<SpecConstant<?>, Object> values, Runnable body);
}
