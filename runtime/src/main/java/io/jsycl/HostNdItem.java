package io.jsycl;

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
}
