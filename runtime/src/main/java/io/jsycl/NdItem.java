package io.jsycl;

/** The work-item an {@link NdItemKernel} runs as: its place in the global range and in its work-group. */
public interface NdItem {
    /**
     * Index in the global range, dimension {@code d}.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the global index, 0 to {@code globalRange(d) - 1}
     */
    int globalId(int d);

    /**
     * Index in the work-group.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the index in the work-group, 0 to {@code localRange(d) - 1}
     */
    int localId(int d);

    /**
     * Index of the work-group.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the work-group's index, 0 to {@code groupRange(d) - 1}
     */
    int groupId(int d);

    /**
     * Extent of the global range.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the global extent, at least 1
     */
    int globalRange(int d);

    /**
     * Extent of the work-group.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the work-group extent, at least 1
     */
    int localRange(int d);

    /**
     * Number of work-groups.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the number of work-groups, {@code globalRange(d) / localRange(d)}
     */
    int groupRange(int d);

    /**
     * Row-major linear index in the global range.
     *
     * @return the linear global index
     */
    long globalLinearId();

    /**
     * Row-major linear index in the work-group.
     *
     * @return the linear index in the work-group
     */
    long localLinearId();

    /**
     * The number of dimensions.
     *
     * @return 1, 2 or 3
     */
    int dimensions();

    /** Waits until every work-item of the group reaches this barrier; fences local and global memory. */
    void barrier();

    /**
     * Waits until every work-item of the group reaches this barrier; fences the given memory.
     *
     * @param fence the memory (local, global or both) whose writes the group sees after the barrier
     */
    void barrier(Fence fence);
}
