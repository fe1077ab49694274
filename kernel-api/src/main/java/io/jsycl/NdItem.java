package io.jsycl;

import io.jsycl.Lowered.As;

/**
 * The work-item an {@link NdItemKernel} runs as: its place in the global range, in its work-group and in its
 * sub-group.
 *
 * <p>Its sub-group functions are {@link SubGroupItem}'s.
 */
public interface NdItem extends SubGroupItem {
    /**
     * Index in the global range, dimension {@code d}.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the global index, 0 to {@code globalRange(d) - 1}
     */
    @Lowered(As.ITEM_QUERY)
    int globalId(int d);

    /**
     * Index in the work-group.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the index in the work-group, 0 to {@code localRange(d) - 1}
     */
    @Lowered(As.ITEM_QUERY)
    int localId(int d);

    /**
     * Index of the work-group.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the work-group's index, 0 to {@code groupRange(d) - 1}
     */
    @Lowered(As.ITEM_QUERY)
    int groupId(int d);

    /**
     * Extent of the global range.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the global extent, at least 1
     */
    @Lowered(As.ITEM_QUERY)
    int globalRange(int d);

    /**
     * Extent of the work-group.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the work-group extent, at least 1
     */
    @Lowered(As.ITEM_QUERY)
    int localRange(int d);

    /**
     * Number of work-groups.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the number of work-groups, {@code globalRange(d) / localRange(d)}
     */
    @Lowered(As.ITEM_QUERY)
    int groupRange(int d);

    /**
     * Row-major linear index in the global range.
     *
     * @return the linear global index
     */
    @Lowered(As.ITEM_QUERY)
    long globalLinearId();

    /**
     * Row-major linear index in the work-group.
     *
     * @return the linear index in the work-group
     */
    @Lowered(As.ITEM_QUERY)
    long localLinearId();

    /**
     * The number of dimensions.
     *
     * @return 1, 2 or 3
     */
    @Lowered(As.ITEM_QUERY)
    int dimensions();

    /** Waits until every work-item of the group reaches this barrier; fences local and global memory. */
    @Lowered(As.BARRIER)
    void barrier();

    /**
     * Waits until every work-item of the group reaches this barrier; fences the given memory.
     *
     * @param fence the memory (local, global or both) whose writes the group sees after the barrier
     */
    @Lowered(As.BARRIER)
    void barrier(Fence fence);

    /**
     * Combines every work-item's {@code x} with {@code op} (SYCL's {@code reduce_over_group}); every work-item of
     * the group must call it, as with {@link #barrier()}, and each gets the result. The values are combined in a
     * fixed tree, the same on every device, so a {@code int} result is the same on every device and every run.
     *
     * @param x this work-item's value
     * @param op the operation (for {@code float} and {@code double}: {@code SUM}, {@code PRODUCT}, {@code MIN},
     *     {@code MAX}); in a kernel, a {@code GroupOp} constant
     * @return the values of the whole work-group combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    int reduceOverGroup(int x, GroupOp op);

    /**
     * Combines every work-item's {@code x} with {@code op} (SYCL's {@code reduce_over_group}); every work-item of
     * the group must call it, as with {@link #barrier()}, and each gets the result. The values are combined in a
     * fixed tree, the same on every device, so a {@code long} result is the same on every device and every run.
     *
     * @param x this work-item's value
     * @param op the operation (for {@code float} and {@code double}: {@code SUM}, {@code PRODUCT}, {@code MIN},
     *     {@code MAX}); in a kernel, a {@code GroupOp} constant
     * @return the values of the whole work-group combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    long reduceOverGroup(long x, GroupOp op);

    /**
     * Combines every work-item's {@code x} with {@code op} (SYCL's {@code reduce_over_group}); every work-item of
     * the group must call it, as with {@link #barrier()}, and each gets the result. The values are combined in a
     * fixed tree, the same on every device, so a {@code float} result is the same on every device and every run.
     *
     * @param x this work-item's value
     * @param op the operation (for {@code float} and {@code double}: {@code SUM}, {@code PRODUCT}, {@code MIN},
     *     {@code MAX}); in a kernel, a {@code GroupOp} constant
     * @return the values of the whole work-group combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    float reduceOverGroup(float x, GroupOp op);

    /**
     * Combines every work-item's {@code x} with {@code op} (SYCL's {@code reduce_over_group}); every work-item of
     * the group must call it, as with {@link #barrier()}, and each gets the result. The values are combined in a
     * fixed tree, the same on every device, so a {@code double} result is the same on every device and every run.
     *
     * @param x this work-item's value
     * @param op the operation (for {@code float} and {@code double}: {@code SUM}, {@code PRODUCT}, {@code MIN},
     *     {@code MAX}); in a kernel, a {@code GroupOp} constant
     * @return the values of the whole work-group combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    double reduceOverGroup(double x, GroupOp op);

    /**
     * The inclusive prefix of the work-items' {@code x} in local linear id order (SYCL's
     * {@code inclusive_scan_over_group}): work-item {@code i} gets {@code x_0 op x_1 op ... op x_i}. Every
     * work-item of the group must call it; the combining order is fixed and the same on every device.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of work-items 0 to this one combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    int inclusiveScanOverGroup(int x, GroupOp op);

    /**
     * The inclusive prefix of the work-items' {@code x} in local linear id order (SYCL's
     * {@code inclusive_scan_over_group}): work-item {@code i} gets {@code x_0 op x_1 op ... op x_i}. Every
     * work-item of the group must call it; the combining order is fixed and the same on every device.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of work-items 0 to this one combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    long inclusiveScanOverGroup(long x, GroupOp op);

    /**
     * The inclusive prefix of the work-items' {@code x} in local linear id order (SYCL's
     * {@code inclusive_scan_over_group}): work-item {@code i} gets {@code x_0 op x_1 op ... op x_i}. Every
     * work-item of the group must call it; the combining order is fixed and the same on every device.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of work-items 0 to this one combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    float inclusiveScanOverGroup(float x, GroupOp op);

    /**
     * The inclusive prefix of the work-items' {@code x} in local linear id order (SYCL's
     * {@code inclusive_scan_over_group}): work-item {@code i} gets {@code x_0 op x_1 op ... op x_i}. Every
     * work-item of the group must call it; the combining order is fixed and the same on every device.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of work-items 0 to this one combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    double inclusiveScanOverGroup(double x, GroupOp op);

    /**
     * The exclusive prefix of the work-items' {@code x} in local linear id order (SYCL's
     * {@code exclusive_scan_over_group}): work-item {@code i} gets {@code x_0 op ... op x_(i-1)}, and work-item 0
     * the identity of {@code op}. Every work-item of the group must call it.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of the work-items before this one combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    int exclusiveScanOverGroup(int x, GroupOp op);

    /**
     * The exclusive prefix of the work-items' {@code x} in local linear id order (SYCL's
     * {@code exclusive_scan_over_group}): work-item {@code i} gets {@code x_0 op ... op x_(i-1)}, and work-item 0
     * the identity of {@code op}. Every work-item of the group must call it.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of the work-items before this one combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    long exclusiveScanOverGroup(long x, GroupOp op);

    /**
     * The exclusive prefix of the work-items' {@code x} in local linear id order (SYCL's
     * {@code exclusive_scan_over_group}): work-item {@code i} gets {@code x_0 op ... op x_(i-1)}, and work-item 0
     * the identity of {@code op}. Every work-item of the group must call it.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of the work-items before this one combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    float exclusiveScanOverGroup(float x, GroupOp op);

    /**
     * The exclusive prefix of the work-items' {@code x} in local linear id order (SYCL's
     * {@code exclusive_scan_over_group}): work-item {@code i} gets {@code x_0 op ... op x_(i-1)}, and work-item 0
     * the identity of {@code op}. Every work-item of the group must call it.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of the work-items before this one combined
     */
    @Lowered(As.GROUP_ALGORITHM)
    double exclusiveScanOverGroup(double x, GroupOp op);

    /**
     * The {@code x} of one work-item, given to all (SYCL's {@code group_broadcast}). Every work-item of the group
     * must call it with the same {@code from}.
     *
     * @param x this work-item's value
     * @param from the local linear id of the work-item whose value every work-item gets
     * @return that work-item's {@code x}
     */
    @Lowered(As.GROUP_ALGORITHM)
    int groupBroadcast(int x, int from);

    /**
     * The {@code x} of one work-item, given to all (SYCL's {@code group_broadcast}). Every work-item of the group
     * must call it with the same {@code from}.
     *
     * @param x this work-item's value
     * @param from the local linear id of the work-item whose value every work-item gets
     * @return that work-item's {@code x}
     */
    @Lowered(As.GROUP_ALGORITHM)
    long groupBroadcast(long x, int from);

    /**
     * The {@code x} of one work-item, given to all (SYCL's {@code group_broadcast}). Every work-item of the group
     * must call it with the same {@code from}.
     *
     * @param x this work-item's value
     * @param from the local linear id of the work-item whose value every work-item gets
     * @return that work-item's {@code x}
     */
    @Lowered(As.GROUP_ALGORITHM)
    float groupBroadcast(float x, int from);

    /**
     * The {@code x} of one work-item, given to all (SYCL's {@code group_broadcast}). Every work-item of the group
     * must call it with the same {@code from}.
     *
     * @param x this work-item's value
     * @param from the local linear id of the work-item whose value every work-item gets
     * @return that work-item's {@code x}
     */
    @Lowered(As.GROUP_ALGORITHM)
    double groupBroadcast(double x, int from);

    /**
     * Whether {@code predicate} holds for at least one work-item of the group (SYCL's {@code any_of_group}). Every
     * work-item of the group must call it.
     *
     * @param predicate this work-item's value
     * @return whether the predicate holds for at least one work-item, the same for every work-item of the group
     */
    @Lowered(As.GROUP_ALGORITHM)
    boolean anyOfGroup(boolean predicate);

    /**
     * Whether {@code predicate} holds for every work-item of the group (SYCL's {@code all_of_group}). Every
     * work-item of the group must call it.
     *
     * @param predicate this work-item's value
     * @return whether the predicate holds for every work-item, the same for every work-item of the group
     */
    @Lowered(As.GROUP_ALGORITHM)
    boolean allOfGroup(boolean predicate);

    /**
     * Whether {@code predicate} holds for no work-item of the group (SYCL's {@code none_of_group}). Every
     * work-item of the group must call it.
     *
     * @param predicate this work-item's value
     * @return whether the predicate holds for no work-item, the same for every work-item of the group
     */
    @Lowered(As.GROUP_ALGORITHM)
    boolean noneOfGroup(boolean predicate);
}
