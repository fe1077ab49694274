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

    int subGroupLocalId();

    int subGroupId();

    int subGroupSize();

    int subGroupMaxSize();

    int subGroupCount();

    int reduceOverSubGroup(int x, GroupOp op);

    long reduceOverSubGroup(long x, GroupOp op);

    float reduceOverSubGroup(float x, GroupOp op);

    double reduceOverSubGroup(double x, GroupOp op);

    int inclusiveScanOverSubGroup(int x, GroupOp op);

    long inclusiveScanOverSubGroup(long x, GroupOp op);

    float inclusiveScanOverSubGroup(float x, GroupOp op);

    double inclusiveScanOverSubGroup(double x, GroupOp op);

    int exclusiveScanOverSubGroup(int x, GroupOp op);

    long exclusiveScanOverSubGroup(long x, GroupOp op);

    float exclusiveScanOverSubGroup(float x, GroupOp op);

    double exclusiveScanOverSubGroup(double x, GroupOp op);

    int subGroupBroadcast(int x, int lane);

    long subGroupBroadcast(long x, int lane);

    float subGroupBroadcast(float x, int lane);

    double subGroupBroadcast(double x, int lane);

    int shuffle(int x, int srcLane);

    long shuffle(long x, int srcLane);

    float shuffle(float x, int srcLane);

    double shuffle(double x, int srcLane);

    int shuffleXor(int x, int mask);

    long shuffleXor(long x, int mask);

    float shuffleXor(float x, int mask);

    double shuffleXor(double x, int mask);

    int shuffleDown(int x, int delta);

    long shuffleDown(long x, int delta);

    float shuffleDown(float x, int delta);

    double shuffleDown(double x, int delta);

    int shuffleUp(int x, int delta);

    long shuffleUp(long x, int delta);

    float shuffleUp(float x, int delta);

    double shuffleUp(double x, int delta);

    boolean anyOfSubGroup(boolean predicate);

    boolean allOfSubGroup(boolean predicate);

    boolean noneOfSubGroup(boolean predicate);
}
