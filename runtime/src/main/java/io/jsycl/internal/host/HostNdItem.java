package io.jsycl.internal.host;

import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.NdItem;

/**
 * The host device's {@link NdItem}: ids from the work-group's shape, algorithms through its {@link HostGroup} (the
 * per-type ones in the generated {@link HostGroupFunctions}).
 */
final class HostNdItem extends HostGroupFunctions implements HostRanges.NdCursor {
    private final int dims;
    private final int[] g;
    private final int[] l;
    private final int[] groups;
    private int[] groupId;
    private final int[] localId;
    private HostGroup group;

    HostNdItem(int dims, int[] g, int[] l, int[] groups, int[] groupId, int localLinear, HostGroup group) {
        this.dims = dims;
        this.g = g;
        this.l = l;
        this.groups = groups;
        this.groupId = groupId;
        this.localId = new int[3];
        moveTo(localLinear);
        this.group = group;
    }

    /**
     * Makes this the work-item at {@code localLinear} of its group: a kernel without barriers runs a group's
     * work-items one after another on one item object, moved from item to item (as the {@code Range} path does).
     */
    void moveTo(int localLinear) {
        localId[0] = localLinear / (l[1] * l[2]);
        localId[1] = localLinear / l[2] % l[1];
        localId[2] = localLinear % l[2];
    }

    /** Makes this the work-item at local id ({@code l0}, {@code l1}, {@code l2}) of its group, SYCL order. */
    @Override
    public void moveTo(int l0, int l1, int l2) {
        localId[0] = l0;
        localId[1] = l1;
        localId[2] = l2;
    }

    /** Makes this a work-item of group {@code groupId}, whose work-group is {@code group}. */
    void moveToGroup(int[] groupId, HostGroup group) {
        this.groupId = groupId;
        this.group = group;
    }

    private int check(int d) {
        if (d < 0 || d >= dims) {
            throw new IndexOutOfBoundsException("dimension " + d + " of a " + dims + "-D nd-item");
        }
        return d;
    }

    /** The work-item's global id in dimensions 0 to 2, 0 beyond its own. */
    int[] globalIds() {
        int[] ids = new int[3];
        for (int d = 0; d < dimensions(); d++) {
            ids[d] = globalId(d);
        }
        return ids;
    }

    @Override
    public int globalId(int d) {
        return groupId[check(d)] * l[d] + localId[d];
    }

    @Override
    public int localId(int d) {
        return localId[check(d)];
    }

    @Override
    public int groupId(int d) {
        return groupId[check(d)];
    }

    @Override
    public int globalRange(int d) {
        return g[check(d)];
    }

    @Override
    public int localRange(int d) {
        return l[check(d)];
    }

    @Override
    public int groupRange(int d) {
        return groups[check(d)];
    }

    @Override
    public long globalLinearId() {
        long id = 0;
        for (int d = 0; d < dims; d++) {
            id = id * g[d] + globalId(d);
        }
        return id;
    }

    @Override
    public long localLinearId() {
        long id = 0;
        for (int d = 0; d < dims; d++) {
            id = id * l[d] + localId[d];
        }
        return id;
    }

    @Override
    public int dimensions() {
        return dims;
    }

    @Override
    public void barrier() {
        group.barrier();
    }

    @Override
    public void barrier(Fence fence) {
        group.barrier();
    }

    @Override
    HostGroup group() {
        return group;
    }

    @Override
    int item() {
        return (int) localLinearId();
    }

    @Override
    public boolean anyOfGroup(boolean predicate) {
        return group.integral(HostGroup.Algorithm.REDUCE, item(), predicate ? 1 : 0, GroupOp.OR, false) != 0;
    }

    @Override
    public boolean allOfGroup(boolean predicate) {
        return group.integral(HostGroup.Algorithm.REDUCE, item(), predicate ? 1 : 0, GroupOp.AND, false) != 0;
    }

    @Override
    public boolean noneOfGroup(boolean predicate) {
        return !anyOfGroup(predicate);
    }

    @Override
    int lane() {
        return item() & (HostSubGroups.SIZE - 1);
    }

    @Override
    public int subGroupLocalId() {
        return lane();
    }

    @Override
    public int subGroupId() {
        return item() / HostSubGroups.SIZE;
    }

    @Override
    public int subGroupSize() {
        // From the group's size, not its sub-group state: a group run in phases has none.
        return Math.min(HostSubGroups.SIZE, l[0] * l[1] * l[2] - (item() & -HostSubGroups.SIZE));
    }

    @Override
    public int subGroupMaxSize() {
        return HostSubGroups.SIZE;
    }

    @Override
    public int subGroupCount() {
        return (l[0] * l[1] * l[2] + HostSubGroups.SIZE - 1) / HostSubGroups.SIZE;
    }

    @Override
    public boolean subGroupsAreWarps() {
        return false; // the host device's sub-group operations wait for the whole work-group
    }

    @Override
    public boolean anyOfSubGroup(boolean predicate) {
        return reduceOverSubGroup(predicate ? 1 : 0, GroupOp.OR) != 0;
    }

    @Override
    public boolean allOfSubGroup(boolean predicate) {
        return reduceOverSubGroup(predicate ? 1 : 0, GroupOp.AND) != 0;
    }

    @Override
    public boolean noneOfSubGroup(boolean predicate) {
        return !anyOfSubGroup(predicate);
    }

    @Override
    public int subGroupBallot(boolean predicate) {
        return reduceOverSubGroup(predicate ? 1 << lane() : 0, GroupOp.OR);
    }
}
