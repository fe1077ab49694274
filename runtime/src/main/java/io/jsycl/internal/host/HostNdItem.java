package io.jsycl.internal.host;

import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.NdItem;

/** The host device's {@link NdItem}: ids from the work-group's shape, algorithms through its {@link HostGroup}. */
final class HostNdItem implements NdItem {
    private final int dims;
    private final int[] g;
    private final int[] l;
    private final int[] groups;
    private final int[] groupId;
    private final int[] localId;
    private final HostGroup group;

    HostNdItem(int dims, int[] g, int[] l, int[] groups, int[] groupId, int localLinear, HostGroup group) {
        this.dims = dims;
        this.g = g;
        this.l = l;
        this.groups = groups;
        this.groupId = groupId;
        this.localId = new int[] {localLinear / (l[1] * l[2]), localLinear / l[2] % l[1], localLinear % l[2]};
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

    private int item() {
        return (int) localLinearId();
    }

    @Override
    public int reduceOverGroup(int x, GroupOp op) {
        return (int) group.integral(HostGroup.Algorithm.REDUCE, item(), x, op, false);
    }

    @Override
    public long reduceOverGroup(long x, GroupOp op) {
        return group.integral(HostGroup.Algorithm.REDUCE, item(), x, op, true);
    }

    @Override
    public float reduceOverGroup(float x, GroupOp op) {
        return (float) group.floating(HostGroup.Algorithm.REDUCE, item(), x, op, false);
    }

    @Override
    public double reduceOverGroup(double x, GroupOp op) {
        return group.floating(HostGroup.Algorithm.REDUCE, item(), x, op, true);
    }

    @Override
    public int inclusiveScanOverGroup(int x, GroupOp op) {
        return (int) group.integral(HostGroup.Algorithm.INCLUSIVE_SCAN, item(), x, op, false);
    }

    @Override
    public long inclusiveScanOverGroup(long x, GroupOp op) {
        return group.integral(HostGroup.Algorithm.INCLUSIVE_SCAN, item(), x, op, true);
    }

    @Override
    public float inclusiveScanOverGroup(float x, GroupOp op) {
        return (float) group.floating(HostGroup.Algorithm.INCLUSIVE_SCAN, item(), x, op, false);
    }

    @Override
    public double inclusiveScanOverGroup(double x, GroupOp op) {
        return group.floating(HostGroup.Algorithm.INCLUSIVE_SCAN, item(), x, op, true);
    }

    @Override
    public int exclusiveScanOverGroup(int x, GroupOp op) {
        return (int) group.integral(HostGroup.Algorithm.EXCLUSIVE_SCAN, item(), x, op, false);
    }

    @Override
    public long exclusiveScanOverGroup(long x, GroupOp op) {
        return group.integral(HostGroup.Algorithm.EXCLUSIVE_SCAN, item(), x, op, true);
    }

    @Override
    public float exclusiveScanOverGroup(float x, GroupOp op) {
        return (float) group.floating(HostGroup.Algorithm.EXCLUSIVE_SCAN, item(), x, op, false);
    }

    @Override
    public double exclusiveScanOverGroup(double x, GroupOp op) {
        return group.floating(HostGroup.Algorithm.EXCLUSIVE_SCAN, item(), x, op, true);
    }

    @Override
    public int groupBroadcast(int x, int from) {
        return (int) group.broadcast(item(), x, from);
    }

    @Override
    public long groupBroadcast(long x, int from) {
        return group.broadcast(item(), x, from);
    }

    @Override
    public float groupBroadcast(float x, int from) {
        return (float) Double.longBitsToDouble(group.broadcast(item(), Double.doubleToRawLongBits(x), from));
    }

    @Override
    public double groupBroadcast(double x, int from) {
        return Double.longBitsToDouble(group.broadcast(item(), Double.doubleToRawLongBits(x), from));
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

    private int lane() {
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
        return group.subGroups.sizeOf(item());
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
    public int reduceOverSubGroup(int x, GroupOp op) {
        return (int) group.subGroups.integral(HostSubGroups.Algorithm.REDUCE, item(), x, op, false);
    }

    @Override
    public long reduceOverSubGroup(long x, GroupOp op) {
        return group.subGroups.integral(HostSubGroups.Algorithm.REDUCE, item(), x, op, true);
    }

    @Override
    public float reduceOverSubGroup(float x, GroupOp op) {
        return (float) group.subGroups.floating(HostSubGroups.Algorithm.REDUCE, item(), x, op, false);
    }

    @Override
    public double reduceOverSubGroup(double x, GroupOp op) {
        return group.subGroups.floating(HostSubGroups.Algorithm.REDUCE, item(), x, op, true);
    }

    @Override
    public int inclusiveScanOverSubGroup(int x, GroupOp op) {
        return (int) group.subGroups.integral(HostSubGroups.Algorithm.INCLUSIVE_SCAN, item(), x, op, false);
    }

    @Override
    public long inclusiveScanOverSubGroup(long x, GroupOp op) {
        return group.subGroups.integral(HostSubGroups.Algorithm.INCLUSIVE_SCAN, item(), x, op, true);
    }

    @Override
    public float inclusiveScanOverSubGroup(float x, GroupOp op) {
        return (float) group.subGroups.floating(HostSubGroups.Algorithm.INCLUSIVE_SCAN, item(), x, op, false);
    }

    @Override
    public double inclusiveScanOverSubGroup(double x, GroupOp op) {
        return group.subGroups.floating(HostSubGroups.Algorithm.INCLUSIVE_SCAN, item(), x, op, true);
    }

    @Override
    public int exclusiveScanOverSubGroup(int x, GroupOp op) {
        return (int) group.subGroups.integral(HostSubGroups.Algorithm.EXCLUSIVE_SCAN, item(), x, op, false);
    }

    @Override
    public long exclusiveScanOverSubGroup(long x, GroupOp op) {
        return group.subGroups.integral(HostSubGroups.Algorithm.EXCLUSIVE_SCAN, item(), x, op, true);
    }

    @Override
    public float exclusiveScanOverSubGroup(float x, GroupOp op) {
        return (float) group.subGroups.floating(HostSubGroups.Algorithm.EXCLUSIVE_SCAN, item(), x, op, false);
    }

    @Override
    public double exclusiveScanOverSubGroup(double x, GroupOp op) {
        return group.subGroups.floating(HostSubGroups.Algorithm.EXCLUSIVE_SCAN, item(), x, op, true);
    }

    @Override
    public int subGroupBroadcast(int x, int lane) {
        return (int) group.subGroups.broadcast(item(), x, lane);
    }

    @Override
    public long subGroupBroadcast(long x, int lane) {
        return group.subGroups.broadcast(item(), x, lane);
    }

    @Override
    public float subGroupBroadcast(float x, int lane) {
        return Float.intBitsToFloat((int) group.subGroups.broadcast(item(), Float.floatToRawIntBits(x), lane));
    }

    @Override
    public double subGroupBroadcast(double x, int lane) {
        return Double.longBitsToDouble(group.subGroups.broadcast(item(), Double.doubleToRawLongBits(x), lane));
    }

    @Override
    public int shuffle(int x, int srcLane) {
        return (int) group.subGroups.select(item(), x, srcLane);
    }

    @Override
    public long shuffle(long x, int srcLane) {
        return group.subGroups.select(item(), x, srcLane);
    }

    @Override
    public float shuffle(float x, int srcLane) {
        return Float.intBitsToFloat((int) group.subGroups.select(item(), Float.floatToRawIntBits(x), srcLane));
    }

    @Override
    public double shuffle(double x, int srcLane) {
        return Double.longBitsToDouble(group.subGroups.select(item(), Double.doubleToRawLongBits(x), srcLane));
    }

    @Override
    public int shuffleXor(int x, int mask) {
        return (int) group.subGroups.select(item(), x, lane() ^ mask);
    }

    @Override
    public long shuffleXor(long x, int mask) {
        return group.subGroups.select(item(), x, lane() ^ mask);
    }

    @Override
    public float shuffleXor(float x, int mask) {
        return Float.intBitsToFloat((int) group.subGroups.select(item(), Float.floatToRawIntBits(x), lane() ^ mask));
    }

    @Override
    public double shuffleXor(double x, int mask) {
        return Double.longBitsToDouble(group.subGroups.select(item(), Double.doubleToRawLongBits(x), lane() ^ mask));
    }

    @Override
    public int shuffleDown(int x, int delta) {
        return (int) group.subGroups.select(item(), x, lane() + delta);
    }

    @Override
    public long shuffleDown(long x, int delta) {
        return group.subGroups.select(item(), x, lane() + delta);
    }

    @Override
    public float shuffleDown(float x, int delta) {
        return Float.intBitsToFloat((int) group.subGroups.select(item(), Float.floatToRawIntBits(x), lane() + delta));
    }

    @Override
    public double shuffleDown(double x, int delta) {
        return Double.longBitsToDouble(group.subGroups.select(item(), Double.doubleToRawLongBits(x), lane() + delta));
    }

    @Override
    public int shuffleUp(int x, int delta) {
        return (int) group.subGroups.select(item(), x, lane() - delta);
    }

    @Override
    public long shuffleUp(long x, int delta) {
        return group.subGroups.select(item(), x, lane() - delta);
    }

    @Override
    public float shuffleUp(float x, int delta) {
        return Float.intBitsToFloat((int) group.subGroups.select(item(), Float.floatToRawIntBits(x), lane() - delta));
    }

    @Override
    public double shuffleUp(double x, int delta) {
        return Double.longBitsToDouble(group.subGroups.select(item(), Double.doubleToRawLongBits(x), lane() - delta));
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
}
