package io.jsycl;

/** Test double of the runtime's {@code NdItem}. */
public interface NdItem {
    int globalId(int dimension);

    int localId(int dimension);

    int groupId(int dimension);

    int globalRange(int dimension);

    int localRange(int dimension);

    int groupRange(int dimension);

    long globalLinearId();

    long localLinearId();

    void barrier();

    void barrier(Fence fence);

    int reduceOverGroup(int x, GroupOp op);

    long reduceOverGroup(long x, GroupOp op);

    float reduceOverGroup(float x, GroupOp op);

    double reduceOverGroup(double x, GroupOp op);

    int inclusiveScanOverGroup(int x, GroupOp op);

    long inclusiveScanOverGroup(long x, GroupOp op);

    float inclusiveScanOverGroup(float x, GroupOp op);

    double inclusiveScanOverGroup(double x, GroupOp op);

    int exclusiveScanOverGroup(int x, GroupOp op);

    long exclusiveScanOverGroup(long x, GroupOp op);

    float exclusiveScanOverGroup(float x, GroupOp op);

    double exclusiveScanOverGroup(double x, GroupOp op);

    int groupBroadcast(int x, int from);

    long groupBroadcast(long x, int from);

    float groupBroadcast(float x, int from);

    double groupBroadcast(double x, int from);

    boolean anyOfGroup(boolean predicate);

    boolean allOfGroup(boolean predicate);

    boolean noneOfGroup(boolean predicate);
}
