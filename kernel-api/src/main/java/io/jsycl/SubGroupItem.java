package io.jsycl;

import io.jsycl.Lowered.As;

/**
 * A work-item's view of its sub-group: the sub-group functions of {@link NdItem}.
 *
 * <h2>Sub-groups</h2>
 *
 * A sub-group is 32 consecutive work-items of a work-group by {@linkplain NdItem#localLinearId() local linear id}, on every
 * device, the host device included: NVIDIA's warp. When the work-group's size is not a multiple of 32, its last
 * sub-group is smaller ({@link #subGroupSize()}). NVIDIA's OpenCL has no sub-group built-ins and other devices'
 * sub-groups differ in size, so jsycl fixes its own, the same everywhere, and with it the order in which the
 * sub-group algorithms combine values: their results, {@code float} sums included, are the same bit for bit on the
 * host device and on every OpenCL device.
 *
 * <ul>
 *   <li>{@code reduceOverSubGroup} combines in an xor butterfly: {@code v = op(v, shuffleXor(v, k))} for {@code k} =
 *       1, 2, 4, 8, 16, where lanes missing from a partial sub-group contribute the identity (exactly: they change
 *       nothing). Every operation is commutative, so every work-item gets the same bits.
 *   <li>{@code inclusiveScanOverSubGroup} is Hillis–Steele: {@code if (lane >= d) v = op(shuffleUp(v, d), v)} for
 *       {@code d} = 1, 2, 4, 8, 16; {@code exclusiveScanOverSubGroup} gives lane {@code i} the inclusive value of
 *       lane {@code i - 1}, and lane 0 the identity of the operation (as the work-group scans do).
 *   <li>A shuffle whose source lane is outside the sub-group (below 0, or at or past {@link #subGroupSize()}) gives
 *       the caller its own value. Lanes are computed in {@code int} arithmetic, which wraps.
 * </ul>
 *
 * <p>On NVIDIA the sub-group operations are warp shuffles; on other devices they go through local memory between
 * work-group barriers. So, as with {@link NdItem#barrier()}, every work-item of the work-group must reach each sub-group
 * call (the queries {@code subGroupLocalId()} to {@code subGroupCount()} excepted): not inside a condition that
 * differs between work-items. They are not memory fences.
 */
public interface SubGroupItem {
    /**
     * This work-item's lane in its sub-group.
     *
     * @return {@code localLinearId() % 32}, 0 to {@code subGroupSize() - 1}
     */
    @Lowered(As.SUB_GROUP)
    int subGroupLocalId();

    /**
     * Index of this work-item's sub-group in the work-group.
     *
     * @return {@code localLinearId() / 32}, 0 to {@code subGroupCount() - 1}
     */
    @Lowered(As.SUB_GROUP)
    int subGroupId();

    /**
     * The number of work-items in this work-item's sub-group.
     *
     * @return 32, or less for the last sub-group of a work-group whose size is not a multiple of 32
     */
    @Lowered(As.SUB_GROUP)
    int subGroupSize();

    /**
     * The size of a full sub-group, the same on every device.
     *
     * @return 32
     */
    @Lowered(As.SUB_GROUP)
    int subGroupMaxSize();

    /**
     * The number of sub-groups in the work-group.
     *
     * @return the work-group's size divided by 32, rounded up
     */
    @Lowered(As.SUB_GROUP)
    int subGroupCount();

    /**
     * Whether each sub-group runs as one hardware warp here (NVIDIA's OpenCL): its operations are warp shuffles and
     * votes, which need only the work-items of their own sub-group, not the whole work-group, to reach them. A
     * constant of the device's program, so the branch not taken is compiled away. Elsewhere (other OpenCL devices,
     * whose sub-group operations go through local memory between work-group barriers, and the host device) it is
     * {@code false}.
     *
     * <p>Warp-synchronous code goes inside {@code if (it.subGroupsAreWarps())}, with the same work in work-group
     * form in the {@code else} branch: there a sub-group may run a loop of shuffles or votes on its own (one sub-group
     * polling while the others wait at a barrier after the branch), as long as all of its lanes reach each operation
     * and take each branch alike (the checked mode refuses a shuffle or vote there that a branch on the lane decides).
     *
     * @return {@code true} where sub-groups are warps
     */
    @Lowered(As.SUB_GROUP)
    boolean subGroupsAreWarps();

    /**
     * Combines every work-item's {@code x} in the sub-group with {@code op} (SYCL's {@code reduce_over_group} on
     * a sub-group), in the xor butterfly described {@linkplain NdItem above}; each work-item gets the result.
     *
     * @param x this work-item's value
     * @param op the operation (for {@code float} and {@code double}: {@code SUM}, {@code PRODUCT}, {@code MIN},
     *     {@code MAX}); in a kernel, a {@code GroupOp} constant
     * @return the values of the whole sub-group combined
     */
    @Lowered(As.SUB_GROUP)
    int reduceOverSubGroup(int x, GroupOp op);

    /**
     * {@link #reduceOverSubGroup(int, GroupOp)} over {@code long} values.
     *
     * @param x this work-item's value
     * @param op the operation (for {@code float} and {@code double}: {@code SUM}, {@code PRODUCT}, {@code MIN},
     *     {@code MAX}); in a kernel, a {@code GroupOp} constant
     * @return the values of the whole sub-group combined
     */
    @Lowered(As.SUB_GROUP)
    long reduceOverSubGroup(long x, GroupOp op);

    /**
     * {@link #reduceOverSubGroup(int, GroupOp)} over {@code float} values.
     *
     * @param x this work-item's value
     * @param op the operation (for {@code float} and {@code double}: {@code SUM}, {@code PRODUCT}, {@code MIN},
     *     {@code MAX}); in a kernel, a {@code GroupOp} constant
     * @return the values of the whole sub-group combined
     */
    @Lowered(As.SUB_GROUP)
    float reduceOverSubGroup(float x, GroupOp op);

    /**
     * {@link #reduceOverSubGroup(int, GroupOp)} over {@code double} values.
     *
     * @param x this work-item's value
     * @param op the operation (for {@code float} and {@code double}: {@code SUM}, {@code PRODUCT}, {@code MIN},
     *     {@code MAX}); in a kernel, a {@code GroupOp} constant
     * @return the values of the whole sub-group combined
     */
    @Lowered(As.SUB_GROUP)
    double reduceOverSubGroup(double x, GroupOp op);

    /**
     * The inclusive prefix of the sub-group's values in lane order (SYCL's {@code inclusive_scan_over_group} on a
     * sub-group): lane {@code i} gets {@code x_0 op ... op x_i}, combined in the Hillis–Steele order described
     * {@linkplain NdItem above}.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of lanes 0 to this one combined
     */
    @Lowered(As.SUB_GROUP)
    int inclusiveScanOverSubGroup(int x, GroupOp op);

    /**
     * {@link #inclusiveScanOverSubGroup(int, GroupOp)} over {@code long} values.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of lanes 0 to this one combined
     */
    @Lowered(As.SUB_GROUP)
    long inclusiveScanOverSubGroup(long x, GroupOp op);

    /**
     * {@link #inclusiveScanOverSubGroup(int, GroupOp)} over {@code float} values.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of lanes 0 to this one combined
     */
    @Lowered(As.SUB_GROUP)
    float inclusiveScanOverSubGroup(float x, GroupOp op);

    /**
     * {@link #inclusiveScanOverSubGroup(int, GroupOp)} over {@code double} values.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of lanes 0 to this one combined
     */
    @Lowered(As.SUB_GROUP)
    double inclusiveScanOverSubGroup(double x, GroupOp op);

    /**
     * The exclusive prefix of the sub-group's values in lane order (SYCL's {@code exclusive_scan_over_group} on a
     * sub-group): lane {@code i} gets the inclusive scan of lane {@code i - 1}, lane 0 the identity of {@code op}.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of the lanes before this one combined
     */
    @Lowered(As.SUB_GROUP)
    int exclusiveScanOverSubGroup(int x, GroupOp op);

    /**
     * {@link #exclusiveScanOverSubGroup(int, GroupOp)} over {@code long} values.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of the lanes before this one combined
     */
    @Lowered(As.SUB_GROUP)
    long exclusiveScanOverSubGroup(long x, GroupOp op);

    /**
     * {@link #exclusiveScanOverSubGroup(int, GroupOp)} over {@code float} values.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of the lanes before this one combined
     */
    @Lowered(As.SUB_GROUP)
    float exclusiveScanOverSubGroup(float x, GroupOp op);

    /**
     * {@link #exclusiveScanOverSubGroup(int, GroupOp)} over {@code double} values.
     *
     * @param x this work-item's value
     * @param op the operation; in a kernel, a {@code GroupOp} constant
     * @return the values of the lanes before this one combined
     */
    @Lowered(As.SUB_GROUP)
    double exclusiveScanOverSubGroup(double x, GroupOp op);

    /**
     * The {@code x} of one lane, given to the whole sub-group (SYCL's {@code group_broadcast} on a sub-group). Every
     * work-item of the sub-group must pass the same {@code lane}, one of its sub-group's (the host device throws
     * {@link IndexOutOfBoundsException} otherwise).
     *
     * @param x this work-item's value
     * @param lane the lane whose value every work-item gets, 0 to {@code subGroupSize() - 1}
     * @return that lane's {@code x}
     */
    @Lowered(As.SUB_GROUP)
    int subGroupBroadcast(int x, int lane);

    /**
     * {@link #subGroupBroadcast(int, int)} over {@code long} values.
     *
     * @param x this work-item's value
     * @param lane the lane whose value every work-item gets, 0 to {@code subGroupSize() - 1}
     * @return that lane's {@code x}
     */
    @Lowered(As.SUB_GROUP)
    long subGroupBroadcast(long x, int lane);

    /**
     * {@link #subGroupBroadcast(int, int)} over {@code float} values.
     *
     * @param x this work-item's value
     * @param lane the lane whose value every work-item gets, 0 to {@code subGroupSize() - 1}
     * @return that lane's {@code x}
     */
    @Lowered(As.SUB_GROUP)
    float subGroupBroadcast(float x, int lane);

    /**
     * {@link #subGroupBroadcast(int, int)} over {@code double} values.
     *
     * @param x this work-item's value
     * @param lane the lane whose value every work-item gets, 0 to {@code subGroupSize() - 1}
     * @return that lane's {@code x}
     */
    @Lowered(As.SUB_GROUP)
    double subGroupBroadcast(double x, int lane);

    /**
     * Another lane's value: lane {@code srcLane}'s {@code x} (SYCL's {@code select_from_group}), or this
     * work-item's own {@code x} where that lane is outside the sub-group.
     *
     * @param x this work-item's value, which the others may read
     * @param srcLane the lane to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    int shuffle(int x, int srcLane);

    /**
     * {@link #shuffle(int, int)} over {@code long} values.
     *
     * @param x this work-item's value, which the others may read
     * @param srcLane the lane to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    long shuffle(long x, int srcLane);

    /**
     * {@link #shuffle(int, int)} over {@code float} values.
     *
     * @param x this work-item's value, which the others may read
     * @param srcLane the lane to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    float shuffle(float x, int srcLane);

    /**
     * {@link #shuffle(int, int)} over {@code double} values.
     *
     * @param x this work-item's value, which the others may read
     * @param srcLane the lane to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    double shuffle(double x, int srcLane);

    /**
     * Another lane's value: lane {@code subGroupLocalId() ^ mask}'s {@code x} (SYCL's
     * {@code permute_group_by_xor}), or this work-item's own {@code x} where that lane is outside the sub-group.
     *
     * @param x this work-item's value, which the others may read
     * @param mask the bits to flip in this work-item's lane; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    int shuffleXor(int x, int mask);

    /**
     * {@link #shuffleXor(int, int)} over {@code long} values.
     *
     * @param x this work-item's value, which the others may read
     * @param mask the bits to flip in this work-item's lane; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    long shuffleXor(long x, int mask);

    /**
     * {@link #shuffleXor(int, int)} over {@code float} values.
     *
     * @param x this work-item's value, which the others may read
     * @param mask the bits to flip in this work-item's lane; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    float shuffleXor(float x, int mask);

    /**
     * {@link #shuffleXor(int, int)} over {@code double} values.
     *
     * @param x this work-item's value, which the others may read
     * @param mask the bits to flip in this work-item's lane; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    double shuffleXor(double x, int mask);

    /**
     * Another lane's value: lane {@code subGroupLocalId() + delta}'s {@code x} (SYCL's
     * {@code shift_group_left}), or this work-item's own {@code x} where that lane is outside the sub-group.
     *
     * @param x this work-item's value, which the others may read
     * @param delta how many lanes further to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    int shuffleDown(int x, int delta);

    /**
     * {@link #shuffleDown(int, int)} over {@code long} values.
     *
     * @param x this work-item's value, which the others may read
     * @param delta how many lanes further to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    long shuffleDown(long x, int delta);

    /**
     * {@link #shuffleDown(int, int)} over {@code float} values.
     *
     * @param x this work-item's value, which the others may read
     * @param delta how many lanes further to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    float shuffleDown(float x, int delta);

    /**
     * {@link #shuffleDown(int, int)} over {@code double} values.
     *
     * @param x this work-item's value, which the others may read
     * @param delta how many lanes further to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    double shuffleDown(double x, int delta);

    /**
     * Another lane's value: lane {@code subGroupLocalId() - delta}'s {@code x} (SYCL's
     * {@code shift_group_right}), or this work-item's own {@code x} where that lane is outside the sub-group.
     *
     * @param x this work-item's value, which the others may read
     * @param delta how many lanes back to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    int shuffleUp(int x, int delta);

    /**
     * {@link #shuffleUp(int, int)} over {@code long} values.
     *
     * @param x this work-item's value, which the others may read
     * @param delta how many lanes back to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    long shuffleUp(long x, int delta);

    /**
     * {@link #shuffleUp(int, int)} over {@code float} values.
     *
     * @param x this work-item's value, which the others may read
     * @param delta how many lanes back to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    float shuffleUp(float x, int delta);

    /**
     * {@link #shuffleUp(int, int)} over {@code double} values.
     *
     * @param x this work-item's value, which the others may read
     * @param delta how many lanes back to read; each work-item may pass its own
     * @return the source lane's {@code x}, or this work-item's
     */
    @Lowered(As.SUB_GROUP)
    double shuffleUp(double x, int delta);

    /**
     * Whether {@code predicate} holds for at least one work-item of the sub-group (SYCL's
     * {@code any_of_group} on a sub-group).
     *
     * @param predicate this work-item's value
     * @return whether it holds for at least one work-item of the sub-group, the same for the whole sub-group
     */
    @Lowered(As.SUB_GROUP)
    boolean anyOfSubGroup(boolean predicate);

    /**
     * Whether {@code predicate} holds for every work-item of the sub-group (SYCL's
     * {@code all_of_group} on a sub-group).
     *
     * @param predicate this work-item's value
     * @return whether it holds for every work-item of the sub-group, the same for the whole sub-group
     */
    @Lowered(As.SUB_GROUP)
    boolean allOfSubGroup(boolean predicate);

    /**
     * Whether {@code predicate} holds for no work-item of the sub-group (SYCL's
     * {@code none_of_group} on a sub-group).
     *
     * @param predicate this work-item's value
     * @return whether it holds for no work-item of the sub-group, the same for the whole sub-group
     */
    @Lowered(As.SUB_GROUP)
    boolean noneOfSubGroup(boolean predicate);

    /**
     * Which work-items of the sub-group have {@code predicate} (SYCL's {@code group_ballot} on a sub-group, CUDA's
     * {@code __ballot_sync}): bit {@code i} is set where lane {@code i}'s predicate holds; the bits of lanes a partial
     * sub-group lacks are clear. With {@link Integer#bitCount} and the lanes below one's own it ranks a work-item
     * among those of the same kind, as a multi-way split or a stream compaction within a sub-group does. On NVIDIA
     * it is one warp vote.
     *
     * @param predicate this work-item's value
     * @return the sub-group's votes, one bit per lane, the same for the whole sub-group
     */
    @Lowered(As.SUB_GROUP)
    int subGroupBallot(boolean predicate);
}
