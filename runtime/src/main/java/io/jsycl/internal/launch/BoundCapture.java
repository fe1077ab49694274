package io.jsycl.internal.launch;

import io.jsycl.Range;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.DeviceArrayImpl;
import io.jsycl.internal.memory.LocalAccessorImpl;
import java.util.List;

/**
 * A kernel's captured value as its launch uses it, resolved once per submit ({@link KernelLambdas#lower}) while the
 * captures are checked: public handles unwrapped, a record's components read. Choosing the program variant
 * ({@link LaunchSpecialization}) and setting the kernel's arguments ({@link KernelArguments}) read these and never
 * the captured objects again.
 */
public sealed interface BoundCapture {
    /**
     * An accessor.
     *
     * @param storage the storage it reaches
     * @param range its range
     * @param offset its offset in each dimension of its storage
     */
    record Accessor(BufferStorage storage, Range range, int[] offset) implements BoundCapture {
    }

    /**
     * A device array.
     *
     * @param array what the array is a handle to
     */
    record DeviceArray(DeviceArrayImpl array) implements BoundCapture {
    }

    /**
     * Local memory.
     *
     * @param local what the local accessor is a handle to
     * @param range its range
     */
    record Local(LocalAccessorImpl local, Range range) implements BoundCapture {
    }

    /**
     * A primitive value (boxed) or a one-dimensional primitive array, passed as it is.
     *
     * @param value the value
     */
    record Value(Object value) implements BoundCapture {
    }

    /**
     * A record.
     *
     * @param components its components, bound, in declaration order
     */
    record Record(BoundCapture[] components) implements BoundCapture {
    }

    /**
     * The leaf a kernel argument reads: {@code root}, or the component at {@code path} in the records below it.
     *
     * @param root a captured value, bound
     * @param path record component indices from {@code root} down to the leaf (empty outside records)
     * @return the leaf
     */
    static BoundCapture resolve(BoundCapture root, List<Integer> path) {
        BoundCapture b = root;
        for (int i = 0; i < path.size(); i++) {
            b = ((Record) b).components()[path.get(i)];
        }
        return b;
    }
}
